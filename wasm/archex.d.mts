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
  /** Above 1: every value is min times a whole power of it (machine sizes: 2); else 0. */
  ratio: number;
  description: string;
  /** 0: one number. n >= 1: a list of 1 to n numbers, each checked against min, max, integer. */
  maxItems: number;
  /** The default of a list parameter; empty for a single-number one. */
  defaultList: number[];
  /** Names of the values 0, 1, ... when the parameter picks one of them; empty otherwise. */
  choices: string[];
  /**
   * Non-empty: the name of a choice parameter whose chosen value is this one's unit (loads in
   * flits/node/cycle or fractions of a bound); `unit` is then its default choice's.
   */
  unitFrom: string;
  /**
   * A run reads the parameter only while every condition holds (a fly's radix on a fly, a
   * hotspot's share under hotspot traffic): its chosen value is one of `is`; empty: always read.
   */
  when: ParamCondition[];
  /** Other names of some choices, each shown while its condition holds; links keep `choices`. */
  choiceNames: ChoiceName[];
}

/** Choice `value` is called `name` where `when` holds (dimension order: a dragonfly's minimal). */
export interface ChoiceName {
  value: number;
  name: string;
  when: ParamCondition;
}

/** A condition on a choice parameter: its chosen value is one of `is` (the choices' names). */
export interface ParamCondition {
  param: string;
  is: string[];
}

/** One output of a model, declared beside the code that makes it (engine/src/core/outputs.h). */
export interface OutputSpec {
  /** A name holding '*' declares a family: '*' stands for any text. */
  name: string;
  kind: 'scalar' | 'series' | 'network' | 'timeline';
  unit: string;
  description: string;
}

/** A fitted LogGP parameter's scalars (families whose '*' is a target's key). */
export interface LogpFitted {
  param: string;
  us: string;
  cycles: string;
}

/**
 * Which outputs of a LogP benchmark model are what (engine/src/core/signatures.h): families whose
 * '*' is a target's key, one row of the all-machines page per one-way series.
 */
export interface LogpSignature {
  oneWayUs: string;
  oneWayCycles: string;
  fitted: LogpFitted[];
  overlap: LogpFitted;
  clockMhz: string;
}

/**
 * The papers' cost models a model draws (Ts + Tb x bytes): their curves' family, the model's own
 * curve among them, and the list parameters of each other curve's Ts and Tb, in order.
 */
export interface CostModelSignature {
  curves: string;
  own: string;
  ts: string;
  tb: string;
}

/**
 * Which parameters each value of a list parameter reads, where the model's parameters are the
 * union of the parts it chooses (the J-Machine's programs): a run reads `always` and
 * `byValue[v]` for each chosen value v, and no other parameter.
 */
export interface ChoiceReads {
  param: string;
  always: string[];
  byValue: string[][];
}

export interface ModelInfo {
  name: string;
  title: string;
  description: string;
  citation: string;
  params: ParamSpec[];
  outputs: OutputSpec[];
  /** A run records a trace (recordTrace). */
  recordsTrace: boolean;
  logp?: LogpSignature;
  costModels?: CostModelSignature;
  reads?: ChoiceReads;
  /** Other tools' names of its choices' values, in the order an import lists them. */
  foreignNames?: ForeignName[];
}

/**
 * A value of a choice parameter as another tool names it, for an import of that tool's files:
 * BookSim2's routing_function `dor` is `routing` 'dimension order' on its topologies `on`, with a
 * note where archex runs it otherwise ('' for none).
 */
export interface ForeignName {
  tool: string;
  param: string;
  value: string;
  name: string;
  on: string[];
  note: string;
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
  /**
   * What the curve is of, the same in every chart of the run; a model's or fitted curve has the
   * key of the simulated curve it is drawn for. Empty: the name is the key.
   */
  key: string;
}

/** One column of a table: whole numbers (ids, ports, coordinates) or reals. */
export type Column =
  | {
      name: string;
      unit: string;
      type: 'int32';
      /** Names of the values 0, 1, ... where the column picks one of a few (a direction). */
      labels: string[];
      values: Int32Array;
    }
  | { name: string; unit: string; type: 'float64'; labels: string[]; values: Float64Array };

/** Columns of equal length. */
export interface Table {
  columns: Column[];
}

