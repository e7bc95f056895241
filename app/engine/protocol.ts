// The one message format between the UI and the engine (worker or in-process). Both sides import
// this module; every message names its fields and carries the protocol version.
//
// Versions:
//   1  list-models, run (with progress), cancel.
//   2  progress carries the result so far, so a sweep can be drawn as it fills in.
//   3  plan (a sweep's points and their work), run of one point, combine of points' partials,
//      so the points of one sweep can run on several workers.
//   4  errors say their kind; after running out of memory or a trap the host asks to be
//      replaced (`restart`), so its memory is given back and a broken module is not used again.
//   5  results say the host's memory (`memoryBytes`), so a host grown large is replaced once idle;
//      the kind 'crash' is a host that died without a word (its client says so); a worker says
//      'hello' as it starts, so its end can be watched from then on.
//   6  trace: a run (one point of a sweep) that records a window of its events, answered with
//      the trace's typed arrays transferred, not copied.
//   7  results say what they are: networks (routers, terminals, channels as typed columns) and
//      timelines beside scalars and series, their typed arrays moved with transfer lists; a
//      request of another version is refused in words (reload the page).
//   8  a trace's answer also carries the point's result and the machine's networks as the
//      engine describes them (a trace names channels by their `id`), for the views that play it;
//      describe: a machine's networks for some parameters, without a run (the picker's drawings).
//   9  hello says whether the worker holds its lock (`unwatched`: why not, in words), since a
//      browser may refuse Web Locks (a frame of another site) and the engine starts all the same.
//  10  a plan also gives each point's key where the model declares them: the same key, in any
//      run of the model with the same seed, gives the same partial.
//  11  a point's partial carries its record (RunResult.record); a combine may name a sweep the
//      host keeps the points of (`sweep`, `held`), so each point crosses once however often the
//      sweep is combined as it fills in; close-sweep frees what the host keeps.
import type { Trace, TraceRequest } from './trace';
import type { ModelInfo, NetworkMap, Params, RunResult } from './types';

export const PROTOCOL_VERSION = 11;

/** What one point of a sweep produced, by its index. */
export interface PointPartial {
  point: number;
  result: RunResult;
}

export type EngineRequest =
  | { v: number; type: 'list-models'; id: number }
  | { v: number; type: 'plan'; id: number; model: string; params: Params; seed: number }
  | { v: number; type: 'describe'; id: number; model: string; params: Params }
  | {
      v: number;
      type: 'run';
      id: number;
      model: string;
      params: Params;
      seed: number;
      /** Only this point of a sweep model; its result is the point's partial. */
      point?: number;
    }
  | {
      v: number;
      type: 'combine';
      id: number;
      model: string;
      params: Params;
      seed: number;
      /** With `sweep`: only the points not sent before, which the host adds to those it keeps. */
      partials: PointPartial[];
      /**
       * The sweep, numbered by its client, whose points the host keeps for its next combines;
       * absent: the partials are all there is.
       */
      sweep?: number;
      /** How many of the sweep's points the host should hold already (0: begin it afresh). */
      held?: number;
      /** The sweep's last combine: the host then forgets its points. */
      close?: boolean;
    }
  | { v: number; type: 'close-sweep'; id: number; sweep: number }
  | {
      v: number;
      type: 'trace';
      id: number;
      model: string;
      params: Params;
      seed: number;
      point?: number;
      window: TraceRequest;
    }
  | { v: number; type: 'cancel'; id: number; target: number };

export interface ErrorInfo {
  /** In words: what went wrong and what to change. */
  message: string;
  /**
   * A bad parameter or input, memory that ran out, another failure of the engine, or a host
   * that died without a word (closed, killed, crashed).
   */
  kind?: 'param' | 'input' | 'memory' | 'failure' | 'crash';
  /** The parameter the error is about, when it is about one. */
  param?: string;
  /** The host should be replaced: its memory has grown to its limit or its module is broken. */
  restart?: boolean;
}

export type EngineResponse =
  | { v: number; type: 'models'; id: number; models: ModelInfo[] }
  | { v: number; type: 'described'; id: number; networks: NetworkMap[] }
  | {
      v: number;
      type: 'plan';
      id: number;
      /** Relative work of each point of a sweep model, in start order; empty for other models. */
      weights: number[];
      /**
       * Each point's key (what its partial depends on besides the seed), one per point; empty
       * when the model's points are known only by their index.
       */
      keys: string[];
      params: Params;
    }
  | {
      v: number;
      type: 'progress';
      id: number;
      fraction: number;
      elapsedMs: number;
      /** Everything computed so far. */
      partial: RunResult;
    }
  | {
      v: number;
      type: 'result';
      id: number;
      result: RunResult;
      params: Params;
      elapsedMs: number;
      /** The host's memory after the request: wasm memory grows and is given back only with it. */
      memoryBytes: number;
    }
  | {
      v: number;
      type: 'trace';
      id: number;
      trace: Trace;
      /** The traced run's own result (a sweep point's partial). */
      result: RunResult;
      /** The machine's networks for these parameters (describeMachine), for drawing the trace. */
      networks: NetworkMap[];
      params: Params;
      elapsedMs: number;
      memoryBytes: number;
    }
  | { v: number; type: 'cancelled'; id: number }
  /**
   * A worker is up; answers no request. In a browser it holds the lock its page watches, or says
   * why it cannot (`unwatched`), and then its silent end goes unseen.
   */
  | { v: number; type: 'hello'; id: 0; unwatched: string | null }
  | { v: number; type: 'error'; id: number; error: ErrorInfo };

type Body<T> = T extends unknown ? Omit<T, 'v'> : never;
export type RequestBody = Body<EngineRequest>;
export type ResponseBody = Body<EngineResponse>;
