import type { ArchexModule, CombineOutcome, RawResult, Simulation } from '#wasm/archex';

import type { EngineRequest, EngineResponse, ErrorInfo, ResponseBody } from './protocol';
import { yieldToEventLoop } from './event_loop';
import { bindingErrorInfo, errorInfo, versionMismatch } from './host_errors';
import { PROTOCOL_VERSION } from './protocol';
import { traceBuffers } from './trace';
import type { RunResult } from './types';
import { resultTransfer } from './types';

/** A combine of a sweep whose points the host keeps. */
type KeptCombine = Extract<EngineRequest, { type: 'combine' }> & { sweep: number };

/** Slices of engine work aim at this length so a cancel or a new request is seen within a frame. */
const SLICE_TARGET_MS = 8;
/** Progress, with the result so far, at most this often: often enough to look live. */
const PROGRESS_INTERVAL_MS = 100;

/**
 * A result as it crosses to the UI: curves as plain numbers (they are JSON-shaped and short);
 * networks and timelines keep the typed arrays the bindings copied out of wasm memory, which the
 * post then moves (resultTransfer).
 */
function toRunResult(raw: RawResult): RunResult {
  return {
    scalars: raw.scalars.map((s) => ({ ...s })),
    series: raw.series.map((s) => ({ ...s, x: Array.from(s.x), y: Array.from(s.y) })),
    networks: raw.networks,
    timelines: raw.timelines,
    ...(raw.record ? { record: Array.from(raw.record) } : {}),
  };
}

/** The buffers a response carries in its results, to move rather than copy. */
export function responseTransfer(response: EngineResponse): ArrayBuffer[] {
  if (response.type === 'result') return resultTransfer(response.result);
  if (response.type === 'progress') return resultTransfer(response.partial);
  if (response.type === 'described') {
    return resultTransfer({ scalars: [], series: [], networks: response.networks, timelines: [] });
  }
  if (response.type === 'trace') {
    const { trace, result, networks } = response;
    const described = resultTransfer({ scalars: [], series: [], networks, timelines: [] });
    return [...new Set([...traceBuffers(trace), ...resultTransfer(result), ...described])];
  }
  return [];
}

/** Frees a simulation; after a trap the module cannot, and its memory goes with the host. */
function release(sim: Simulation): void {
  try {
    sim.delete();
  } catch {
    // The host is broken already and answers every later request with why.
  }
}

/**
 * Serves protocol requests from a loaded wasm module. Runs advance in short slices, yielding
 * between them so that cancel messages arrive; the same class runs inside the worker and
 * in-process.
 */
export class EngineHost {
  private readonly cancelled = new Set<number>();
  private readonly running = new Set<number>();
  /** Set once the module has trapped: it cannot be used again, so every request gets this. */
  private broken: ErrorInfo | null = null;
  /** The module, once loaded: results say its memory. */
  private loaded: ArchexModule | null = null;
  /** Each sweep whose points this host keeps (combine's `sweep`), by its number. */
  private readonly kept = new Map<number, Simulation>();
  /** The kept sweeps' requests, one after another. */
  private sweeps: Promise<void> = Promise.resolve();