/**
 * A network as the engine builds it (engine/src/core/tables.h): routers (their coordinates where
 * the shape has them), terminals (router, port), channels (router, port, to_router, to_port,
 * to_terminal, the direction or stage, then what a run measured per channel), on a lone
 * crossbar, crosspoints, and where a result draws the channel-dependency graph, its dependencies
 * (from, from_class, to, to_class, cycle: one row per edge, channels by id; under an adaptive
 * routing from_tier, to_tier and escape_cycle) and on a cube its turns (from, to, dependences,
 * and each direction's dimension and sign, +1 or -1: from_dimension, from_sign, to_dimension,
 * to_sign).
 */
/**
 * The kinds of drawing a network declares (engine/src/network/topologies/drawing.h): its routers
 * on a lattice by their coordinates (a line, a grid, planes stacked; a torus's lines wrap
 * around), around a ring, on a grid of arcs (more axes folded onto the plane), in columns stage by
 * stage, in groups, in levels of a tree over the terminals, as one crossbar, or as any graph.
 */
export type DrawingKind =
  'grid' | 'ring' | 'arc grid' | 'stages' | 'groups' | 'tree' | 'crossbar' | 'graph';

/** How a network is drawn, as its topology declares it: the kind and what it is drawn from. */
export interface Drawing {
  kind: DrawingKind;
  /** The routers table's columns that place a router, in order (a cube's x, y, ...; stage, row). */
  axes: string[];
  /** The places along each of `axes` (a cube's radices; a fly's stages and switches a stage). */
  extent: number[];
  /** The ports of a switch (stages, tree) or of the crossbar; 0 where the kind has none. */
  radix: number;
  /** Terminals a router. */
  terminalsPerRouter: number;
  /** Grid, ring, arc grid: wrap-around channels join the ends of each line (a torus). */
  wraps: boolean;
  /** Arc grid: every two routers of a row are joined, not only neighbours. */
  wholeRows: boolean;
}

export interface NetworkMap {
  name: string;
  label: string;
  /**
   * The shape as the topology parameter names it (mesh, torus, fly, ...): words only; how the
   * network is drawn is its `drawing`.
   */
  shape: string;
  sizes: { name: string; value: number }[];
  /** How it is drawn; a network given back to combine() without one is drawn as a graph. */
  drawing: Drawing;
  /** Terminals the machine uses. */
  nodes: number;
  routers: Table;
  terminals: Table;
  channels: Table;
  crosspoints: Table;
  /** Absent where none was described. */
  dependencies?: Table;
  /** Absent where none was described. */
  turns?: Table;
}

/**
 * What each unit of a machine did over time: bins cut by `edges`, and the share of bin b that
 * row r spent in state s at shares[(r * states + s) * bins + b]; the rest is idle.
 */
export interface Timeline {
  name: string;
  label: string;
  timeUnit: string;
  edges: Float64Array;
  rows: string[];
  states: string[];
  shares: Float64Array;
}

export interface RawResult {
  scalars: Scalar[];
  series: Series[];
  networks: NetworkMap[];
  timelines: Timeline[];
  /** A sweep point's record, as its experiment encodes it; absent from a whole run's result. */
  record?: Float64Array;
}

/**
 * Why a simulation could not be built or stopped: a bad parameter (`param` names it), bad input
 * (an unknown model), memory that ran out, or any other failure of the engine.
 */
export interface BindingError {
  message: string;
  kind: 'param' | 'input' | 'memory' | 'failure';
  param?: string;
}

/** One point's partial result, by its index in the sweep. */
export interface PointPartial {
  point: number;
  /** The point run's result(), or the same numbers as plain arrays (after a trip between workers). */
  result: {
    scalars: Scalar[];
    series: (Omit<Series, 'x' | 'y'> & { x: ArrayLike<number>; y: ArrayLike<number> })[];
    /** Typed arrays, or plain arrays after a trip through JSON; absent: none. */
    networks?: NetworkMap[];
    timelines?: Timeline[];
  };
}

/**
 * A window of a run to record (engine/src/core/trace.h): events whose time, in the model's clock
 * (cycles; ms for the Multi-PSI), is in [from, from + length), up to maxEvents events and maxBytes
 * bytes (default 64 MB).
 */
export interface TraceRequest {
  from: number;
  length: number;
  maxEvents?: number;
  maxBytes?: number;
}

