"""A stand-in for the native module `archex._engine` while it is built elsewhere: the engine's
models from the wasm build (`npx tsx`), runs from the native runner `archex_run --full`, which
prints what `Run.result_json()` is to give. A test double: never shipped."""

import json
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The native runner, built with
#: cmake -S engine -B /tmp/core-eb -G Ninja -DCMAKE_BUILD_TYPE=Release
#: cmake --build /tmp/core-eb --target archex_run
ARCHEX_RUN = Path(os.environ.get("ARCHEX_RUN", "/tmp/core-eb/archex_run"))



def models() -> str:
    """The engine's ModelInfo[] as JSON, as the wasm module's listModels gives them."""
    return subprocess.run(
        ["npx", "tsx", "python/tests/list_models.mts"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout


def build_json() -> str:
    """The engine build record every output's made_by carries (the wasm's, as the CLI reads it)."""
    return (ROOT / "wasm/build/archex.build.json").read_text()


def _setting(name, value) -> str:
    items = value if isinstance(value, list) else [value]
    # repr gives the shortest text that reads back as the same double.
    return f"{name}=" + ",".join(repr(v) for v in items)


def result_json(model: str, params: dict, seed: int) -> str:
    """One whole run's JSON (result_full_json), as Run(model, params, seed).result_json()."""
    args = [str(ARCHEX_RUN), model, "--seed", str(seed), "--full"]
    args += [_setting(name, value) for name, value in params.items()]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout
