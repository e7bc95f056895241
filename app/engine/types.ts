import type {
  Column,
  CostModelSignature,
  Drawing,
  DrawingKind,
  ForeignName,
  LogpSignature,
  ModelInfo,
  NetworkMap,
  OutputSpec,
  ParamSpec,
  Scalar,
  Series,
  Table,
  Timeline,
} from '#wasm/archex';

export type {
  Column,
  CostModelSignature,
  Drawing,
  DrawingKind,
  ForeignName,
  LogpSignature,
  ModelInfo,
  NetworkMap,
  OutputSpec,
  ParamSpec,
  Table,
  Timeline,
};

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

/**
 * What one run produced: scalars and curves as plain numbers; networks and timelines as the
 * engine's typed columns, which cross the worker boundary moved (resultTransfer), not copied.
 */
export interface RunResult {
  scalars: ScalarData[];
  series: SeriesData[];
  networks: NetworkMap[];
  timelines: Timeline[];
  /**
   * A sweep point's record, as its experiment encodes it (engine/src/core/record.h): what the
   * combine reads; absent from a whole run's result.
   */
  record?: number[];
}

/** The buffers of a result's typed arrays, for a postMessage transfer list. */
export function resultTransfer(result: RunResult): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  const add = (values: ArrayBufferView) => {
    if (values.buffer instanceof ArrayBuffer) buffers.add(values.buffer);
  };
  for (const n of result.networks) {
    for (const table of [
      n.routers,
      n.terminals,
      n.channels,
      n.crosspoints,
      n.dependencies,
      n.turns,
    ]) {
      if (!table) continue;
      for (const c of table.columns) add(c.values);
    }
  }
  for (const t of result.timelines) {
    add(t.edges);
    add(t.shares);
  }
  return [...buffers];
}

/** The column `name` of a table, or undefined. */
export function findColumn(table: Table, name: string): Column | undefined {
  return table.columns.find((c) => c.name === name);
}

/** Rows of a table: the length of its first column. */
export function tableRows(table: Table): number {
  return table.columns[0]?.values.length ?? 0;
}

export function findNetwork(result: RunResult, name: string): NetworkMap | undefined {
  return result.networks.find((n) => n.name === name);
}

export function findTimeline(result: RunResult, name: string): Timeline | undefined {
  return result.timelines.find((t) => t.name === name);
}

/**
 * A table as JSON: column by column, plain numbers; a labelled column's values by name ("+x"),
 * null where a row has none.
 */
function tableJson(table: Table): Record<string, (number | string | null)[]> {
  return Object.fromEntries(
    table.columns.map((c) => [
      c.name,
      c.labels.length > 0 ? Array.from(c.values, (v) => c.labels[v] ?? null) : Array.from(c.values),
    ]),
  );
}

/** A network as JSON for scripts: its shape by name, each table column by column. */
export function networkJson(n: NetworkMap) {
  return {
    label: n.label,
    shape: n.shape,
    sizes: Object.fromEntries(n.sizes.map((s) => [s.name, s.value])),
    nodes: n.nodes,
    routers: tableJson(n.routers),
    terminals: tableJson(n.terminals),
    channels: tableJson(n.channels),
    crosspoints: tableJson(n.crosspoints),
    // Only where drawn, so other networks' JSON stays as it was.
    ...(n.dependencies && tableRows(n.dependencies) > 0
      ? { dependencies: tableJson(n.dependencies) }
      : {}),
    ...(n.turns && tableRows(n.turns) > 0 ? { turns: tableJson(n.turns) } : {}),
  };
}

/** A timeline as JSON: bin edges, and per state, per row, its share of each bin. */
export function timelineJson(t: Timeline) {
  const bins = Math.max(0, t.edges.length - 1);
  return {
    label: t.label,
    time_unit: t.timeUnit,
    edges: Array.from(t.edges),
    rows: t.rows,
    shares: Object.fromEntries(
      t.states.map((state, s) => [
        state,
        t.rows.map((_, r) => {
          const at = (r * t.states.length + s) * bins;
          return Array.from(t.shares.subarray(at, at + bins));
        }),
      ]),
    ),
  };
}

/**
 * JSON.stringify's replacer for results that go to a file and come back (shard lines): a typed
 * array as a plain array; its column says its type, so reviveResult rebuilds it.
 */
export function typedArrayReplacer(_key: string, value: unknown): unknown {
  return ArrayBuffer.isView(value) && !(value instanceof DataView)
    ? Array.from(value as Float64Array)
    : value;
}

function revivedTable(table: Table): Table {
  return {
    columns: table.columns.map((c) =>
      c.type === 'int32'
        ? { ...c, values: Int32Array.from(c.values as ArrayLike<number>) }
        : { ...c, values: Float64Array.from(c.values as ArrayLike<number>) },
    ),
  };
}

/** A result read back from JSON (typedArrayReplacer): its typed columns typed again. */
export function reviveResult(result: RunResult): RunResult {
  return {
    ...result,
    networks: (result.networks ?? []).map((n) => ({
      ...n,
      routers: revivedTable(n.routers),
      terminals: revivedTable(n.terminals),
      channels: revivedTable(n.channels),
      crosspoints: revivedTable(n.crosspoints),
      ...(n.dependencies ? { dependencies: revivedTable(n.dependencies) } : {}),
      ...(n.turns ? { turns: revivedTable(n.turns) } : {}),
    })),
    timelines: (result.timelines ?? []).map((t) => ({
      ...t,
      edges: Float64Array.from(t.edges as ArrayLike<number>),
      shares: Float64Array.from(t.shares as ArrayLike<number>),
    })),
  };
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

/** One run of a model: what the engine is asked. */
export interface RunRequest {
  model: string;
  params: Params;
  seed: number;
}
