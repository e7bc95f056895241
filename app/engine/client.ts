import type { Engine, RunOptions, RunOutcome, RunProgress } from './engine';
import { EngineError } from './engine';
import type {
  EngineRequest,
  EngineResponse,
  ErrorInfo,
  PointPartial,
  RequestBody,
} from './protocol';
import { PROTOCOL_VERSION } from './protocol';
import type { TraceOutcome, TraceRunRequest } from './trace';
import type { ModelInfo, NetworkMap, Params, RunRequest, RunResult } from './types';

/**
 * A sweep model's points (their relative work; none for other models), their keys where the
 * model declares them (else none), and the resolved parameters.
 */
export interface SweepPlan {
  weights: number[];
  keys: string[];
  params: Params;
}

/** A sweep whose points one host keeps as they come (EngineClient.sweepCombiner). */
export interface SweepCombiner {
  /**
   * The result from `partials`, the sweep's finished points so far: the same list each time,
   * grown at its end. The last combine (`last`) also frees what the host keeps.
   */
  combine(
    partials: PointPartial[],
    options?: { last?: boolean; signal?: AbortSignal },
  ): Promise<RunResult>;
  /** Frees what the host keeps, when the sweep ends without its last combine. */
  close(): void;
}

/** A two-way message channel to an EngineHost: a Worker, or an in-memory pair. */
export interface Port {
  post(request: EngineRequest): void;
  listen(handler: (response: EngineResponse) => void): void;
  close(): void;
}

interface Pending {
  resolve(response: EngineResponse): void;
  reject(error: unknown): void;
  onProgress?: (progress: RunProgress) => void;
}

function abortError(): DOMException {
  return new DOMException('The engine request was cancelled', 'AbortError');
}

/** The Engine interface over a Port: request ids, progress, cancellation, superseded runs. */
export class EngineClient implements Engine {
  private nextId = 1;
  private nextSweep = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(pending: number) => void>();
  /** Set once the other side is gone; every later request fails with it. */
  private deadReason: ErrorInfo | null = null;
  /** The host's memory as its last result said: it grows with runs and is never given back. */
  memoryBytes = 0;
  /** Why this host's silent end would go unseen (the browser refused what watches it), or null. */
  unwatched: string | null = null;

  constructor(private readonly port: Port) {
    port.listen((response) => this.receive(response));
  }

  async listModels(signal?: AbortSignal): Promise<ModelInfo[]> {
    const response = await this.request({ type: 'list-models', id: 0 }, signal);
    if (response.type !== 'models')
      throw new EngineError({ message: `unexpected ${response.type}` });
    return response.models;
  }

  async describe(model: string, params: Params, signal?: AbortSignal): Promise<NetworkMap[]> {
    const response = await this.request({ type: 'describe', id: 0, model, params }, signal);
    if (response.type !== 'described')
      throw new EngineError({ message: `unexpected ${response.type}` });
    return response.networks;
  }

  run(request: RunRequest, options: RunOptions = {}): Promise<RunOutcome> {
    return this.runBody({ type: 'run', id: 0, ...request }, options);
  }

  async plan(request: RunRequest, signal?: AbortSignal): Promise<SweepPlan> {
    const response = await this.request({ type: 'plan', id: 0, ...request }, signal);
    if (response.type !== 'plan') throw new EngineError({ message: `unexpected ${response.type}` });
    return { weights: response.weights, keys: response.keys, params: response.params };
  }

  async trace(request: TraceRunRequest, options: RunOptions = {}): Promise<TraceOutcome> {
    const body = { type: 'trace' as const, id: 0, ...request };
    const response = await this.request(body, options.signal, options.onProgress);
    if (response.type !== 'trace')
      throw new EngineError({ message: `unexpected ${response.type}` });
    const { trace, result, networks, params, elapsedMs } = response;
    return { trace, result, networks, params, elapsedMs };
  }

  /** Runs one point of a sweep model; the outcome's result is that point's partial result. */
  runPoint(request: RunRequest, point: number, options: RunOptions = {}): Promise<RunOutcome> {
    return this.runBody({ type: 'run', id: 0, ...request, point }, options);
  }

  private async runBody(
    body: Extract<RequestBody, { type: 'run' }>,
    options: RunOptions,
  ): Promise<RunOutcome> {
    const response = await this.request(body, options.signal, options.onProgress);
    if (response.type !== 'result')
      throw new EngineError({ message: `unexpected ${response.type}` });
    return { result: response.result, params: response.params, elapsedMs: response.elapsedMs };
  }