/** One field of a kind of event: a value per event, in the narrowest type its range needs. */
export interface TraceField {
  name: string;
  /** The name of each value when the field names a case (a blocked flit's reason); else empty. */
  labels: string[];
  /** The field orders the events of one time (a circuit network's arbitration round). */
  order: boolean;
  /** A field naming a processor's state: each value's state (its name is the value's label). */
  states: TraceState[];
  /**
   * What each value is to the view that replays the kind, one per label ("" for none: a
   * Multi-PSI message that throws a goal is "goal_thrown", one that returns a value a suspended
   * goal may wait for "goal_resumed"), so that no view knows a value by its label; empty where
   * no value is anything to a view.
   */
  roles: TraceRole[];
  values: Uint8Array | Uint16Array | Uint32Array;
}

/** What a processor does in a state: works, waits for a message or its own send, or nothing. */
export type TraceActivity = 'busy' | 'wait_receive' | 'wait_send' | 'idle';

export interface TraceState {
  name: string;
  /** How a reader says it ("wait receive"). */
  label: string;
  description: string;
  activity: TraceActivity;
}

/**
 * A timeline row of each node: the kind whose events change its state (each lasting until the
 * next) and the snapshot kind of the states at the window's start; the fields naming the node, the
 * state, a detail shown with a span (`detailNone`: none) and a new span's start (nonzero); what
 * the row is, its short name after the node's (empty where a node has one row), the state before
 * any event.
 */
export interface TraceLane {
  kind: string;
  snapshot: string;
  node: string;
  state: string;
  detail: string;
  detailNone: number;
  entry: string;
  label: string;
  abbreviation: string;
  initial: string;
}

/**
 * Messages drawn as arrows: the send's and receipt's kinds, their node field and the field that
 * pairs them, the send's size (in `unit`) and a detail shown with it, the lane kind they join.
 */
export interface TraceMessages {
  sent: string;
  received: string;
  node: string;
  id: string;
  size: string;
  unit: string;
  detail: string;
  lane: string;
}

/** Instants marked on a node's row of a lane kind. */
export interface TraceMark {
  kind: string;
  label: string;
  node: string;
  lane: string;
}

/**
 * Instants marked on the network (a deadlock): the kind, its label and its fields naming a channel
 * and its virtual channel. The events of one time are one instant, of their channels in the
 * order recorded (a deadlock's knot).
 */
export interface TraceNetworkMark {
  kind: string;
  label: string;
  channel: string;
  vc: string;
}

/** How a trace reads as a timeline, as its machine declares it (all empty: it does not). */
export interface TraceTimeline {
  lanes: TraceLane[];
  messages: TraceMessages[];
  marks: TraceMark[];
  networkMarks: TraceNetworkMark[];
}

/**
 * The events of one kind, in time order: `times` holds each time once and `counts` how many
 * events have it; the fields hold a value per event.
 */
export type TraceRole =
  | ''
  | 'packet_created'
  | 'packet_live'
  | 'packet_injected'
  | 'flit_injected'
  | 'flit_moved'
  | 'flit_ejected'
  | 'packet_delivered'
  | 'flit_blocked'
  | 'flit_buffered'
  | 'credit'
  | 'credits'
  | 'flow'
  | 'circuit_request'
  | 'circuit_hold'
  | 'circuit_holding'
  | 'circuit_blocked'
  | 'circuit_connected'
  | 'circuit_release'
  | 'circuit_retry'
  | 'circuit_dropped'
  | 'deadlock'
  | 'goal_reduced'
  | 'goal_spawned'
  | 'goal_thrown'
  | 'goal_suspended'
  | 'goal_resumed'
  | 'goal_ready'
  | 'goal_ready_depth'
  | 'goal_message_sent'
  | 'goal_message_received';

export interface TraceKind {
  name: string;
  description: string;
  /** The state at the window's start (flits in buffers), not an event of the run. */
  snapshot: boolean;
  /**
   * What the kind is to the view that replays it ("flit_moved", "goal_reduced": engine/src/core/
   * trace.h TraceRole); "" where no view does.
   */
  role: TraceRole;
  /** Events of the window not kept (a cap was reached). */
  dropped: number;
  times: Float64Array;
  counts: Uint32Array;
  fields: TraceField[];
}

/** What a run recorded: every event of [from, end); `truncated` when a cap cut it there. */
export interface Trace {
  /** The time's name in an event ("cycle", "ms") and its unit. */
  clock: string;
  unit: string;
  from: number;
  length: number;
  end: number;
  truncated: boolean;
  /**
   * Where the run ended, in its clock: the last time it reached (a network's last cycle), before
   * the window, inside it or past it; -1 for a run not yet ended.
   */
  runEnd: number;
  bytes: number;
  kinds: TraceKind[];
  timeline: TraceTimeline;
  /** The nodes (PEs) the traced run ran on, where the machine says; 0 where unsaid. */
  nodes: number;
}

