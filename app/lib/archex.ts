// The engine as a library (api.ts declares it): the same wasm engine, presets and validation as
// the CLI and the explorer, behind one interface whichever threads run it (Node worker threads or
// Web Workers, chosen by the entry point: node.ts, browser.ts). A run's report is what
// `cli run --json` prints for the same preset and parameters; a trace's is what
// `cli trace --json` prints.
import type { Engine, RunProgress } from '../engine/engine';
import { EngineError, isAbortError } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { perfettoTrace } from '../exports/perfetto';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { describeTarget, presetSummary } from '../headless/describe';
import { namingParam } from '../headless/params';
import { runReport, validatePresets, validationReport } from '../headless/run';
import { resolveTarget, targetRequest } from '../headless/target';
import type { TraceReport } from '../headless/trace';
import { DEFAULT_TRACE_CYCLES, traceHead, traceRun } from '../headless/trace';
import { UsageError } from '../headless/usage_error';
import { traceEvents } from '../engine/trace';
import type { Archex, ParamInput, RunOptions, TraceOptions, Validation } from './api';
import { ArchexError } from './errors';
import { checkedTimeLimit } from './options';
import { RunWatch, TimeLimitError } from '../engine/run_watch';

/** The library over `engine` (its threads or workers), with the presets it ships. */
export function archexOver(engine: Engine, presets: Preset[]): Archex {
  let models: Promise<ModelInfo[]> | null = null;
  const listModels = () => {
    // A failed listing is asked again next time rather than kept.
    models ??= engine.listModels().catch((error: unknown) => {
      models = null;
      rethrow(error);
    });
    return models;
  };
  const findPreset = (id: string) => {
    const preset = presets.find((p) => p.id === id);
    if (!preset) {
      throw new ArchexError(
        `unknown preset '${id}'; valid: ${presets.map((p) => p.id).join(', ')}`,
        'input',
      );
    }
    return preset;
  };

  /** The preset or model `target` names, and the run's parameters and seed. */
  const resolve = async (
    target: string,
    params: Record<string, ParamInput> | undefined,
    seed: number | undefined,
    what: string,
  ) => resolveTarget(await listModels(), presets, target, params, seed, what);

  /**
   * A run's options for the engine, watched: its estimate once it would take longer than
   * ESTIMATE_BEYOND_S, its time limit and its signal, its progress.
   */
  const watched = async <T>(
    options: RunOptions,
    call: string,
    work: (engineOptions: {
      signal: AbortSignal;
      onProgress: (p: RunProgress) => void;
    }) => Promise<T>,
  ): Promise<T> => {
    const watch = new RunWatch({
      timeLimitSeconds:
        options.timeLimit === undefined ? undefined : checkedTimeLimit(options.timeLimit, call),
      signal: options.signal,
      onEstimate: options.onEstimate,
      onProgress: options.onProgress
        ? ({ fraction, elapsedMs }) => options.onProgress!({ fraction, elapsedMs })
        : undefined,
    });
    try {
      return await work({ signal: watch.signal, onProgress: watch.onProgress });
    } catch (error) {
      const failure = watch.failure(error);
      if (failure instanceof TimeLimitError) throw new ArchexError(failure.message, 'time-limit');
      throw failure;
    } finally {
      watch.dispose();
    }
  };

  const traced = async (
    call: 'trace' | 'perfetto',
    target: string,
    params: Record<string, ParamInput> | undefined,
    options: TraceOptions,
  ): Promise<TraceReport> => {
    const { model, preset, overrides } = await resolve(target, params, options.seed, call);
    const window = {
      from: options.from ?? 0,
      length: options.length ?? DEFAULT_TRACE_CYCLES,
      ...(options.maxEvents !== undefined ? { maxEvents: options.maxEvents } : {}),
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    };
    const named = `${call}('${target}')`;
    return watched(options, named, (engineOptions) =>
      traceRun(
        engine,
        model,
        preset,
        {
          params: { ...(preset ? presetParams(preset) : {}), ...overrides.params },
          seed: overrides.seed ?? preset?.seed ?? 1,
        },
        { ...(options.point !== undefined ? { point: options.point } : {}), window },
        { names: TRACE_OPTION_NAMES, ...engineOptions },
      ).catch((error: unknown) => {
        // The window's options named as the call names them: "trace('id'): length: ...".
        if (error instanceof UsageError)
          throw new UsageError(`${named}: ${error.message}`, error.param);
        throw error;
      }),
    );
  };

  return {
    presets: presets.map(presetSummary),
    preset: (id) => structuredClone(findPreset(id)),
    models: () => listModels().then((all) => structuredClone(all)),
    run: (target, params, options = {}) =>
      guard(async () => {
        const all = await listModels();
        const { model, preset, request } = targetRequest(
          all,
          presets,
          target,
          params,
          options.seed,
          'run',
        );
        const outcome = await watched(options, `run('${target}')`, (engineOptions) =>
          namingParam(engine.run(request, engineOptions)),
        );
        return runReport(preset, model, request.seed, outcome.result, outcome.params).report;
      }),
    trace: (target, params, options = {}) =>
      guard(async () => {
        const report = await traced('trace', target, params, options);
        return { ...traceHead(report), events: traceEvents(report.trace) };
      }),
    perfetto: (target, params, options = {}) =>
      guard(async () => perfettoTrace(await traced('perfetto', target, params, options))),
    describe: (target, params) =>
      guard(async () => describeTarget(engine, await listModels(), presets, target, params)),
    validate: (presetId, options = {}) =>
      guard(async () => {
        const chosen = presetId === undefined ? presets : [findPreset(presetId)];
        const all = await listModels();
        const runs = await validatePresets(engine, all, chosen, { seeds: !options.oneSeed });
        const { presets: checked, summary } = validationReport(runs);
        return {
          presets: checked,
          targets: summary.all.of,
          asExpected: summary.all.of - summary.notAsExpected,
          knownMisses: summary.knownMisses,
          summary,
        } satisfies Validation;
      }),
    get unwatched() {
      return engine.unwatched;
    },
    dispose: () => engine.dispose(),
  };
}

