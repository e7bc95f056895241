"""archex for Python: the engine of the interactive architecture explorer, its presets and papers.

    import archex
    archex.presets()                      # every experiment, with its machine and paper
    archex.describe("custom-network")     # its parameters, ranges, outputs and targets
    r = archex.run("custom-network", injection_rate=0.2, seed=3)
    r.scalars, r.series(), r.reference    # results with units, curves as pandas, the paper's
    r.figure(width="3.5in", font_size="8pt")
    archex.sweep("custom-network", {"injection_rate": [0.1, 0.2], "vcs": [1, 2]}, seeds=range(4))

docs/python.md is the guide."""

from ._host import ArchexError, ParamError
from .api import describe, presets, run, validate
from .result import Figure, Result, Scalar, Validation
from .sweep import sweep

__all__ = [
    "ArchexError",
    "Figure",
    "ParamError",
    "Result",
    "Scalar",
    "Validation",
    "describe",
    "presets",
    "run",
    "sweep",
    "validate",
]
