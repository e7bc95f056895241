// The engine a command runs on, as --jobs and --max-memory ask, and its models checked against
// the presets the command runs.
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { PoolEngine } from '../engine/pool_engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetProblems } from '../presets/problems';
import { UsageError } from '../headless/usage_error';
import { createThreadEngine, defaultJobs } from '../engine/thread_engine';
import { parseJobs, parseMaxMemory } from './args';
import { cliHost } from './host';

/**
 * The engine for --jobs and --max-memory: worker threads, or the same protocol in this thread for
 * one job.
 */
export function commandEngine(values: { jobs?: string; 'max-memory'?: string }): PoolEngine {
  const n = parseJobs(values.jobs, defaultJobs());
  const memory = parseMaxMemory(values['max-memory']);
  const { wasmDir, startThread } = cliHost();
  return n === 1
    ? createInProcessEngine(loadNodeModule(memory, wasmDir))
    : createThreadEngine(n, {
        maxMemoryMB: memory,
        ...(startThread ? { start: startThread } : {}),
      });
}

/** The engine's models, once `presets` are known to fit them. */
export async function modelsFitting(engine: PoolEngine, presets: Preset[]): Promise<ModelInfo[]> {
  const models = await engine.listModels();
  const problems = presets.flatMap((p) => presetProblems(p, models).map((m) => `${p.id}: ${m}`));
  if (problems.length > 0)
    throw new UsageError(`presets do not fit the engine:\n${problems.join('\n')}`);
  return models;
}
