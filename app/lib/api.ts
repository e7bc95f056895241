// The library's public declarations: what node.ts and browser.ts export, whichever threads run
// the engine (archex.ts implements them).
import type { ModelInfo } from '../engine/types';
import type { RunEstimate } from '../engine/run_watch';
import type { traceEvents } from '../engine/trace';
import type { PerfettoTrace } from '../exports/perfetto';
import type { Preset } from '../presets/schema';
import type { Description, PresetSummary } from '../headless/describe';
import type { RunReport } from '../headless/run';
import type { ParamInput } from '../headless/target';
import type { traceHead } from '../headless/trace';
import type { ValidationSummary } from '../presets/validation_summary';

export type { ModelInfo, ParamSpec, OutputSpec } from '../engine/types';
export type { Description, PresetSummary } from '../headless/describe';
export type { RunReport } from '../headless/run';
export type { ParamInput } from '../headless/target';
export type { Preset } from '../presets/schema';
export type { PerfettoTrace } from '../exports/perfetto';
export { ArchexError } from './errors';
export type { RunEstimate } from '../engine/run_watch';

export interface RunOptions {
  /** The random seed (default: the preset's, or 1 for a model). */
  seed?: number;
  /** Aborting stops the run in the engine and rejects with an AbortError. */
  signal?: AbortSignal;
  /** How far the run is, about ten times a second: `fraction` from 0 to 1. */
  onProgress?: (progress: { fraction: number; elapsedMs: number }) => void;
  /**
   * Called once, a few seconds in, when the run would take longer than a minute: its time left
   * (seconds, a short and a long end), its points and how long it had run when judged. The same
   * estimate the explorer pauses a run on and the CLI says on stderr.
   */
  onEstimate?: (estimate: RunEstimate) => void;
  /**
   * Stops the run after this many seconds (1 to 20 days' worth), rejecting with an ArchexError
   * of kind 'time-limit' that says how many of its points had finished.
   */
  timeLimit?: number;
}

export interface TraceOptions extends RunOptions {
  /** The point of a sweep to run (default its first); a model that is no sweep runs whole. */
  point?: number;
  /**
   * The window's start in the model's clock: cycles, ms (the Multi-PSI, the transputer farm) or
   * us (the Paragon).
   */
  from?: number;
  /** The window's length in that clock (default 1000). */
  length?: number;
  /** Caps past which the trace keeps its beginning and counts what it drops (default 64 MB). */
  maxEvents?: number;
  maxBytes?: number;
}

/** What `trace` gives: `cli trace --json`'s object, events included. */
export type TraceResult = ReturnType<typeof traceHead> & {
  events: ReturnType<typeof traceEvents>;
};

/** Presets' paper targets checked: each preset's rows as `run --json` writes them. */
export interface Validation {
  presets: { preset: string; validation: RunReport['validation'] }[];
  targets: number;
  /** Targets that came out as expected: passed, or missed where the miss is known. */
  asExpected: number;
  knownMisses: number;
  /**
   * `validate --json`'s summary: passed of all, of the independent targets, of those over seeds
   * (absent with `oneSeed`), and per role.
   */
  summary: ValidationSummary;
}

export interface Archex {
  /** Every preset, by id. */
  readonly presets: PresetSummary[];
  /** A preset whole, as its JSON file declares it (charts, reference data, tours' use). */
  preset(id: string): Preset;
  /** The engine's models, their parameters (ranges, units, choices) and outputs. */
  models(): Promise<ModelInfo[]>;
  /** Runs a preset (its values, then `params` over them) or a model (its defaults, then `params`). */
  run(
    target: string,
    params?: Record<string, ParamInput>,
    options?: RunOptions,
  ): Promise<RunReport>;
  /** One run (a sweep's point) recording a window of its events. */
  trace(
    target: string,
    params?: Record<string, ParamInput>,
    options?: TraceOptions,
  ): Promise<TraceResult>;
  /** The same trace as a Perfetto (Chrome trace-event JSON) file's object. */
  perfetto(
    target: string,
    params?: Record<string, ParamInput>,
    options?: TraceOptions,
  ): Promise<PerfettoTrace>;
  /** The model, and its machine's networks for these parameters, without running it. */
  describe(target: string, params?: Record<string, ParamInput>): Promise<Description>;
  /**
   * Runs presets (one, or all) and checks their paper targets, each stochastic target over seeds
   * 1-16 as well, unless `oneSeed` (each preset on its own seed only, as `validate --one-seed`).
   */
  validate(presetId?: string, options?: { oneSeed?: boolean }): Promise<Validation>;
  /** Why the engine's threads could not be watched for a silent end, in words; null when they are. */
  readonly unwatched: string | null;
  /** Ends the engine's threads; runs still going reject. */
  dispose(): void;
}
