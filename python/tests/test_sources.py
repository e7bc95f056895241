import json

import pytest

from archex import _engine


def test_sources_is_the_hash_the_wasm_build_computes(sources_hash):
    assert _engine.sources() == sources_hash


def test_sources_is_the_wasm_builds_when_built_from_these_sources(root, sources_hash):
    built = json.loads((root / "wasm/build/archex.build.json").read_text())["sources"]
    if built != sources_hash:
        pytest.skip("wasm/build was built from other sources: `npm run build:wasm` rebuilds it")
    assert _engine.sources() == built
