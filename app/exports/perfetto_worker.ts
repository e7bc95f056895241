// Builds a Perfetto file off the page's thread: a whole run's trace makes hundreds of thousands
// of events, whose building and text would hold the page for seconds. The file says what made
// it, as the command line's does (without a command).
import { pageMadeBy } from '../engine/page_build';
import type { TracedRun } from './perfetto';
import { perfettoJson, perfettoTrace } from './perfetto';
import { answerRequests } from './worker_call';

answerRequests((run: TracedRun) => {
  const file = perfettoTrace(run);
  const otherData = pageMadeBy ? { ...file.otherData, made_by: pageMadeBy } : file.otherData;
  return new Blob([...perfettoJson({ ...file, otherData })], { type: 'application/json' });
});