  /** The whole run's result from the partials of some or all of its points. */
  async combine(
    request: RunRequest,
    partials: PointPartial[],
    signal?: AbortSignal,
  ): Promise<RunResult> {
    const response = await this.request({ type: 'combine', id: 0, ...request, partials }, signal);
    if (response.type !== 'result')
      throw new EngineError({ message: `unexpected ${response.type}` });
    return response.result;
  }

  /**
   * A sweep combined on this host as its points come: each combine sends only the points not
   * sent before, which the host keeps with the others.
   */
  sweepCombiner(request: RunRequest): SweepCombiner {
    const sweep = this.nextSweep++;
    let sent = 0;
    let closed = false;
    const send = async (partials: PointPartial[], last: boolean, signal?: AbortSignal) => {
      // The host adds what is sent even if this side stops waiting for the answer.
      const held = sent;
      sent = partials.length;
      const body = {
        type: 'combine' as const,
        id: 0,
        ...request,
        partials: partials.slice(held),
        sweep,
        held,
        ...(last ? { close: true } : {}),
      };
      const response = await this.request(body, signal).catch((error: unknown) => {
        if (!(error instanceof DOMException)) sent = 0;
        return Promise.reject(error);
      });
      if (response.type !== 'result')
        throw new EngineError({ message: `unexpected ${response.type}` });
      return response.result;
    };
    return {
      combine: async (partials, { last = false, signal } = {}) => {
        if (closed) throw new EngineError({ message: 'this sweep was closed' });
        if (last) closed = true;
        const held = sent;
        try {
          return await send(partials, last, signal);
        } catch (error) {
          // A host that lost the sweep's points (or refused some) gets them all once more.
          if (held === 0 || !(error instanceof EngineError) || error.kind !== 'input') throw error;
          return send(partials, last, signal);
        }
      },
      close: () => {
        if (closed || this.deadReason !== null) return;
        closed = true;
        this.port.post({ v: PROTOCOL_VERSION, type: 'close-sweep', id: this.nextId++, sweep });
      },
    };
  }

  onPendingChange(listener: (pending: number) => void): () => void {
    this.listeners.add(listener);
    // Requests may already be in flight when a view subscribes.
    listener(this.pending.size);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    for (const pending of this.pending.values()) pending.reject(abortError());
    this.pending.clear();
    this.notify();
    this.port.close();
  }

  private request(
    body: RequestBody,
    signal?: AbortSignal,
    onProgress?: (progress: RunProgress) => void,
  ): Promise<EngineResponse> {
    if (signal?.aborted) return Promise.reject(abortError());
    if (this.deadReason !== null) return Promise.reject(new EngineError(this.deadReason));
    const id = this.nextId++;
    return new Promise<EngineResponse>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.delete(id)) return;
        this.port.post({ v: PROTOCOL_VERSION, type: 'cancel', id: this.nextId++, target: id });
        this.notify();
        reject(abortError());
      };
      const settle = () => signal?.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (r) => {
          settle();
          resolve(r);
        },
        reject: (e) => {
          settle();
          reject(e);
        },
        ...(onProgress ? { onProgress } : {}),
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.notify();
      this.port.post({ ...body, id, v: PROTOCOL_VERSION } as EngineRequest);
    });
  }

  private receive(response: EngineResponse): void {
    const pending = this.pending.get(response.id);
    if (!pending) return; // answer to a request cancelled on this side
    if (response.type === 'progress') {
      pending.onProgress?.({
        fraction: response.fraction,
        elapsedMs: response.elapsedMs,
        partial: response.partial,
      });
      return;
    }
    this.pending.delete(response.id);
    this.notify();
    if (response.v !== PROTOCOL_VERSION) {
      pending.reject(
        new EngineError({
          message: `engine speaks protocol ${response.v}, UI ${PROTOCOL_VERSION}`,
        }),
      );
    } else if (response.type === 'error') {
      pending.reject(new EngineError(response.error));
      // The host has run out of memory or trapped: no further request goes to it.
      if (response.error.restart) this.fail(response.error.message, response.error.kind);
    } else if (response.type === 'cancelled') pending.reject(abortError());
    else {
      if (response.type === 'result' || response.type === 'trace')
        this.memoryBytes = response.memoryBytes;
      pending.resolve(response);
    }
  }

  /** The other side is gone or asked to be replaced; a pool opens a new one in its place. */
  get dead(): boolean {
    return this.deadReason !== null;
  }

  /**
   * The other side died (by default without a word: 'crash') or asked to be replaced: fails
   * every request in flight and every later one.
   */
  fail(message: string, kind: ErrorInfo['kind'] = 'crash'): void {
    if (this.deadReason !== null) return;
    this.deadReason = { message, kind };
    for (const pending of this.pending.values()) pending.reject(new EngineError(this.deadReason));
    this.pending.clear();
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener(this.pending.size);
  }
}
