"""A grid of runs: every combination of some parameters' values, over seeds, as one tidy frame.

Local processes by default; a Dask cluster when given its client (dask.distributed), never a
scheduler of archex's own. A point that fails is a row naming why, the rest kept. With `path`,
each finished point is written to a Parquet dataset there as it comes, and a sweep run again on the
same path runs only the points it lacks."""

from __future__ import annotations

import itertools
import math
import os
import uuid
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pandas as pd

#: How many finished points are written to the dataset together.
CHUNK = 16


def grid_points(grid: dict[str, Iterable[Any]], seeds: Iterable[int]) -> list[dict[str, Any]]:
    """Every combination of the grid's values, each with each seed, in a fixed order."""
    names = list(grid)
    values = [list(grid[n]) for n in names]
    for name, vs in zip(names, values):
        if not vs:
            raise ValueError(f"sweep: '{name}' has no values")
    return [
        {**dict(zip(names, combo)), "seed": seed}
        for combo in itertools.product(*values)
        for seed in seeds
    ]


def run_point(target: str, point: dict[str, Any]) -> dict[str, Any]:
    """One point's row: its parameters and seed, each scalar result, and why it failed, if so."""
    from .api import run

    params = {k: v for k, v in point.items() if k != "seed"}
    try:
        result = run(target, seed=point["seed"], **params)
    except Exception as error:  # a point's failure is reported with it; the sweep goes on
        return {**point, "error": f"{type(error).__name__}: {error}"}
    values = {
        name: s.value for name, s in result.scalars.items() if isinstance(s.value, (int, float))
    }
    return {**point, **values, "error": None}


def _key(point: dict[str, Any], names: list[str]) -> tuple:
    return tuple(repr(point[n]) for n in names)


def _done(path: Path | None, names: list[str]) -> tuple[list[dict], set[tuple]]:
    """The rows a dataset already holds that need no run again (failures are run again)."""
    if path is None or not path.exists() or not any(path.glob("*.parquet")):
        return [], set()
    rows = [
        r for r in pd.read_parquet(path).to_dict("records")
        if r.get("error") is None or (isinstance(r.get("error"), float) and math.isnan(r["error"]))
    ]
    for r in rows:
        r["error"] = None
    return rows, {_key(r, names) for r in rows}


def _write(path: Path | None, rows: list[dict[str, Any]]) -> None:
    if path is None or not rows:
        return
    path.mkdir(parents=True, exist_ok=True)
    # Written whole under a temporary name, then renamed: a sweep stopped mid-write loses no part.
    final = path / f"part-{uuid.uuid4().hex}.parquet"
    temporary = final.with_suffix(".tmp")
    pd.DataFrame(rows).to_parquet(temporary, index=False)
    os.replace(temporary, final)


def sweep(target: str, grid: dict[str, Iterable[Any]], *, seeds: Iterable[int] = (1,),
          client=None, path: str | os.PathLike | None = None, jobs: int | None = None,
          progress: bool = False) -> pd.DataFrame:
    """Runs `target` at every point of `grid` (parameter → values) for each seed.

    `client`: a dask.distributed Client to run the points on its cluster; otherwise `jobs` local
    processes (all cores unless set). `path`: a folder for a Parquet dataset, written as points
    finish and read again to resume. Returns one row a point, sorted as the grid lists them:
    the parameters, `seed`, each scalar result and `error` (missing, or why the point failed)."""
    points = grid_points(grid, list(seeds))
    names = [*grid, "seed"]
    folder = Path(path) if path is not None else None
    kept, done = _done(folder, names)
    todo = [p for p in points if _key(p, names) not in done]
    bar = None
    if progress and todo:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(todo), desc=f"sweep {target}")
    fresh: list[dict[str, Any]] = []
    pending: list[dict[str, Any]] = []

    def finished(row: dict[str, Any]) -> None:
        fresh.append(row)
        pending.append(row)
        if bar is not None:
            bar.update(1)
        if len(pending) >= CHUNK:
            _write(folder, pending)
            pending.clear()

    try:
        if client is not None:
            from dask.distributed import as_completed as dask_completed

            futures = client.map(run_point, [target] * len(todo), todo, pure=False)
            for future in dask_completed(futures):
                finished(future.result())
        elif todo:
            workers = jobs or os.cpu_count() or 1
            # Fresh processes: V8 and the engine's threads do not survive a fork.
            with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
                for future in as_completed(pool.submit(run_point, target, p) for p in todo):
                    finished(future.result())
    finally:
        _write(folder, pending)
        if bar is not None:
            bar.close()
    order = {_key(p, names): i for i, p in enumerate(points)}
    rows = sorted([*kept, *fresh], key=lambda r: order.get(_key(r, names), len(order)))
    frame = pd.DataFrame(rows)
    if "error" not in frame:
        frame["error"] = None
    return frame[[*names, *[c for c in frame.columns if c not in names and c != "error"], "error"]]
