"""docs/python.ipynb: kept in the repository without outputs, and run whole, as a reader would run
it, on the installed wheel in a kernel of this environment's Python, from a folder of its own."""

import json
import re
import sys
from pathlib import Path

import nbformat
import numpy as np
import pandas as pd
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbformat.v4 import new_code_cell

import archex
from conftest import ROOT

NOTEBOOK = ROOT / "docs/python.ipynb"

#: What the notebook prints of each configuration's saturation.
SATURATION = re.compile(
    r"saturation throughput, (\d+) VCs: ([0-9.]+) flits/node/cycle "
    r"\(mean latency past 3 x ([0-9.]+) cycles\)"
)


def test_the_notebook_is_kept_without_outputs():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(notebook)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert code
    # Outputs and counts are stripped before a commit (nbstripout, or nbformat in a few lines).
    assert [c.id for c in code if c.outputs or c.execution_count is not None] == []
    # Nor does a session leave its traces: widget state, cells' collapsed or scrolled flags.
    assert set(notebook.metadata) <= {"kernelspec", "language_info"}
    assert [c.id for c in notebook.cells if c.metadata] == []
    assert notebook.metadata.kernelspec.name == "python3"


@pytest.fixture(scope="module")
def executed(tmp_path_factory) -> dict:
    """The notebook's cells by id, run in a fresh folder, with a cell before them saying which
    Python, which archex and which folder the kernel ran, and one after giving the sweep's rows."""
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    notebook.cells.insert(0, new_code_cell(
        "import os, sys, archex\nprint(sys.executable)\nprint(archex.__file__)\nprint(os.getcwd())",
        id="which",
    ))
    notebook.cells.append(new_code_cell(
        'print(runs[["vcs", "injection_rate", "seed", "latency_mean_cycles"]]'
        '.to_json(orient="records"))',
        id="rows",
    ))
    # The notebook's kernel, python3, as this environment's Python: a kernel spec of the same
    # name found first, so one the user or the system has elsewhere is not taken instead.
    kernels = tmp_path_factory.mktemp("kernels")
    (kernels / "python3").mkdir()
    (kernels / "python3/kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (the test's environment)",
        "language": "python",
    }))
    manager = KernelManager(
        kernel_name="python3", kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)])
    )
    work = tmp_path_factory.mktemp("notebook")
    # Any cell that raises stops here with CellExecutionError, its traceback in the message.
    NotebookClient(notebook, km=manager, timeout=600,
                   resources={"metadata": {"path": str(work)}}).execute()
    return {"cells": notebook.cells, "work": work}


def cell(executed: dict, snippet: str):
    """The one code cell whose source holds `snippet` (not found by id: nbstripout renumbers)."""
    [found] = [c for c in executed["cells"] if c.cell_type == "code" and snippet in c.source]
    return found


def text(cell) -> str:
    return "".join(o.text for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")


def test_it_runs_the_installed_wheel_in_this_python_from_a_folder_of_its_own(executed):
    python, package, folder = text(executed["cells"][0]).split("\n")[:3]
    assert python == sys.executable
    assert package == archex.__file__
    assert not Path(package).resolve().is_relative_to(ROOT)
    assert Path(folder).resolve() == executed["work"].resolve()


def test_no_cell_raises_or_warns(executed):
    outputs = [o for c in executed["cells"] for o in c.get("outputs", [])]
    assert [o for o in outputs if o.output_type == "error"] == []
    # A warning a reader would see in the notebook (a deprecation, a runtime warning).
    assert [o.text for o in outputs if o.output_type == "stream" and o.name == "stderr"] == []


def test_the_figures_are_drawn(executed):
    plots = [c for c in executed["cells"] if "plt.show()" in c.get("source", "")]
    assert len(plots) >= 2
    for plot in plots:
        assert any("image/png" in o.get("data", {}) for o in plot.outputs), plot.source
    # The explorer's own SVG, 3.5 inches wide.
    [svg] = [o.data["image/svg+xml"] for o in cell(executed, ".figure(").outputs if "data" in o]
    assert svg.lstrip().startswith("<?xml") and 'width="252pt"' in svg


def test_the_paper_targets_are_shown_and_pass(executed):
    shown = cell(executed, ".reference")
    said = re.search(r"(\d+) of (\d+) targets pass", text(shown))
    assert said and said[1] == said[2] and int(said[2]) > 1
    assert "<table" in shown.outputs[-1].data["text/html"]


def test_the_saturation_printed_is_the_sweeps(executed):
    """Each saturation printed is where the sweep's own mean latency passes 3 times its value at
    the lightest load, recomputed here from the rows the sweep gave."""
    printed = {int(v): (float(s), float(z))
               for v, s, z in SATURATION.findall(text(cell(executed, "def crossing")))}
    assert sorted(printed) == [2, 4]
    rows = pd.DataFrame(json.loads(text(executed["cells"][-1])))
    for vcs, (saturation, zero_load) in printed.items():
        curve = rows[rows["vcs"] == vcs].groupby("injection_rate")["latency_mean_cycles"].mean()
        loads, latency = curve.index.to_numpy(), curve.to_numpy()
        assert zero_load == pytest.approx(latency[0], abs=0.05)
        level = 3 * latency[0]
        above = np.flatnonzero(latency > level)
        assert len(above) and above[0] > 0, f"{vcs} VCs: no crossing inside the grid"
        i = above[0]
        expected = np.interp(level, latency[i - 1 : i + 1], loads[i - 1 : i + 1])
        assert saturation == pytest.approx(expected, abs=5e-4)
        # Within the grid, and under the capacity of a channel a cycle.
        assert loads[0] < saturation < loads[-1] < 1
    # More virtual channels sustain more load under uniform traffic.
    assert printed[4][0] > printed[2][0]
