"""The core bundle (python/archex/_core.js, `npm run build:python-core`) in mini-racer's V8: its
plan and report of each preset's run, with the engine's runs from the stand-in, give the bytes
`archex run --json` prints; its validation report and its figure give what `validate --json` and
`figure --format svg` print."""

import json
import subprocess

import pytest
from py_mini_racer import MiniRacer

import engine_standin as engine
from engine_standin import ROOT

CORE = ROOT / "python/archex/_core.js"
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


class CoreError(Exception):
    """An error the core threw: its message, and the parameter it names."""

    def __init__(self, message, param=None):
        super().__init__(message)
        self.param = param


@pytest.fixture(scope="session")
def core():
    ctx = MiniRacer()
    ctx.eval(CORE.read_text())

    def call(name, *args):
        answer = json.loads(ctx.call("archexCore.call", name, *args))
        if "error" in answer:
            raise CoreError(answer["error"]["message"], answer["error"].get("param"))
        return answer["value"]

    call("init", engine.models(), engine.build_json())
    return call


def cli(*args) -> str:
    """What the CLI prints on stdout."""
    done = subprocess.run([*CLI, *args], cwd=ROOT, check=True, capture_output=True, text=True)
    return done.stdout


def results(runs):
    return [engine.result_json(r["model"], r["params"], r["seed"]) for r in runs]


def preset_ids():
    return sorted(p.stem for p in (ROOT / "presets").glob("*.json"))


@pytest.mark.parametrize(
    "preset",
    [p if p in FAST else pytest.param(p, marks=pytest.mark.slow) for p in preset_ids()],
)
def test_report_is_what_run_json_prints(core, preset):
    request = json.dumps({"preset": preset})
    command = ["run", preset, "--json"]
    runs = json.loads(core("plan", request))
    text = core("report", request, results(runs), json.dumps(command))
    assert text == cli(*command)


def test_plan_refuses_a_value_out_of_range_naming_it(core):
    with pytest.raises(CoreError) as refused:
        core("plan", json.dumps({"preset": "jmachine-round-trip", "params": {"vcs": 99}}))
    assert refused.value.param == "vcs"
    assert "parameter 'vcs' = 99" in str(refused.value)
    assert "1 to 16" in str(refused.value)


def test_a_choice_is_given_by_its_name(core):
    request = {"preset": "custom-network", "params": {"topology": "torus"}}
    [run] = json.loads(core("plan", json.dumps(request)))
    models = {m["name"]: m for m in json.loads(engine.models())}
    [topology] = [p for p in models[run["model"]]["params"] if p["name"] == "topology"]
    assert run["params"]["topology"] == topology["choices"].index("torus")


def test_validation_report_is_what_validate_json_prints(core):
    # Its stochastic targets are judged over 16 seeds: 16 runs of a fast preset.
    options = json.dumps({"preset": "pie64-congestion-writemn"})
    command = ["validate", "pie64-congestion-writemn", "--json"]
    runs = json.loads(core("validationPlan", options))
    assert [r["key"] for r in runs[:2]] == [
        "pie64-congestion-writemn",
        "pie64-congestion-writemn seed=2",
    ]
    text = core("validationReport", options, results(runs), json.dumps(command))
    assert text == cli(*command)


def test_describe_gives_parameters_outputs_and_paper_targets(core):
    described = json.loads(core("describe", "pie64-congestion-writemn"))
    assert described["preset"]["id"] == "pie64-congestion-writemn"
    assert described["model"]["params"] and described["model"]["outputs"]
    checked = json.loads(cli("validate", "pie64-congestion-writemn", "--one-seed", "--json"))
    rows = checked["presets"][0]["validation"]
    assert [r["metric"] for r in described["reference"]] == [r["metric"] for r in rows]


def test_figure_is_what_figure_format_svg_writes(core):
    preset = "custom-network"
    request = json.dumps({"preset": preset})
    [run] = json.loads(core("plan", request))
    command = ["figure", preset, "channel-utilization", "--width", "3.5in", "--format", "svg"]
    svg = core(
        "figure",
        request,
        engine.result_json(run["model"], run["params"], run["seed"]),
        json.dumps({"chart": "channel-utilization", "width": "3.5in"}),
        json.dumps(command),
    )
    assert '<metadata id="archex-made-by">' in svg and 'width="252pt"' in svg
    assert svg == cli(*command)
