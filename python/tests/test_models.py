import json

from archex import _engine


def test_models_are_the_wasm_modules_list(wasm_models):
    assert json.loads(_engine.models()) == wasm_models


def test_models_keep_the_wasm_modules_key_order(wasm_models):
    def keys(value):
        if isinstance(value, dict):
            return [(k, keys(v)) for k, v in value.items()]
        if isinstance(value, list):
            return [keys(v) for v in value]
        return None

    assert keys(json.loads(_engine.models())) == keys(wasm_models)


def test_models_describe_each_parameter_with_its_range():
    models = {m["name"]: m for m in json.loads(_engine.models())}
    pes = next(p for p in models["multipsi_perf"]["params"] if p["name"] == "pes")
    assert pes["unit"] == "PEs"
    assert pes["integer"] is True
    assert pes["min"] < pes["default"] <= pes["max"]