/** What combine() gives: the whole run's result, or why there is none. */
export type CombineOutcome = { result: RawResult } | { error: BindingError };

/**
 * One run of a model. Owns wasm memory: call delete() when done with it. No method throws; a
 * simulation that could not be built, or that failed while running (memory ran out), has error()
 * set and an empty, finished run.
 */
export interface Simulation {
  /** null, or why the model, a parameter or the seed was rejected, or why the run stopped. */
  error(): BindingError | null;
  /**
   * Does at most `budget` units of work (below 1 counts as 1); true once the run is complete or
   * has failed (see error()).
   */
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
  /**
   * Before the first advance(): records the events of a window of the run (a sweep model's run
   * must be one point). False when it cannot; error() says why and the run is over.
   */
  recordTrace(request: TraceRequest): boolean;
  /** What the run recorded so far; null without recordTrace(). */
  trace(): Trace | null;
  /**
   * For a sweep model (its run is independent points), the relative work of each point: one entry
   * per point, in the order they should start. Empty for any other model.
   */
  pointWeights(): number[];
  /**
   * For a sweep model that declares them, each point's key as JSON text, one per point: two points
   * with the same text (of any runs of the model with the same seed) give the same partial, so one
   * kept may be given for the other. Empty for a model whose points are known only by index.
   */
  pointKeys(): string[];
  /**
   * Keeps points' partial results for every later combine(), so a sweep combined as it fills in
   * takes each point once. null, or why they were refused (then none is kept).
   */
  addPoints(partials: PointPartial[]): BindingError | null;
  /** How many points' partials addPoints() has kept. */
  heldPoints(): number;
  /**
   * The whole run's result from the partial results of some or all of its points (those kept by
   * addPoints() and these), in any order: the same bits as the whole run once every point is
   * there.
   */
  combine(partials: PointPartial[]): CombineOutcome;
  delete(): void;
}

/** A model's count of a run's state: "a 64x32x32 torus" needs `bytes` "of network state". */
export interface StateEstimate {
  bytes: number;
  what: string;
  of: string;
  /** The parameter that sets the size. */
  param: string;
}

export interface ArchexModule {
  listModels(): ModelInfo[];
  /**
   * The networks a model's machine is built as for `params`, without running it; with `point`,
   * the networks that point of its sweep runs on (a J-Machine program's size).
   */
  describeMachine(
    model: string,
    params: Record<string, number | number[]>,
    point: number | undefined,
  ): { networks: NetworkMap[] } | { error: BindingError };
  /**
   * The bytes a run may take: the build's maximum (4 GB less a page) or a smaller
   * `maxMemoryBytes` the caller stated. A run whose estimated state is larger is refused: its
   * Simulation's error() names the estimate and this limit.
   */
  memoryLimit(): number;
  /** The wasm memory's size now; it grows as runs need and never shrinks. */
  memoryUsed(): number;
  /** The model's estimate of a run's state, or null where it counts none or refuses the params. */
  stateEstimate(model: string, params: Record<string, number | number[]>): StateEstimate | null;
  /**
   * `params` holds a number for a single-number parameter and an array for a list parameter; the
   * other kind, or an item that is not a number, is reported by error(). With `point`, the run is
   * that one point of a sweep model (see pointWeights()); its result() is the point's partial.
   */
  Simulation: new (
    model: string,
    params: Record<string, number | number[]>,
    seed: number,
    point?: number,
  ) => Simulation;
}

export interface ModuleOptions {
  wasmBinary?: ArrayBuffer | Uint8Array;
  /**
   * The module's memory (it is built with IMPORTED_MEMORY): its `maximum` caps what the engine
   * may use, below the 4 GB it takes by default. At least 16 MB initially.
   */
  wasmMemory?: WebAssembly.Memory;
  /** The bytes that memory's `maximum` allows, which JS cannot read back from it. */
  maxMemoryBytes?: number;
  /** Where `path` (archex.wasm) is, when not beside the module's script. */
  locateFile?: (path: string, scriptDirectory: string) => string;
}

declare function createArchexModule(options?: ModuleOptions): Promise<ArchexModule>;
export default createArchexModule;
