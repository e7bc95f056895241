import type { ModelInfo, ParamSpec } from '#wasm/archex';

export type { ModelInfo, ParamSpec };

/** Parameter name to value. */
export type Params = Record<string, number>;

export interface ScalarData {
  name: string;
  value: number;
  unit: string;
  description: string;
}

export interface SeriesData {
  name: string;
  label: string;
  xName: string;
  xUnit: string;
  yName: string;
  yUnit: string;
  x: number[];
  y: number[];
}

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
