import type { ErrorInfo } from './protocol';
import type { ModelInfo, Params, RunResult } from './types';

export interface RunRequest {
  model: string;
  params: Params;
  seed: number;
}

export interface RunProgress {
  fraction: number;
  elapsedMs: number;
  partial?: RunResult;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** A new run on the same channel cancels the one before it. */
  channel?: string;
  onProgress?: (progress: RunProgress) => void;
  /** Ask for partial results with each progress report. */
  partial?: boolean;
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
  /** Called with the number of requests in flight whenever it changes. Returns an unsubscribe. */
  onPendingChange(listener: (pending: number) => void): () => void;
  dispose(): void;
}

/** An error the engine reported: bad parameter (with `param`), unknown model, or a failure. */
export class EngineError extends Error {
  readonly param: string | undefined;
  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = 'EngineError';
    this.param = info.param;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
