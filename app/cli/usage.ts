// The CLI's usage text: every command and its options, as --help prints it.
import { defaultJobs } from '../engine/thread_engine';
import { MAX_MEMORY_MB, MIN_MEMORY_MB } from '../engine/memory';
import { ESTIMATE_BEYOND_S } from '../engine/run_watch';
import { JUDGE_AFTER_MS } from '../engine/time_left';
import { DEFAULT_TRACE_CYCLES } from '../headless/trace';
import { DEFAULT_BASE_URL } from '../headless/figure';
import { cliHost } from './host';

export const USAGE = `usage:
  npm run cli -- list
  npm run cli -- run <preset-id> [--params file.json] [--set name=value ...] [--json | --csv]
  npm run cli -- run --params file.json [--set ...]   (the preset the file names)
  npm run cli -- run --booksim FILE [key=value ...] [--set ...] [--json | --csv]   (a BookSim2 configuration)
  npm run cli -- run <preset-id> --shard i/n [--resume FILE] [--set ...]
  npm run cli -- merge <shard files...> [--json]   (run --shard files need --json)
  npm run cli -- validate [preset-id] [--json] [--one-seed] [--shard k/n]
  npm run cli -- validate [preset-id] --explain <metric | preset:metric> [--json]
  npm run cli -- --version
  npm run cli -- describe <preset-id | model> [--set name=value ...] [--json]   (parameters, units, values, outputs)
  npm run cli -- trace <preset-id> [--params f] [--set name=value ...] [--point N] [--from T]
                 [--cycles N] [--max-events N] [--max-bytes N] [--json | --format perfetto]
  npm run cli -- figure <preset-id> <chart-id> [--params f] [--set name=value ...] [--svg out.svg]
                 [--png out.png [--scale 2]] [--pdf out.pdf] [--csv out.csv] [--tex out.tex]
                 [--format svg|pgfplots] [--theme print|dark]
                 [--width 3.5in [--font-size 8pt] [--dpi 300]] [--no-title] [--no-caption]
                 [--base-url URL | --no-link]
  npm run cli -- figure <preset-id> --all --out dir/ [--set ...] [--scale 2] [--theme ...]

options of every command:
  --jobs N          run a sweep's points on N worker threads (default: the ${defaultJobs()} cores
                    here); the numbers are the same bits for any N.
  --max-memory MB   the memory each engine thread may use, ${MIN_MEMORY_MB} to ${MAX_MEMORY_MB} MB (default
                    ${MAX_MEMORY_MB}); a run that needs more stops and says what filled it.

options of run:
  --set name=value  override a parameter of the preset; repeatable. seed=N sets the seed.
                    A list parameter takes comma-separated numbers, e.g.
                    --set curve_work_rates=1,0.8,0.6; one number is a one-item list. A choice
                    takes its name or its number: --set topology=fly.
  --params FILE     the parameters and seed of a JSON file: the explorer's JSON export or the
                    output of run --json (choices by name or number); --set goes over them.
  --booksim FILE    a BookSim2 configuration file run as the custom network: each key archex
                    reads differently or leaves out is named on stderr, a value it cannot take
                    is refused naming the key, and the explorer's link to the same network is
                    printed (on stderr with --json or --csv). BookSim key=value words after
                    it go over the file's, as on BookSim2's command line
                    (injection_rate=0.25); --set goes over both. Only the file's load runs,
                    as in BookSim2 (--set sweep_rates=... adds a curve); the link opens the
                    whole curve.
  --json            the whole run: parameters (lists as arrays, choices by name), results with
                    units, every series (a list parameter may add one per item), the networks
                    and timelines as typed columns (choices by name) and the validation rows.
  --csv             the scalar results as metric,value,unit rows; parameters and series are
                    only in --json.
  --shard i/n       only every n-th point of the preset's sweep, from point i (0 to n - 1), as
                    JSON lines, one per point (its index, coordinates and partial result): run
                    the n shards anywhere (GNU parallel, a Slurm job array), then
                    merge their files: merge <files...> --json prints exactly what run --json
                    prints for the whole sweep, or names the points still missing. A line is
                    written as each point finishes, after a header line naming the shard.
  --shard auto      in a Slurm job array's task: its shard i/n from SLURM_ARRAY_TASK_ID (less
                    _MIN, by _STEP) and SLURM_ARRAY_TASK_COUNT.
  --resume FILE     with --shard: FILE is this shard's file from a run that stopped (killed,
                    or at its --time-limit); run only the points it lacks and add their lines
                    to it. A FILE not yet there is begun, so a job array can always pass it.
  --time-limit T    stop the run after T (90s, 10m, 2h, 1d; a bare number is seconds) with
                    exit code 124; a shard keeps the points it finished for --resume.

options of validate (each target's role: calibration, a calibrated value was fitted on it;
consistency, it redoes the paper's arithmetic or reads an input back out; validation, a number
the paper states; claim, the paper's words; a row may restate another):
                    Three figures: passed of all targets; of the independent ones (no
                    calibration targets, consistency checks or restating rows); and of those
                    over seeds, where a stochastic target runs on seeds 1-16 and passes when 15
                    do. A pass within a tenth of its band's half-width of an edge is "just
                    inside".
  --json            each preset's rows as run --json writes them (a stochastic row with its
                    seeds' passes, each with where its band comes from) and the summary: the
                    three figures and per role.
  --one-seed        each preset on its own seed only (faster; no figure over seeds).
  --shard k/n       only the k-th of n shares of validate's runs (each preset's own, each
                    stochastic target's seeds), split by their measured times, as JSON lines
                    as each run finishes; merge puts the shards' files together as validate
                    prints them (--json too). --shard auto reads a Slurm job array's task;
                    --resume FILE as for run.
  --explain ROW     one target without a run (ROW: metric, or preset:metric): its band and
                    where it comes from (rounding, stated-error, as-written or choice), and
                    each parameter the run reads with its value, basis, source and the targets
                    a calibrated one was fitted on; --json as an object.
Each preset's table is printed as it is checked; stderr says each preset done, with an
estimate of the time left.

what made an output: run --json, validate --json, trace --json and Perfetto files, shard
headers and merged files carry made_by (archex's version, the engine build: hashes of its
sources and its wasm, and the command's arguments); a CSV's first line is a # comment saying
the same; a figure's SVG metadata and PDF info too. --version prints the build.

options of trace (one run recording the events of a window; docs/cli.md "Traces"):
  --point N         the point of a sweep model's run to trace (default 0: for the custom
                    network, the chosen load); a model that is no sweep runs whole.
  --from T          the window's start, in the model's clock: cycles, ms for the Multi-PSI
                    and the transputer farm, µs for the Paragon (default 0).
  --cycles N        the window's length in that clock (default ${DEFAULT_TRACE_CYCLES}).
  --max-events N, --max-bytes N
                    caps (default 64 MB): past one the trace keeps its complete beginning and
                    counts the events it drops.
  --json            {"events": [...]}: each event with its time ("cycle" or "ms"), "kind" and
                    its ids (packet, flit, channel, vc, node, goal, ...), one a line, after the
                    run, the window and each kind's fields, events and drops.
  --format perfetto the trace for Perfetto (ui.perfetto.dev) and chrome://tracing: a track per
                    node (per channel of a network), states as slices, messages as flows; one
                    cycle shows as 1 µs (ms and µs stay real time). --format json is --json.
  --set, --params   as for run.

options of figure (the chart the explorer draws, with title, caption, seed, citation and a
link back to the same state; every file is written whole or not at all):
  --set name=value  as for run; --params FILE too.
  --svg FILE        the figure as SVG; with no file named the SVG (or --format) goes to stdout.
  --png FILE        the figure as PNG, --scale times its size (default 2, from 0.25 to 8); a
                    paper figure (--width) at --dpi.
  --pdf FILE        the figure as a vector PDF for LaTeX: one page its size in points, text as
                    text in the embedded Arimo (Liberation Sans's metrics).
  --csv FILE        the plotted data, as the explorer's CSV export.
  --tex FILE        a curve chart (line, latency-load, speedup) as pgfplots: one tikzpicture,
                    its data inline, to \\input in a figure so the paper's fonts set its text.
  --format F        what goes to stdout with no file named: svg (default) or pgfplots.
  --width LENGTH    lay the figure out for paper at this width (in, pt, mm or cm: 3.5in one
                    column, 7in two columns; 1 to 20 in), its text at --font-size (default
                    8pt; 5 to 24 pt): placed at that width, e.g. width=\\columnwidth, the text
                    prints at that size. Without --width (or --font-size) a figure is 800 px,
                    its PDF 600 pt wide. The PNG of a paper figure is --dpi (default 300,
                    72 to 1200) pixels an inch.
  --no-title        leave out the title above the chart.
  --no-caption      leave out the caption under it (LaTeX's \\caption takes its place).
  --theme THEME     print (default: light colours on white) or dark.
  --all --out DIR   every chart of the preset as DIR/<preset>-<chart>.svg, .png, .pdf and .csv,
                    and .tex for a curve chart.
  --base-url URL    where the explorer is served, for the link in the caption; default
                    ${DEFAULT_BASE_URL} (npm start): give a deployed explorer's address.
  --no-link         no link in the caption.

A run that would take more than ${ESTIMATE_BEYOND_S} s says how long on stderr once its progress
tells (from ${JUDGE_AFTER_MS / 1000} seconds on; a sweep, once its finished points do). Ctrl-C
(SIGINT) or SIGTERM stops it and its threads at once (exit code 130 or 143).`.replaceAll(
  'npm run cli --',
  cliHost().command,
);
