// `npm run bench`: one JSON object per line, {"name", "value", "unit"}. The engine's part
// (engine_runs.ts): the native bench, then the same engine in wasm in Node, in process and on
// worker threads; the Python package's cost over the native runner on one network point
// (python_binding.ts; `npm run bench -- python` runs it alone); the packed bin's start on one
// light BookSim2 point (cli_start.ts). The
// browser's part (browser.ts): the explorer in headless Chromium, from a change of a parameter
// to the charts drawn again, a slider dragged, the trace views recording,
// playing and stepping, what a class waits for, a killed engine worker's recovery. The class
// server under 300 students (class_load.ts; `npm run bench -- class` runs it alone). Then the gzip
// sizes of what dist/ ships. `npm run bench -- redraw [preset ...]` runs only the control-to-redraw
// time of every preset (or those named; redraw.ts); `npm run bench -- views` only the trace views'
// opening (the longest task the page ran); `npm run bench -- time-left [file] [run ...]`
// records real runs and judges the time left shown on them (time_left_traces.ts), and
// `npm run bench -- run-times` records every preset's run time for the start page's cards
// (run_times.ts).
import { fileURLToPath } from 'node:url';

import { browserFigures } from './browser';
import { classLoad } from './class_load';
import { cliStart } from './cli_start';
import { distSizes } from './dist_sizes';
import { engineRuns } from './engine_runs';
import { pythonBinding } from './python_binding';
import { emit, root } from './measure';
import { recordRunTimes } from './run_times';
import { recordTimeLeftTraces } from './time_left_traces';

if (process.argv[2] === 'redraw') {
  await browserFigures({ redrawOnly: true, only: process.argv.slice(3) });
} else if (process.argv[2] === 'views') {
  await browserFigures({ viewsOnly: true });
} else if (process.argv[2] === 'time-left') {
  await recordTimeLeftTraces(process.argv[3], process.argv.slice(4));
} else if (process.argv[2] === 'run-times') {
  await recordRunTimes();
} else if (process.argv[2] === 'class') {
  await classLoad();
} else if (process.argv[2] === 'python') {
  pythonBinding();
} else {
  await engineRuns();
  pythonBinding();
  await cliStart();
  await browserFigures();
  await classLoad();
  for (const f of distSizes(fileURLToPath(new URL('dist/assets/', root))))
    emit(f.name, f.value, f.unit);
}
