// Types of the embind module built from wasm/bindings.cpp (Emscripten 3.1.6 cannot emit them).
// wasm/bindings.test.ts loads the real module and calls every binding declared here.

export interface ParamSpec {
  name: string;
  label: string;
  unit: string;
  /** The default of a single-number parameter; for a list parameter, the value of a new item. */
  default: number;
  min: number;
  max: number;
  step: number;
  integer: boolean;
  description: string;
  /** 0: one number. n >= 1: a list of 1 to n numbers, each checked against min, max, integer. */
  maxItems: number;
  /** The default of a list parameter; empty for a single-number one. */
  defaultList: number[];
  /** Names of the values 0, 1, ... when the parameter picks one of them; empty otherwise. */
  choices: string[];
}

export interface ModelInfo {
  name: string;
  title: string;
  description: string;
  citation: string;
  params: ParamSpec[];
}

export interface Scalar {
  name: string;
  value: number;
  unit: string;
  description: string;
}

export interface Series {
  name: string;
  label: string;
  xName: string;
  xUnit: string;
  yName: string;
  yUnit: string;
  x: Float64Array;
  y: Float64Array;
  /** A name per x value when x numbers categories (messages by kind); empty otherwise. */
  labels: string[];
}

export interface RawResult {
  scalars: Scalar[];
  series: Series[];
}

/** Why a simulation could not be built; `param` names the offending parameter if there is one. */
export interface BindingError {
  message: string;
  param?: string;
}

/**
 * One run of a model. Owns wasm memory: call delete() when done with it. No method throws; a
 * simulation that could not be built has error() set and an empty, finished run.
 */
export interface Simulation {
  /** null, or why the model, a parameter or the seed was rejected. */
  error(): BindingError | null;
  /** Does at most `budget` units of work (below 1 counts as 1); true once the run is complete. */
  advance(budget: number): boolean;
  done(): boolean;
  /** Fraction done, 0..1. */
  progress(): number;
  model(): string;
  seed(): number;
  /** Every parameter of the run after defaults and validation: arrays for list parameters. */
  params(): Record<string, number | number[]>;
  /** Everything computed so far. */
  result(): RawResult;
  delete(): void;
}

export interface ArchexModule {
  listModels(): ModelInfo[];
  /**
   * `params` holds a number for a single-number parameter and an array for a list parameter; the
   * other kind, or an item that is not a number, is reported by error().
   */
  Simulation: new (
    model: string,
    params: Record<string, number | number[]>,
    seed: number,
  ) => Simulation;
}

export interface ModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
}

declare function createArchexModule(options?: ModuleOptions): Promise<ArchexModule>;
export default createArchexModule;