/** What the trace options are called here, by the engine parameter each sets. */
const TRACE_OPTION_NAMES: Record<string, string> = {
  trace_from: 'from',
  trace_length: 'length',
  trace_max_events: 'maxEvents',
  trace_max_bytes: 'maxBytes',
  point: 'point',
};

/** The CLI's and the engine's errors as the library's one typed error; aborts as they are. */
function rethrow(error: unknown): never {
  if (error instanceof ArchexError || isAbortError(error)) throw error;
  if (error instanceof UsageError) {
    throw new ArchexError(error.message, error.param ? 'param' : 'input', error.param);
  }
  if (error instanceof EngineError) {
    throw new ArchexError(error.message, error.kind ?? 'failure', error.param);
  }
  throw error;
}

async function guard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    rethrow(error);
  }
}

/**
 * The library's functions on one engine made when first needed (`create`): what the package
 * exports at its top, for a script or notebook that needs no options.
 */
export function sharedArchex(create: () => Archex, presets: Preset[]) {
  let shared: Archex | null = null;
  const archex = () => (shared ??= create());
  return {
    presets: presets.map(presetSummary),
    preset: ((id) => archex().preset(id)) as Archex['preset'],
    run: ((...args) => archex().run(...args)) as Archex['run'],
    trace: ((...args) => archex().trace(...args)) as Archex['trace'],
    perfetto: ((...args) => archex().perfetto(...args)) as Archex['perfetto'],
    describe: ((...args) => archex().describe(...args)) as Archex['describe'],
    validate: ((...args) => archex().validate(...args)) as Archex['validate'],
    models: (() => archex().models()) as Archex['models'],
  };
}
