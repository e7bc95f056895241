"""Runs an engine run to its end in slices, so that Python stays responsive: a KeyboardInterrupt
lands between slices, a progress callback sees each slice, and a time limit is kept."""

import time
from collections.abc import Callable

from ._engine import Run

# Long enough that stepping costs nothing next to the work, short enough that Ctrl-C, a progress
# bar and a time limit are answered within a fraction of a second.
SLICE_MS = 50.0


def run_to_end(
    run: Run,
    progress: Callable[[float], object] | None = None,
    time_limit_s: float | None = None,
    started: float | None = None,
) -> None:
    """Steps `run` until it is complete, calling `progress(fraction)` after each slice; raises
    TimeoutError once more than `time_limit_s` seconds have passed since `started` (a
    time.monotonic(); by default, now)."""
    start = time.monotonic() if started is None else started
    while not run.step(SLICE_MS):
        if progress is not None:
            progress(run.progress())
        if time_limit_s is not None and time.monotonic() - start > time_limit_s:
            raise TimeoutError(f"the run took longer than its time limit of {time_limit_s:g} s")
    if progress is not None:
        progress(1.0)