  constructor(
    private readonly module: Promise<ArchexModule>,
    /** Sends a response, moving the buffers in `transfer` (see responseTransfer). */
    private readonly post: (response: EngineResponse, transfer: ArrayBuffer[]) => void,
    private readonly progressIntervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  private memoryBytes(): number {
    return this.loaded?.memoryUsed() ?? 0;
  }

  private send(body: ResponseBody): void {
    const response = { ...body, v: PROTOCOL_VERSION } as EngineResponse;
    this.post(response, responseTransfer(response));
  }

  /** Answers `id` with what was thrown, in words; a trap leaves the host broken. */
  private fail(id: number, error: unknown): void {
    const info = errorInfo(error);
    if (info.restart) this.broken = info;
    this.send({ type: 'error', id, error: info });
  }

  handle(request: EngineRequest): void {
    if (request.v !== PROTOCOL_VERSION) {
      this.send({
        type: 'error',
        id: request.id,
        error: { message: versionMismatch(request.v), kind: 'input' },
      });
      return;
    }
    if (this.broken && request.type !== 'cancel') {
      this.send({ type: 'error', id: request.id, error: this.broken });
      return;
    }
    switch (request.type) {
      case 'cancel':
        if (this.running.has(request.target)) this.cancelled.add(request.target);
        return;
      case 'close-sweep':
        this.sweeps = this.sweeps.then(() => this.forget(request.sweep));
        return;
      case 'list-models':
        this.module
          .then((m) => this.send({ type: 'models', id: request.id, models: m.listModels() }))
          .catch((error: unknown) => this.fail(request.id, error));
        return;
      case 'describe':
        this.module
          .then((m) => {
            const described = m.describeMachine(request.model, request.params, undefined);
            if ('error' in described) {
              this.send({
                type: 'error',
                id: request.id,
                error: bindingErrorInfo(described.error),
              });
            } else {
              this.send({ type: 'described', id: request.id, networks: described.networks });
            }
          })
          .catch((error: unknown) => this.fail(request.id, error));
        return;
      case 'combine':
        // A kept sweep's combines in their order, each after the one before has added its points.
        if (request.sweep !== undefined) {
          const kept = { ...request, sweep: request.sweep };
          this.sweeps = this.sweeps.then(() => this.combineKept(kept));
        } else void this.answer(request);
        return;
      case 'plan':
        void this.answer(request);
        return;
      case 'run':
      case 'trace':
        this.running.add(request.id);
        void this.run(request).finally(() => {
          this.running.delete(request.id);
          this.cancelled.delete(request.id);
        });
        return;
    }
  }

  /** A built simulation, or null once the error has been answered. */
  private async simulation(
    request: Extract<EngineRequest, { type: 'run' | 'trace' | 'plan' | 'combine' }>,
  ): Promise<Simulation | null> {
    const { id } = request;
    let sim: Simulation;
    try {
      const module = await this.module;
      this.loaded = module;
      const point = request.type === 'run' || request.type === 'trace' ? request.point : undefined;
      sim =
        point !== undefined
          ? new module.Simulation(request.model, request.params, request.seed, point)
          : new module.Simulation(request.model, request.params, request.seed);
      if (request.type === 'trace') sim.recordTrace(request.window);
    } catch (error) {
      this.fail(id, error);
      return null;
    }
    const rejected = sim.error();
    if (rejected === null) return sim;
    sim.delete();
    this.send({ type: 'error', id, error: bindingErrorInfo(rejected) });
    return null;
  }

  /** Frees the sweeps this host keeps: its port has closed, so no combine of them will come. */
  dispose(): void {
    for (const sweep of [...this.kept.keys()]) this.forget(sweep);
  }

  private forget(sweep: number): void {
    const sim = this.kept.get(sweep);
    if (sim) release(sim);
    this.kept.delete(sweep);
  }

  /**
   * The simulation that keeps a sweep's points, holding `held` of them, or null once the error
   * has been answered. A sweep begun again (held 0) starts afresh.
   */
  private async keptSweep(request: KeptCombine): Promise<Simulation | null> {
    const held = request.held ?? 0;
    if (held === 0) this.forget(request.sweep);
    const kept = this.kept.get(request.sweep);
    if (kept && kept.heldPoints() === held) return kept;
    if (kept || held > 0) {
      this.forget(request.sweep);
      const has = kept ? kept.heldPoints() : 0;
      const message = `This engine holds ${has} of the sweep's points, not ${held}: send them all.`;
      this.send({ type: 'error', id: request.id, error: { message, kind: 'input' } });
      return null;
    }
    const sim = await this.simulation(request);
    if (sim) this.kept.set(request.sweep, sim);
    return sim;
  }

  /** A sweep's plan, or the whole result from its points' partials: quick, so in one go. */
  private async answer(request: Extract<EngineRequest, { type: 'plan' | 'combine' }>) {
    const { id } = request;
    const started = performance.now();
    const sim = await this.simulation(request);
    if (!sim) return;
    try {
      if (request.type === 'plan') {
        const weights = sim.pointWeights();
        const keys = sim.pointKeys();
        const failed = sim.error();
        if (failed !== null) this.send({ type: 'error', id, error: bindingErrorInfo(failed) });
        else this.send({ type: 'plan', id, weights, keys, params: sim.params() });
        return;
      }
      const outcome = sim.combine(request.partials);
      if ('error' in outcome) {
        this.send({ type: 'error', id, error: bindingErrorInfo(outcome.error) });
        return;
      }
      this.sendCombined(id, outcome.result, sim, started);
    } catch (error) {
      this.fail(id, error);
    } finally {
      release(sim);
    }
  }

  /** A combine of a sweep whose points this host keeps: adds the new ones, combines them all. */
  private async combineKept(request: KeptCombine): Promise<void> {
    const { id, sweep } = request;
    const started = performance.now();
    const sim = await this.keptSweep(request);
    if (!sim) return;
    try {
      const refused = sim.addPoints(request.partials);
      const outcome: CombineOutcome = refused ? { error: refused } : sim.combine([]);
      if ('error' in outcome) {
        // Its points are dropped, so the client sends them all again.
        this.forget(sweep);
        this.send({ type: 'error', id, error: bindingErrorInfo(outcome.error) });
        return;
      }
      this.sendCombined(id, outcome.result, sim, started);
      if (request.close) this.forget(sweep);
    } catch (error) {
      this.forget(sweep);
      this.fail(id, error);
    }
  }

  private sendCombined(id: number, result: RawResult, sim: Simulation, started: number): void {
    this.send({
      type: 'result',
      id,
      result: toRunResult(result),
      params: sim.params(),
      elapsedMs: performance.now() - started,
      memoryBytes: this.memoryBytes(),
    });
  }

  private async run(request: Extract<EngineRequest, { type: 'run' | 'trace' }>): Promise<void> {
    const { id } = request;
    // The run's time starts once the engine is loaded: a new host's start is not the run's work,
    // and would read as a slow point to the time left (a failed load is answered below).
    await this.module.catch(() => {});
    const started = performance.now();
    const sim = await this.simulation(request);
    if (!sim) return;
    try {
      let budget = 16;
      let lastProgress = started;
      for (;;) {
        if (this.cancelled.has(id)) {
          this.send({ type: 'cancelled', id });
          return;
        }
        const sliceStart = performance.now();
        if (sim.advance(budget)) break;
        const now = performance.now();
        const slice = now - sliceStart;
        if (slice < SLICE_TARGET_MS / 2) budget *= 2;
        else if (slice > SLICE_TARGET_MS * 2) budget = Math.max(1, Math.floor(budget / 2));
        if (now - lastProgress >= this.progressIntervalMs) {
          lastProgress = now;
          this.send({
            type: 'progress',
            id,
            fraction: sim.progress(),
            elapsedMs: now - started,
            partial: toRunResult(sim.result()),
          });
        }
        await yieldToEventLoop();
      }
      // A run that failed (memory ran out) ends as if complete and says why here.
      const failed = sim.error();
      if (failed !== null) {
        this.send({ type: 'error', id, error: bindingErrorInfo(failed) });
        return;
      }
      const trace = request.type === 'trace' ? sim.trace() : null;
      if (trace !== null) {
        const elapsedMs = performance.now() - started;
        const memoryBytes = this.memoryBytes();
        const params = sim.params();
        const result = toRunResult(sim.result());
        // The networks the traced point ran on: a sweep's points may differ in size.
        const described = (await this.module).describeMachine(request.model, params, request.point);
        const networks = 'networks' in described ? described.networks : [];
        const body = { type: 'trace' as const, id, trace, result, networks, params, elapsedMs };
        this.send({ ...body, memoryBytes });
        return;
      }
      this.send({
        type: 'result',
        id,
        result: toRunResult(sim.result()),
        params: sim.params(),
        elapsedMs: performance.now() - started,
        memoryBytes: this.memoryBytes(),
      });
    } catch (error) {
      this.fail(id, error);
    } finally {
      release(sim);
    }
  }
}
