// One run of a preset or a model (one point of a sweep) recording a window of its events: what
// `cli trace` prints and the library's trace() gives.
import type { Engine, RunOptions } from '../engine/engine';
import { EngineError } from '../engine/engine';
import type { Trace, TraceOutcome, TraceRequest } from '../engine/trace';
import { traceCounts } from '../engine/trace';
import type { ModelInfo, NetworkMap, Params } from '../engine/types';
import { namedParams } from '../presets/param_values';
import { runNodes } from '../views/timeline/timeline_model';
import type { Preset } from '../presets/schema';
import { UsageError } from './usage_error';

/** The CLI's window when none is given: the first 1,000 cycles (or ms) of the run. */
export const DEFAULT_TRACE_CYCLES = 1000;

export interface TraceReport {
  /** The preset traced; absent for a model traced with its defaults (the library's). */
  preset?: string;
  model: string;
  seed: number;
  point: number | undefined;
  params: Record<string, unknown>;
  trace: Trace;
  /** The machine's networks as the engine describes them (a channel's id is a row there). */
  networks: NetworkMap[];
  /** The nodes the run used, as its result says (0: it does not say). */
  nodes: number;
}

/**
 * Runs `model` (of `preset`, when one is run) with these parameters, recording `window`: at
 * `point` of a sweep model, or its first point when none is given; a model that is no sweep runs
 * whole. An error in the window names what the caller calls it (`names`: the CLI's flags, the
 * library's options).
 */
export async function traceRun(
  engine: Engine,
  model: ModelInfo,
  preset: Preset | undefined,
  run: { params: Params; seed: number },
  ask: { point?: number; window: TraceRequest },
  options: RunOptions & { names: Record<string, string> },
): Promise<TraceReport> {
  const { names, ...runOptions } = options;
  const request = { model: model.name, ...run, window: ask.window };
  const point = ask.point ?? 0;
  let outcome;
  try {
    outcome = await engine.trace({ ...request, point }, runOptions);
  } catch (error) {
    // A model that is no sweep has no points: it runs whole when no point is asked for.
    if (error instanceof EngineError && error.param === 'point' && ask.point === undefined) {
      outcome = await engine.trace(request, runOptions);
      return report(preset, model, run.seed, undefined, outcome);
    }
    if (error instanceof EngineError && error.param !== undefined) {
      const name = names[error.param];
      throw new UsageError(name ? `${name}: ${error.message}` : error.message, name ?? error.param);
    }
    throw error;
  }
  return report(preset, model, run.seed, point, outcome);
}

function report(
  preset: Preset | undefined,
  model: ModelInfo,
  seed: number,
  point: number | undefined,
  outcome: TraceOutcome,
): TraceReport {
  return {
    ...(preset ? { preset: preset.id } : {}),
    model: model.name,
    seed,
    point,
    params: namedParams(model.params, outcome.params),
    trace: outcome.trace,
    networks: outcome.networks,
    nodes: runNodes(outcome),
  };
}

/** What `traceJson` writes before the events. */
export function traceHead(r: TraceReport) {
  const { trace } = r;
  const counts = traceCounts(trace);
  return {
    preset: r.preset,
    model: r.model,
    seed: r.seed,
    ...(r.point !== undefined ? { point: r.point } : {}),
    params: r.params,
    clock: trace.clock,
    unit: trace.unit,
    from: trace.from,
    length: trace.length,
    end: trace.end,
    truncated: trace.truncated,
    bytes: trace.bytes,
    dropped: trace.kinds.reduce((n, k) => n + k.dropped, 0),
    ...(trace.timeline.lanes.length > 0 || trace.timeline.networkMarks.length > 0
      ? { timeline: trace.timeline }
      : {}),
    kinds: Object.fromEntries(
      trace.kinds.map((k) => [
        k.name,
        {
          description: k.description,
          ...(k.snapshot ? { snapshot: true } : {}),
          fields: k.fields.map((f) => f.name),
          ...(k.fields.some((f) => f.states.length > 0)
            ? {
                states: Object.fromEntries(
                  k.fields.filter((f) => f.states.length > 0).map((f) => [f.name, f.states]),
                ),
              }
            : {}),
          ...counts[k.name],
        },
      ]),
    ),
  };
}
