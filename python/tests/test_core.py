"""archex's Python API over the installed wheel: each preset's `run(...).to_json()` is the bytes
`archex run --json` prints for the same parameters and seed; `validate` gives what
`validate --json` prints; a figure is what `figure --format svg` writes; errors name the parameter
and its range."""

import json
import subprocess
import sys

import pytest

import archex
from conftest import ROOT

#: The CLI from source on the built wasm (`npm run cli` would build the wasm first).
CLI = ["npx", "tsx", "--import", "./app/cli/node_css.ts", "app/cli/main.ts"]

#: Presets whose runs take under 0.2 s natively (measured on two busy cores): the default test. The
#: rest take 0.3 s to 90 s each natively (jmachine-tsp 90 s, jmachine-programs 40 s, jmachine-lcs
#: 14 s) and longer in the CLI's wasm, so they run with --slow.
FAST = {
    "jmachine-barrier",
    "jmachine-logp",
    "jmachine-overheads",
    "jmachine-round-trip",
    "multipsi-logp",
    "multipsi-v1-comm",
    "multipsi-v1-program1",
    "multipsi-v1-program2",
    "multipsi-v2-estimate",
    "multipsi-v2-program1",
    "multipsi-v2-program2",
    "network-deadlock",
    "paragon-apsp",
    "paragon-bisection",
    "paragon-logp",
    "paragon-pingpong",
    "pie64-congestion-writemn",
    "pie64-load-dispatch",
    "pie64-logp",
    "pie64-transfer",
    "transputer-c104",
    "transputer-farm",
    "transputer-logp",
    "transputer-ping",
    "transputer-sequential",
    "transputer-throughput",
}



def cli(*args) -> str:
    """What the CLI prints on stdout."""
    done = subprocess.run([*CLI, *args], cwd=ROOT, check=True, capture_output=True, text=True)
    return done.stdout


def preset_ids():
    return sorted(p.stem for p in (ROOT / "presets").glob("*.json"))


@pytest.mark.parametrize(
    "preset",
    [p if p in FAST else pytest.param(p, marks=pytest.mark.slow) for p in preset_ids()],
)
def test_to_json_is_what_run_json_prints(preset):
    assert archex.run(preset).to_json() == cli("run", preset, "--json")


def test_parameters_and_seed_go_as_the_cli_takes_them():
    result = archex.run("transputer-ping", seed=3, sizes=[1, 64, 1024], t805_link_mbit=10.0)
    assert result.to_json() == cli(
        "run", "transputer-ping", "--set", "sizes=1,64,1024", "--set", "t805_link_mbit=10.0",
        "--set", "seed=3", "--json",
    )


def test_a_value_out_of_range_raises_param_error_naming_it():
    with pytest.raises(archex.ParamError) as refused:
        archex.run("jmachine-round-trip", vcs=99)
    assert refused.value.param == "vcs"
    assert "parameter 'vcs' = 99" in str(refused.value)
    assert "1 to 16" in str(refused.value)
    assert isinstance(refused.value, ValueError)


def test_an_unknown_preset_names_the_valid_ones():
    with pytest.raises(archex.ArchexError, match="unknown"):
        archex.run("no-such-preset")


def test_a_choice_is_given_by_its_name():
    result = archex.run("custom-network", topology="torus", vcs=2, injection_rate=0.05)
    assert result.params["topology"] == "torus"
    # A torus on one virtual channel is refused as the explorer refuses it, naming the parameter.
    with pytest.raises(archex.ParamError) as refused:
        archex.run("custom-network", topology="torus", vcs=1)
    assert refused.value.param == "vcs"


def test_validate_is_what_validate_json_prints():
    checked = archex.validate("pie64-congestion-writemn")
    assert checked.to_json() == cli("validate", "pie64-congestion-writemn", "--json")
    assert set(checked.rows["preset"]) == {"pie64-congestion-writemn"}


def test_describe_gives_parameters_outputs_and_paper_targets():
    described = archex.describe("pie64-congestion-writemn")
    assert described["preset"]["id"] == "pie64-congestion-writemn"
    assert described["model"]["params"] and described["model"]["outputs"]
    checked = json.loads(cli("validate", "pie64-congestion-writemn", "--one-seed", "--json"))
    rows = checked["presets"][0]["validation"]
    assert [r["metric"] for r in described["reference"]] == [r["metric"] for r in rows]


def test_presets_lists_every_shipped_preset():
    assert sorted(p["id"] for p in archex.presets()) == preset_ids()


def test_figure_is_what_figure_format_svg_writes():
    result = archex.run("custom-network")
    figure = result.figure("channel-utilization", width="3.5in", font_size="8pt")
    assert '<metadata id="archex-made-by">' in figure.svg and 'width="252pt"' in figure.svg
    assert figure.svg == cli(
        "figure", "custom-network", "channel-utilization", "--width", "3.5in",
        "--font-size", "8pt", "--format", "svg",
    )
    assert figure._repr_svg_() == figure.svg


