import ast
import inspect
import json
import re
from importlib import metadata
from pathlib import Path

import archex
from archex import _engine


def test_version_is_package_jsons(root):
    version = json.loads((root / "package.json").read_text())["version"]
    assert metadata.version("archex") == version


def test_the_package_is_the_installed_wheel_not_the_checkout(root):
    assert not Path(archex.__file__).resolve().is_relative_to(root)


def test_the_stubs_declare_what_the_module_has():
    stubs = ast.parse((Path(_engine.__file__).parent / "_engine.pyi").read_text())
    declared = {
        node.name: {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        for node in stubs.body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef))
    }
    has = {
        name: {n for n, _ in inspect.getmembers(value) if not n.startswith("_") or n == "__init__"}
        for name, value in vars(_engine).items()
        if not name.startswith("_")
    }
    assert set(declared) == set(has)
    assert declared["Run"] == {"__init__", "step", "progress", "result_json"}
    assert declared["Run"] - {"__init__"} == has["Run"] - {"__init__"}


def test_the_wheel_carries_the_licences_of_what_it_ships():
    files = {Path(str(f)).name for f in metadata.files("archex") if "licenses" in str(f)}
    assert files == {"LICENSE", "THIRD_PARTY_LICENSES.md", "nanobind.txt", "robin_map.txt"}


def test_third_party_licenses_lists_each_licence_the_wheel_carries(root):
    text = (root / "THIRD_PARTY_LICENSES.md").read_text()
    section = text[text.index("## Python package") : text.index("## Packages")]
    # The table's rows name each licence's file in their second column.
    listed = set(re.findall(r"^\|[^|]*\|\s*`([^`]+)`\s*\|", section, re.MULTILINE))
    carried = {f.name for f in (root / "python/licenses").iterdir()}
    assert listed == carried
