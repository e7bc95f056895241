"""Sweeps: the same rows on a local Dask cluster of two workers as in one process, a failing point
reported with its parameters and the rest kept, and a sweep resumed from its Parquet dataset."""

import pandas as pd
import pytest

import archex

GRID = {"t805_link_mbit": [10.0, 20.0], "sizes": [[1, 64], [1, 1024]]}


def test_rows_follow_the_grid_with_a_column_a_parameter_and_a_result():
    frame = archex.sweep("transputer-ping", GRID, seeds=[1, 2], jobs=1)
    assert len(frame) == 8
    assert list(frame.columns[:3]) == ["t805_link_mbit", "sizes", "seed"]
    assert frame["error"].isna().all()
    assert frame.loc[0, "t805_link_mbit"] == 10.0 and frame.loc[0, "seed"] == 1
    one = archex.run("transputer-ping", seed=2, t805_link_mbit=20.0, sizes=[1, 1024])
    row = frame[(frame.t805_link_mbit == 20.0) & (frame.seed == 2)].iloc[-1]
    assert row["ratio_t8_t9_p4_first"] == one.scalars["ratio_t8_t9_p4_first"].value


def test_a_dask_cluster_of_two_workers_gives_the_rows_of_one_process():
    distributed = pytest.importorskip("dask.distributed")
    alone = archex.sweep("transputer-ping", GRID, seeds=range(1, 3), jobs=1)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True) as cluster:
        with distributed.Client(cluster) as client:
            spread = archex.sweep("transputer-ping", GRID, seeds=range(1, 3), client=client)
    pd.testing.assert_frame_equal(alone, spread)


def test_a_failing_point_is_a_row_saying_why_and_the_rest_are_kept():
    frame = archex.sweep("transputer-ping", {"t805_link_mbit": [20.0, -5.0]}, jobs=1)
    ok, bad = frame.iloc[0], frame.iloc[1]
    assert pd.isna(ok["error"]) and ok["ratio_t8_t9_p4_first"] > 1
    assert bad["t805_link_mbit"] == -5.0
    assert "ParamError" in bad["error"] and "t805_link_mbit" in bad["error"]


def test_a_sweep_resumes_from_what_it_wrote(tmp_path):
    folder = tmp_path / "sweep"
    first = archex.sweep("transputer-ping", {"t805_link_mbit": [10.0, 20.0]}, jobs=1, path=folder)
    assert list(folder.glob("*.parquet"))
    # A wider grid on the same folder runs only the new points: the old rows come from the file.
    wider = archex.sweep("transputer-ping", {"t805_link_mbit": [10.0, 20.0, 40.0]}, jobs=1,
                         path=folder)
    assert len(wider) == 3
    pd.testing.assert_frame_equal(wider.iloc[:2].reset_index(drop=True), first, check_dtype=False)
    assert len(pd.read_parquet(folder)) == 3


def test_an_empty_list_of_values_is_refused_naming_it():
    with pytest.raises(ValueError, match="'vcs' has no values"):
        archex.sweep("custom-network", {"vcs": []})
