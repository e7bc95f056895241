// A run as the native engine writes it whole (engine/src/core/result_json.h, result_full_json;
// `archex_run --full`), read back as the result the wasm bindings give: a host that runs the
// engine natively (the Python package) hands this text to the same TypeScript that reports a
// wasm run. Its doubles are exact; a non-finite one is written as its name, JSON having none.
// Every network carries its dependencies and turns tables, as the bindings' do (empty: none).
import type { Column, NetworkMap, Params, RunResult, Table, Timeline } from './types';

/** A number as written: a JSON number, or "NaN", "Infinity", "-Infinity". */
function real(value: unknown): number {
  if (typeof value === 'number') return value;
  if (value === 'NaN') return Number.NaN;
  if (value === 'Infinity') return Number.POSITIVE_INFINITY;
  if (value === '-Infinity') return Number.NEGATIVE_INFINITY;
  throw new Error(`the engine's result has ${JSON.stringify(value)} where a number goes`);
}

/** What the text holds where the result has typed arrays: arrays of numbers as written. */
type Written<T> = { [K in keyof T]: T[K] extends ArrayLike<number> ? unknown[] : T[K] };
type WrittenTable = { columns: Written<Column>[] };
type WrittenNetwork = {
  [K in keyof NetworkMap]-?: NetworkMap[K] extends Table | undefined ? WrittenTable : NetworkMap[K];
};

const reals = (values: unknown[]): number[] => values.map(real);

const table = ({ columns }: WrittenTable): Table => ({
  columns: columns.map((c): Column =>
    c.type === 'int32'
      ? { ...c, type: 'int32', values: Int32Array.from(reals(c.values)) }
      : { ...c, type: 'float64', values: Float64Array.from(reals(c.values)) },
  ),
});

/** The run's resolved parameters and its result, from the native engine's whole JSON. */
export function readNativeResult(text: string): { params: Params; result: RunResult } {
  const { params, scalars, series, networks, timelines, record } = JSON.parse(text) as {
    params: Params;
    scalars: Written<RunResult['scalars'][number]>[];
    series: Written<RunResult['series'][number]>[];
    networks: WrittenNetwork[];
    timelines: Written<Timeline>[];
    record?: unknown[];
  };
  const result: RunResult = {
    scalars: scalars.map((s) => ({ ...s, value: real(s.value) })),
    series: series.map((s) => ({ ...s, x: reals(s.x), y: reals(s.y) })),
    networks: networks.map((n) => ({
      ...n,
      routers: table(n.routers),
      terminals: table(n.terminals),
      channels: table(n.channels),
      crosspoints: table(n.crosspoints),
      dependencies: table(n.dependencies),
      turns: table(n.turns),
    })),
    timelines: timelines.map((t) => ({
      ...t,
      edges: Float64Array.from(reals(t.edges)),
      shares: Float64Array.from(reals(t.shares)),
    })),
    ...(record ? { record: reals(record) } : {}),
  };
  return { params, result };
}
