// Builds a Perfetto file off the page's thread: a whole run's trace makes hundreds of thousands
// of events, whose building and text would hold the page for seconds.
import type { TracedRun } from './perfetto';
import { perfettoJson, perfettoTrace } from './perfetto';
import { answerRequests } from './worker_call';

answerRequests(
  (run: TracedRun) => new Blob([...perfettoJson(perfettoTrace(run))], { type: 'application/json' }),
);
