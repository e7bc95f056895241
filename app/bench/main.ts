// `npm run bench`: one JSON object per line, {"name", "value", "unit"}. The engine's part
// (engine_runs.ts): the native bench, then the same engine in wasm in Node, in process and on
// worker threads. The browser's part (browser.ts): the explorer in headless Chromium, from a
// change of a parameter to the charts drawn again, a slider dragged, the trace views recording,
// playing and stepping, what a class waits for, a killed engine worker's recovery. Then the gzip
// sizes of what dist/ ships. `npm run bench -- redraw` runs only every preset's control-to-redraw
// time (redraw.ts).
import { fileURLToPath } from 'node:url';

import { browserFigures } from './browser';
import { distSizes } from './dist_sizes';
import { engineRuns } from './engine_runs';
import { emit, root } from './measure';

if (process.argv[2] === 'redraw') {
  await browserFigures({ redrawOnly: true });
} else {
  await engineRuns();
  await browserFigures();
  for (const f of distSizes(fileURLToPath(new URL('dist/assets/', root))))
    emit(f.name, f.value, f.unit);
}
