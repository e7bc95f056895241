import type { ErrorInfo } from './protocol';
import type { SweepState } from './time_left';
import type { TraceOutcome, TraceRunRequest } from './trace';
import type { ModelInfo, NetworkMap, Params, RunRequest, RunResult } from './types';

export interface RunProgress {
  fraction: number;
  elapsedMs: number;
  /** The result so far: a sweep's finished points. */
  partial: RunResult;
  /** A sweep's points as the pool sees them at this report: what its time left is told from. */
  sweep?: SweepState;
}

export interface RunOptions {
  /** Aborting cancels the run in the engine and rejects with an AbortError. */
  signal?: AbortSignal;
  onProgress?: (progress: RunProgress) => void;
}

export interface RunOutcome {
  result: RunResult;
  /** Every parameter after defaults and validation. */
  params: Params;
  elapsedMs: number;
}

/** The engine as the UI, the CLI and the tests see it: a worker or the same code in-process. */
export interface Engine {
  listModels(signal?: AbortSignal): Promise<ModelInfo[]>;
  run(request: RunRequest, options?: RunOptions): Promise<RunOutcome>;
  /** The networks a model's machine is built as for `params`, without running it. */
  describe(model: string, params: Params, signal?: AbortSignal): Promise<NetworkMap[]>;
  /** A run (one point of a sweep model) recording a window of its events. */
  trace(request: TraceRunRequest, options?: RunOptions): Promise<TraceOutcome>;
  /** Called with the number of requests in flight now and whenever it changes. Returns an unsubscribe. */
  onPendingChange(listener: (pending: number) => void): () => void;
  /**
   * Why an engine host that stops without a word (killed by the browser) would go unseen here, in
   * words (the browser refused the Web Lock that watches it), or null when it would be noticed.
   */
  readonly unwatched: string | null;
  dispose(): void;
}

/**
 * An error the engine reported, in words: a bad parameter (with `param`), bad input (an unknown
 * model), memory that ran out, or another failure.
 */
export class EngineError extends Error {
  readonly param: string | undefined;
  readonly kind: ErrorInfo['kind'];
  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = 'EngineError';
    this.param = info.param;
    this.kind = info.kind;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
