import type { ModelInfo, ParamSpec, Scalar, Series } from '#wasm/archex';

export type { ModelInfo, ParamSpec };

/** One number, or a list of numbers for a sweep parameter (spec.maxItems > 0). */
export type ParamValue = number | number[];

/** Parameter name to value. */
export type Params = Record<string, ParamValue>;

export function isListSpec(spec: ParamSpec): boolean {
  return spec.maxItems > 0;
}

export function sameValue(a: ParamValue | undefined, b: ParamValue | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => v === b[i]);
  }
  return a === b;
}

export type ScalarData = Scalar;

/** A series with plain arrays, so it crosses to the UI and serializes as JSON. */
export type SeriesData = Omit<Series, 'x' | 'y'> & { x: number[]; y: number[] };

/** What one run produced, in a form that crosses the worker boundary and serializes as JSON. */
export interface RunResult {
  scalars: ScalarData[];
  series: SeriesData[];
}

export function scalarValue(result: RunResult, name: string): number {
  const found = result.scalars.find((s) => s.name === name);
  if (!found) {
    throw new Error(
      `no result '${name}'; results: ${result.scalars.map((s) => s.name).join(', ')}`,
    );
  }
  return found.value;
}

export function findSeries(result: RunResult, name: string): SeriesData {
  const found = result.series.find((s) => s.name === name);
  if (!found) {
    throw new Error(`no series '${name}'; series: ${result.series.map((s) => s.name).join(', ')}`);
  }
  return found;
}
