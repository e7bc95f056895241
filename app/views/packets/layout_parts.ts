// The parts every packet-view layout starts from: what a layout is, the network's wiring (ids of
// channels and inputs and their ends, from the engine's description), an empty layout over it,
// and segments.
import type { NetworkMap } from '../../engine/types';
import { vt } from '../view_words';
import { findColumn, tableRows } from '../../engine/types';

/** A straight piece from (x1, y1) to (x2, y2): a buffer's flits queue from the (x2, y2) end. */
export interface Seg {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface NodeMark {
  px: number;
  py: number;
  /** A router's square side, or twice a terminal's radius. */
  size: number;
  kind: 'router' | 'terminal';
}

/** How the view draws a network: a lattice's plane, a graph, or a crossbar's crosspoints. */
export type LayoutKind = 'lattice' | 'graph' | 'crossbar';

export interface PacketLayout {
  kind: LayoutKind;
  width: number;
  height: number;
  /** Side of a drawn flit, px. */
  flit: number;
  nodes: NodeMark[];
  /** Per channel id: its drawn outline (SVG path data, the channel maps' shapes) or ''. */
  channelPath: string[];
  /** Per channel id: its drawn pieces (a wrap-around has two), empty where not drawn. */
  channelSegs: Seg[][];
  /** Per input id: where its buffer's flits queue; null where the input is not drawn. */
  buffers: (Seg | null)[];
  /** Per channel id: the input it feeds (-1: a terminal). */
  downstream: Int32Array;
  /** Per channel id: the terminal it delivers to (-1: a router). */
  channelTerminal: Int32Array;
  /** Per input id: its router; -1 where no input has the id. */
  inputRouter: Int32Array;
  /** Per input id: the terminal injecting into it, -1 for a channel's. */
  inputTerminal: Int32Array;
  /** Per input id: the router whose channel feeds it, -1 for a terminal's. */
  inputFeeder: Int32Array;
  /** Per input id: the channel feeding it, -1 for a terminal's. */
  inputChannel: Int32Array;
  /** Per terminal: the input it injects into. */
  terminalInput: Int32Array;
  /** Per terminal: where a flit delivered to it is drawn, or null off the drawn plane. */
  terminalAt: ({ px: number; py: number } | null)[];
  /** A crossbar: the cell a flit from input i to output o crosses, by i * n + o. */
  crosspoint?: { n: number; cell: number; at(input: number, output: number): [number, number] };
  /** Per router: how the view names it ("(2, 1)", "switch 5"). */
  routerName(router: number): string;
  /** The drawn plane of a 3-D cube and how many there are (1 otherwise). */
  plane: number;
  planes: number;
  /** Where channelPath's origin is drawn. */
  pathOffset: [number, number];
  /** Nodes the run singles out (the hot spot), where drawn: their centre, and what they are. */
  marked: { px: number; py: number; size: number; label: string }[];
  /** A crossbar's matrix of cells. */
  matrix?: { left: number; top: number; size: number };
  /** What the drawing leaves out (a large network's terminals, say), in words. */
  note?: string;
  /** Discs drawn behind groups of routers. */
  groups?: { px: number; py: number; r: number }[];
}

export const OUTER = 8;

function columns(net: NetworkMap, name: string): ArrayLike<number> {
  return findColumn(net.channels, name)?.values ?? [];
}

/** Ids of channels and inputs (one numbering: router by router, port by port) and their ends. */
export function wiring(net: NetworkMap) {
  const ids = columns(net, 'id');
  const router = columns(net, 'router');
  const port = columns(net, 'port');
  const toRouter = columns(net, 'to_router');
  const toPort = columns(net, 'to_port');
  const toTerminal = columns(net, 'to_terminal');
  const routers = tableRows(net.routers);
  const terminals = tableRows(net.terminals);
  const tRouter = findColumn(net.terminals, 'router')?.values ?? [];
  const tPort = findColumn(net.terminals, 'port')?.values ?? [];
  // A router's first port's id: a channel's id less its port.
  const first = new Int32Array(routers).fill(-1);
  for (let i = 0; i < ids.length; i++) first[router[i]!] = ids[i]! - port[i]!;
  let size = 0;
  for (let i = 0; i < ids.length; i++) size = Math.max(size, ids[i]! + 1);
  for (let t = 0; t < terminals; t++) size = Math.max(size, first[tRouter[t]!]! + tPort[t]! + 1);
  const downstream = new Int32Array(size).fill(-1);
  const channelTerminal = new Int32Array(size).fill(-1);
  const inputRouter = new Int32Array(size).fill(-1);
  const inputTerminal = new Int32Array(size).fill(-1);
  const inputFeeder = new Int32Array(size).fill(-1);
  const inputChannel = new Int32Array(size).fill(-1);
  const terminalInput = new Int32Array(terminals).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    const r = toRouter[i]!;
    if (r >= 0) {
      downstream[id] = first[r]! + toPort[i]!;
      inputRouter[downstream[id]!] = r;
      inputFeeder[downstream[id]!] = router[i]!;
      inputChannel[downstream[id]!] = id;
    } else {
      channelTerminal[id] = toTerminal[i]!;
    }
  }
  for (let t = 0; t < terminals; t++) {
    const input = first[tRouter[t]!]! + tPort[t]!;
    inputRouter[input] = tRouter[t]!;
    inputTerminal[input] = t;
    terminalInput[t] = input;
  }
  return {
    ids,
    router,
    toRouter,
    routers,
    terminals,
    tRouter,
    downstream,
    channelTerminal,
    inputRouter,
    inputTerminal,
    inputFeeder,
    inputChannel,
    terminalInput,
  };
}

export const lineOf = (x1: number, y1: number, x2: number, y2: number): Seg => ({ x1, y1, x2, y2 });

/** The segment shortened by `a` at its start and `b` at its end. */
export function trim(s: Seg, a: number, b: number): Seg {
  const length = Math.hypot(s.x2 - s.x1, s.y2 - s.y1) || 1;
  const [ux, uy] = [(s.x2 - s.x1) / length, (s.y2 - s.y1) / length];
  return lineOf(s.x1 + ux * a, s.y1 + uy * a, s.x2 - ux * b, s.y2 - uy * b);
}

export function base(kind: LayoutKind, w: ReturnType<typeof wiring>) {
  const size = w.downstream.length;
  return {
    kind,
    channelPath: Array<string>(size).fill(''),
    channelSegs: Array.from({ length: size }, (): Seg[] => []),
    buffers: Array<Seg | null>(size).fill(null),
    downstream: w.downstream,
    channelTerminal: w.channelTerminal,
    inputRouter: w.inputRouter,
    inputTerminal: w.inputTerminal,
    inputFeeder: w.inputFeeder,
    inputChannel: w.inputChannel,
    terminalInput: w.terminalInput,
    terminalAt: Array<{ px: number; py: number } | null>(w.terminals).fill(null),
    plane: 0,
    planes: 1,
    routerName: (r: number) => vt('names.switch', { r }),
    nodes: [] as NodeMark[],
    pathOffset: [0, 0] as [number, number],
    marked: [] as PacketLayout['marked'],
  };
}
