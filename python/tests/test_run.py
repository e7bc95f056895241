import json
import pickle
import threading

import pytest

from archex import _engine

# Parameters that keep each model's run short (a fraction of a second natively); a model not
# named runs with its defaults. Both sides get the same, so they compare a run of every model.
SMALL = {
    "jmachine_loop": {
        "dims": [4, 4, 4],
        "message_words": [2, 8],
        "grain_cycles": [0, 100],
        "max_cycles": 2000,
    },
    "jmachine_terminal": {"dims": [4, 4, 4], "message_words": [1, 8], "window_cycles": 1000},
    "jmachine_programs": {
        "programs": [0, 1, 2, 3, 4],
        "nodes": [1, 4],
        "tsp_runs": 1,
        "tsp_cities": 6,
        "radix_keys": 1024,
        "lcs_a_chars": 64,
        "lcs_b_chars": 256,
        "queens_n": 6,
    },
    "paragon_app": {"processors": [8], "sizes": [110]},
    "paragon_bpram": {"processors": [8], "block_bytes": [0, 8192], "permutations": 1},
    "network_traffic": {"sweep_rates": [0.05, 0.2], "max_cycles": 5000},
    "multipsi_queens": {"queens": 6},
}
SEEDS = [1, 7]
MODELS = [m["name"] for m in json.loads(_engine.models())]


def native_args(params: dict) -> list[str]:
    """archex_run's name=value arguments: a list as comma-separated numbers."""

    def text(v):
        return ",".join(repr(x) for x in v) if isinstance(v, list) else repr(v)

    return [f"{name}={text(value)}" for name, value in params.items()]


def run_to_end(run: _engine.Run) -> str:
    while not run.step(50):
        pass
    return run.result_json()


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("model", MODELS)
def test_run_gives_archex_runs_json_bit_for_bit(native, model, seed):
    params = SMALL.get(model, {})
    expected = native(model, "--seed", str(seed), "--full", *native_args(params))
    assert expected.returncode == 0, expected.stderr
    assert run_to_end(_engine.Run(model, json.dumps(params), seed)) + "\n" == expected.stdout


def test_run_of_one_point_gives_archex_runs_json(native):
    params = SMALL["network_traffic"]
    expected = native("network_traffic", "--seed", "3", "--point", "1", "--full", *native_args(params))
    assert expected.returncode == 0, expected.stderr
    run = _engine.Run("network_traffic", json.dumps(params), 3, point=1)
    assert run_to_end(run) + "\n" == expected.stdout


def test_step_by_small_slices_gives_the_same_result(native):
    params = SMALL["jmachine_loop"]
    expected = native("jmachine_loop", "--full", *native_args(params))
    run = _engine.Run("jmachine_loop", json.dumps(params), 1)
    slices = 1
    while not run.step(0):
        slices += 1
    assert slices > 1
    assert run.result_json() + "\n" == expected.stdout


def test_progress_rises_to_one():
    run = _engine.Run("jmachine_loop", json.dumps(SMALL["jmachine_loop"]), 1)
    seen = [run.progress()]
    while not run.step(0):
        seen.append(run.progress())
    seen.append(run.progress())
    assert seen == sorted(seen)
    assert seen[0] < 1 and seen[-1] == 1


@pytest.mark.parametrize(
    ("model", "params", "param"),
    [
        ("multipsi_perf", {"pes": 3.5}, "pes"),
        ("multipsi_perf", {"pes": 100000}, "pes"),
        ("multipsi_perf", {"pes": [1, 2]}, "pes"),
        ("multipsi_perf", {"no_such_param": 1}, "no_such_param"),
        ("network_traffic", {"sweep_rates": [0.1, 7]}, "sweep_rates"),
    ],
)
def test_a_refused_parameter_raises_param_error_as_archex_run_words_it(
    native, model, params, param
):
    expected = native(model, *native_args(params))
    assert expected.returncode == 2
    with pytest.raises(_engine.ParamError) as refused:
        _engine.Run(model, json.dumps(params), 1)
    assert refused.value.param == param
    assert str(refused.value) + "\n" == expected.stderr
    assert isinstance(refused.value, ValueError)


def test_param_error_keeps_its_parameter_through_pickle():
    with pytest.raises(_engine.ParamError) as refused:
        _engine.Run("multipsi_perf", '{"pes": 0}', 1)
    copy = pickle.loads(pickle.dumps(refused.value))
    assert (type(copy), copy.param, str(copy)) == (
        _engine.ParamError,
        "pes",
        str(refused.value),
    )


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"pes": "8"}, "parameter 'pes' must be a number or an array of numbers"),
        ({"pes": True}, "parameter 'pes' must be a number or an array of numbers"),
        ({"pes": [1, None]}, "parameter 'pes' item 2 must be a number"),
    ],
)
def test_a_value_that_is_no_number_raises_param_error(params, message):
    with pytest.raises(_engine.ParamError, match=message) as refused:
        _engine.Run("multipsi_perf", json.dumps(params), 1)
    assert refused.value.param == "pes"


@pytest.mark.parametrize("seed", [-1, 2**53, 1.0, True])
def test_a_seed_that_is_no_whole_number_in_range_raises_param_error(seed):
    with pytest.raises(_engine.ParamError, match=r"parameter 'seed' = .* is not a whole number"):
        _engine.Run("multipsi_perf", "{}", seed)


def test_the_largest_seed_runs():
    run = _engine.Run("pie64_transfer", "{}", 2**53 - 1)
    assert run_to_end(run).startswith('{"params":')


def test_a_point_of_a_model_that_is_no_sweep_raises_param_error(native):
    expected = native("multipsi_perf", "--point", "0")
    with pytest.raises(_engine.ParamError) as refused:
        _engine.Run("multipsi_perf", "{}", 1, point=0)
    assert refused.value.param == "point"
    assert str(refused.value) + "\n" == expected.stderr


def test_an_unknown_model_raises_runtime_error_listing_the_models(native):
    expected = native("no_such_model")
    with pytest.raises(RuntimeError) as refused:
        _engine.Run("no_such_model", "{}", 1)
    assert str(refused.value) + "\n" == expected.stderr
    assert "multipsi_perf" in str(refused.value)


def test_params_that_are_no_json_object_raise():
    with pytest.raises(RuntimeError, match="params must be a JSON object"):
        _engine.Run("multipsi_perf", "[1]", 1)
    with pytest.raises(json.JSONDecodeError):
        _engine.Run("multipsi_perf", "{", 1)


def test_a_run_refuses_calls_while_it_steps_in_another_thread():
    run = _engine.Run("jmachine_loop", "{}", 1)
    stepping = threading.Thread(target=run.step, args=(1000,))
    stepping.start()
    try:
        # The step has the run until it returns; it holds no GIL, so this thread gets here.
        with pytest.raises(RuntimeError, match="stepping in another thread"):
            while stepping.is_alive():
                run.progress()
    finally:
        stepping.join()
    assert 0 < run.progress() < 1
