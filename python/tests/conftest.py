"""What the tests compare the module with: the native runner and the wasm module of the same
engine, and the repository they were built from."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The runner `npm test` builds first (sanitized, as wasm/bindings.test.ts compares with), then a
# plain build; ARCHEX_RUN names another.
RUNNERS = [ROOT / "engine/build-sanitize/archex_run", ROOT / "engine/build/archex_run"]


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def native():
    """archex_run with these arguments: its exit code, output and errors."""
    given = os.environ.get("ARCHEX_RUN")
    found = [Path(given)] if given else [r for r in RUNNERS if r.exists()]
    if not found or not found[0].exists():
        pytest.fail("no native runner: `npm run build:native` builds one, ARCHEX_RUN names one")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([found[0], *args], capture_output=True, text=True, timeout=600)

    return run


def node(script: str) -> str:
    """What a Node script, run at the repository's root, prints."""
    out = subprocess.run(
        ["npx", "tsx", "-e", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return out.stdout


@pytest.fixture(scope="session")
def wasm_models() -> list[dict]:
    """The wasm module's listModels(), as JSON.stringify writes it."""
    return json.loads(
        node(
            "import { loadNodeModule } from './app/engine/node_module.ts';"
            "loadNodeModule().then((m) => process.stdout.write(JSON.stringify(m.listModels())));"
        )
    )


@pytest.fixture(scope="session")
def sources_hash() -> str:
    """The hash wasm/built.mjs computes of the sources here, as the wasm build records it."""
    return node("import('./wasm/built.mjs').then((m) => process.stdout.write(m.sourcesHash('.')));")


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="also run the tests marked slow")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes minutes; run with --slow")


def pytest_collection_modifyitems(config, items):
    """`--slow` runs the tests marked slow too (every preset whose runs take long natively)."""
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="slow: run with --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
