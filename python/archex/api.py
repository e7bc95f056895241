"""archex's calls: the presets, what a preset or a model takes and gives, a run, a validation."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from typing import Any

from . import _engine
from ._host import ArchexError, ParamError, core
from ._stepping import run_to_end
from .result import Result, Validation

#: A progress report: the run's share done, 0 to 1; or True for a tqdm bar.
Progress = Callable[[float], None] | bool | None


def presets() -> list[dict[str, Any]]:
    """Every shipped preset: its id, title, model, machine and what it shows."""
    return core().json("presets")


def describe(target: str, **params: Any) -> dict[str, Any]:
    """A preset's or a model's parameters (units, ranges, choices, defaults, help), its outputs
    with their units and, for a preset, the paper's targets; `params` as a run would take them."""
    return core().json("describe", target, json.dumps(params))


def _setting(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(_setting(v) for v in value)
    return repr(value) if isinstance(value, float) else str(value)


def command(target: str, params: dict[str, Any], seed: int | None) -> list[str]:
    """The command line that makes the same run: what `made_by` says made a result."""
    argv = ["run", target]
    for name, value in params.items():
        argv += ["--set", f"{name}={_setting(value)}"]
    if seed is not None:
        argv += ["--set", f"seed={seed}"]
    return argv + ["--json"]


def _request(target: str, params: dict[str, Any], seed: int | None) -> dict[str, Any]:
    if not isinstance(target, str):
        raise ArchexError(f"a run names a preset or a model by its id, not {target!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ParamError(f"seed must be a whole number from 0 up (got {seed!r})", "seed")
    return {"preset": target, "params": params, **({} if seed is None else {"seed": seed})}


def _progress(progress: Progress, label: str) -> tuple[Callable[[float], None] | None, Any]:
    if progress is True:
        from tqdm.auto import tqdm

        bar = tqdm(total=1.0, desc=label, bar_format="{l_bar}{bar}| {elapsed}<{remaining}")

        def report(fraction: float) -> None:
            bar.n = fraction
            bar.refresh()

        return report, bar
    return (progress or None), None


def execute(planned: dict[str, Any], progress: Callable[[float], None] | None = None,
            time_limit: float | None = None, started: float | None = None) -> str:
    """One engine run the core planned, to its end: its result's JSON. `time_limit` counts from
    `started` (a time.monotonic()), so that it can hold for a whole request of several runs."""
    try:
        simulation = _engine.Run(
            planned["model"], json.dumps(planned["params"]), planned["seed"], planned.get("point")
        )
        run_to_end(simulation, progress, time_limit, started)
    except _engine.ParamError as error:
        raise ParamError(core().call("engineError", str(error), error.param), error.param) from None
    return simulation.result_json()


def run(target: str, *, seed: int | None = None, progress: Progress = None,
        time_limit: float | None = None, **params: Any) -> Result:
    """Runs a preset (or a model with its defaults) with `params` over its values.

    A parameter is given as the explorer shows it: a number, a list of numbers, a choice by its
    name (`topology="torus"`). `progress` is called with the share done (True: a tqdm bar);
    `time_limit` (seconds) stops a run that would take longer with TimeoutError; Ctrl-C stops it
    within a second. Bad input raises ParamError naming the parameter and its valid range."""
    request = _request(target, params, seed)
    if time_limit is not None and (isinstance(time_limit, bool) or
                                   not isinstance(time_limit, (int, float)) or time_limit <= 0):
        raise ParamError(f"time_limit must be a number of seconds above 0 (got {time_limit!r})",
                         "time_limit")
    planned = core().json("plan", json.dumps(request))
    report, bar = _progress(progress, target)
    started = time.monotonic()

    def share(i: int) -> Callable[[float], None] | None:
        # The request's share done, over all its engine runs.
        return None if report is None else lambda f: report((i + f) / len(planned))

    try:
        results = [execute(p, share(i), time_limit, started) for i, p in enumerate(planned)]
    finally:
        if bar is not None:
            bar.close()
    text = core().call("report", json.dumps(request), results,
                       json.dumps(command(target, params, seed)))
    return Result(text, request, results)


def validate(preset: str | None = None, *, one_seed: bool = False,
             progress: Progress = None) -> Validation:
    """Checks presets (one, or every one) against their papers' targets, as `archex validate`
    does: each stochastic target over its seeds unless `one_seed`."""
    options = json.dumps({**({} if preset is None else {"preset": preset}), "oneSeed": one_seed})
    planned = core().json("validationPlan", options)
    report, bar = _progress(progress, "validate")
    results: list[str] = []
    try:
        for i, p in enumerate(planned):
            results.append(execute(p))
            if report:
                report((i + 1) / len(planned))
    finally:
        if bar is not None:
            bar.close()
    argv = ["validate", *([] if preset is None else [preset]), *(["--one-seed"] if one_seed else []),
            "--json"]
    return Validation(core().call("validationReport", options, results, json.dumps(argv)))


def planned_runs(target: str, params: dict[str, Any], seed: int | None) -> Iterable[dict]:
    """The engine runs a request needs (for a sweep's workers)."""
    return core().json("plan", json.dumps(_request(target, params, seed)))