def test_a_pgfplots_figure_is_what_figure_format_pgfplots_writes(tmp_path):
    result = archex.run("transputer-ping")
    tex = result.figure("t9000-rtt", format="pgfplots")
    made, _, body = tex.text.partition("\n")
    given = cli("figure", "transputer-ping", "t9000-rtt", "--width", "3.5in", "--font-size", "8pt",
                "--format", "pgfplots")
    # The same .tex under a first line naming what made it, each its own command.
    assert body == given.partition("\n")[2] and "\\begin{tikzpicture}" in body
    assert made.startswith("% made by: archex ") and made.endswith(
        "archex figure transputer-ping t9000-rtt --width 3.5in --font-size 8pt --format pgfplots")
    with pytest.raises(ValueError, match="saved as .tex"):
        tex.save(tmp_path / "fig.svg")
    tex.save(tmp_path / "fig.tex")
    assert (tmp_path / "fig.tex").read_text(encoding="utf-8") == tex.text
    with pytest.raises(archex.ArchexError, match="valid: svg, pgfplots"):
        result.figure(format="pdf")


def test_results_as_a_notebook_reads_them():
    result = archex.run("transputer-ping")
    ratio = result.scalars["ratio_t8_t9_p4_first"]
    assert ratio.unit == "x" and ratio.value > 1
    curves = result.series()
    assert list(curves.columns) == ["series", "x", "y"]
    one = result.series("rtt_us_t9_raw")
    assert len(one) == len(result.report["series"]["rtt_us_t9_raw"]["x"])
    assert curves.attrs["units"]["rtt_us_t9_raw"] == {
        "x": "message size (bytes)",
        "y": "round trip (us)",
    }
    reference = result.reference
    assert {"metric", "paper", "low", "high", "simulated", "pass", "role"} <= set(reference.columns)
    assert len(reference) == len(result.report["validation"])
    with pytest.raises(KeyError, match="valid: "):
        result.series("no_such_series")


def test_to_matplotlib_draws_each_curve_with_its_axes():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    result = archex.run("transputer-ping")
    ax = result.to_matplotlib()
    assert [line.get_label() for line in ax.get_lines()] == list(result.report["series"])
    assert ax.get_xlabel() == "message size (bytes)"


def test_progress_is_called_with_the_share_done_rising_to_one():
    seen = []
    archex.run("jmachine-round-trip", progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0
    assert all(0 <= share <= 1 for share in seen)


def test_progress_true_draws_a_tqdm_bar_to_its_end(capsys):
    archex.run("jmachine-round-trip", progress=True)
    bar = capsys.readouterr().err
    assert "jmachine-round-trip" in bar and "100%" in bar


def test_a_run_past_its_time_limit_raises_timeout_error():
    # jmachine-programs takes tens of seconds natively.
    with pytest.raises(TimeoutError, match="time limit of 0.3 s"):
        archex.run("jmachine-programs", time_limit=0.3)


@pytest.mark.parametrize("limit", [0, -1, "10", True])
def test_a_time_limit_that_is_no_positive_number_raises_param_error(limit):
    with pytest.raises(archex.ParamError, match="time_limit must be a number of seconds above 0"
                       ) as raised:
        archex.run("jmachine-round-trip", time_limit=limit)
    assert raised.value.param == "time_limit"


def test_a_result_in_a_notebook_shows_its_chart_with_caption_and_link():
    from IPython.core.formatters import DisplayFormatter

    result = archex.run("transputer-ping")
    shown, _ = DisplayFormatter().format(result)
    svg = shown["image/svg+xml"]
    first = archex.describe("transputer-ping")["charts"][0]
    assert svg == result.figure(first["id"], width="6in", font_size="10pt").svg
    assert first["title"] in svg.replace("&amp;", "&")
    # The caption with its source, and the link back to the explorer at this run.
    assert ">Source: S. J. Turner" in svg and ">Made with archex: http://" in svg
    assert shown["text/plain"] == repr(result)
    assert repr(result).startswith("<archex Result transputer-ping seed=")
    # A model's run has no chart: its repr alone.
    shown, _ = DisplayFormatter().format(archex.run("network_traffic", sweep_rates=[0.1],
                                                    max_cycles=2000))
    assert list(shown) == ["text/plain"]


def test_a_process_frees_its_v8_context_before_the_teardown_and_exits(tmp_path):
    # Left to the interpreter's teardown, mini-racer's finalizer at times waited for ever (one
    # exit in five or so), so a sweep's worker, and the sweep, never ended. An exit hook
    # registered before the core's runs after the core's own: the context is gone by then.
    script = (
        "import atexit, archex, archex._host as host\n"
        "atexit.register(lambda: print('closed' if host._core is None else 'open'))\n"
        "archex.run('jmachine-round-trip')\n"
    )
    for _ in range(3):
        done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout == "closed\n"
