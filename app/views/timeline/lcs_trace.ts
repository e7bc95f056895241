// For the timeline's tests: LCS on 8 nodes (point 1 of a sweep over 1 and 8 nodes, the breakdown
// machine) traced from its start, over `length` cycles.
import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { TraceOutcome } from '../../engine/trace';

export async function lcsOnEightNodes(length: number): Promise<TraceOutcome> {
  const engine = createInProcessEngine(await loadNodeModule());
  try {
    return await engine.trace({
      model: 'jmachine_programs',
      params: { programs: [1], nodes: [1, 8], breakdown_nodes: 8 },
      seed: 1,
      point: 1,
      window: { from: 0, length },
    });
  } finally {
    engine.dispose();
  }
}
