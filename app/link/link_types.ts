// The link state's shape: one pane's experiment, the page's layout around it, the theme and
// presentation mode, and what reading a link gives back. Read and written by url_state.ts.
import type { ParamSpec, Params } from '../engine/types';
import type { ViewKind } from '../presets/view_kinds';

export const URL_VERSION = 6;
export const MAX_PINS = 4;

export type Theme = 'light' | 'dark';

/** Per-chart choices; only the ones that differ from the defaults are stored. */
export interface ChartChoice {
  /** Paper overlay; on by default. */
  overlay?: boolean;
  /** Analytical models beside the simulation; on by default. */
  models?: boolean;
  /** Data shown as a table. */
  table?: boolean;
  /** Log x axis; absent: as the preset draws it, true or false: the user's choice. */
  xLog?: boolean;
  /** Log y axis, as `xLog`. */
  yLog?: boolean;
  /** The plane of a heat map (z index); 0 by default. */
  plane?: number;
}

/** A run kept for comparison: a preset and the parameters that differ from it. */
export interface Pin {
  presetId: string;
  params: Params;
  seed?: number;
}

/** A trace view open over the charts: what it traces and the moment it shows. */
export interface ViewLink {
  kind: ViewKind;
  /** The chart it was opened from (the chart says the view and its default window). */
  chart: string;
  /** The point of a sweep it traces; absent for a model that is one run. */
  point?: number;
  /** The window recorded, in the trace's clock. */
  from: number;
  length: number;
  /** The moment shown; absent: the window's start. */
  time?: number;
  /** What is followed or selected (a packet, a goal, a span). */
  selected?: number;
  /** The span of time in sight (the timeline's zoom). */
  window?: [number, number];
}

/** One experiment as a pane of the page shows it. */
export interface Pane {
  /** null: the machine picker. */
  presetId: string | null;
  /** Parameters that differ from the preset. */
  params: Params;
  /** Absent: the preset's seed. */
  seed?: number;
  charts: Record<string, ChartChoice>;
  pins: Pin[];
  view?: ViewLink;
}

/**
 * How the page is laid out around its first pane: a second state beside it, every machine on
 * one chart, or a tour's step (which set the first pane, and may open one of the other two).
 * Absent: the first pane alone.
 */
export type Layout = SideLayout | TourLayout | MachinesLayout;

/** A second state beside the first pane. */
export interface SideLayout {
  kind: 'side';
  right: Pane;
}

/** A step's prediction: the text typed (a number's) or the choice picked, and its reveal. */
export interface StepAnswer {
  typed?: string;
  choice?: number;
  revealed?: true;
}

/** How long a typed prediction the link keeps may be. */
export const MAX_TYPED = 40;

/** A tour's step, and the layout the step opened (absent: the first pane alone). */
export interface TourLayout {
  kind: 'tour';
  tour: string;
  step: number;
  open?: PageLayout;
  /** Each step's prediction, by the step's index; a step not predicted has none. */
  answers?: Record<number, StepAnswer>;
  /** A teacher's lesson, played instead of a built-in tour (`tour` is its id). */
  lesson?: CarriedLesson;
}

/**
 * A teacher's lesson as a tour's step carries it: kept whole, and read only through
 * `UrlContext.lesson`, which knows its schema (the tours', above this room); here, its id and
 * steps.
 */
export interface CarriedLesson {
  id: string;
  steps: readonly unknown[];
}

/** A layout that shapes the page itself; a tour's step may open one. */
export type PageLayout = SideLayout | MachinesLayout;

/**
 * Every machine on one chart: the machine whose parameters are open, the unit of time, and per
 * machine (its microbenchmark preset's id) the parameters set away from that preset.
 */
export interface MachinesLayout {
  kind: 'machines';
  machine?: string;
  unit: 'us' | 'cycles';
  params: Record<string, Params>;
}

/** Presentation mode: one chart (or the open view) full screen; absent chart: the first one. */
export interface Presentation {
  chart?: string;
}

/** The longest text of a BookSim2 file the page repeats: its name, a note's key and reason. */
export const BOOKSIM_TEXT_CHARS = { name: 80, key: 60, reason: 160 } as const;

/**
 * The BookSim2 file the first pane's custom network was opened from: its name, and each key
 * archex leaves out or reads differently with why, as the page said them on opening it, so a
 * shared link says them too.
 */
export interface BooksimLink {
  name: string;
  notes: { key: string; reason: string }[];
}

export interface UrlState extends Pane {
  /** Absent: the system's theme. */
  theme?: Theme;
  layout?: Layout;
  present?: Presentation;
  booksim?: BooksimLink;
}

export interface ParsedUrl {
  state: UrlState;
  /** What was in the link but could not be used, for a message. */
  dropped: string[];
  /**
   * Why the link's state could not be read at all, so that `state` is the defaults: it is damaged
   * (cut short, mistyped), or of a version this app does not read. Absent when it was read.
   */
  unread?: UnreadLink;
}

/** A link state that could not be read at all. */
export type UnreadLink = { reason: 'damaged' } | { reason: 'version'; version: string };

export interface UrlContext {
  presetIds: string[];
  specsFor(presetId: string): ParamSpec[];
  /** Query keys another page reads (e.g. the embed page's chart), not reported as unknown. */
  otherKeys?: string[];
  /** The tours a link may open, with their number of steps. */
  tours?: Record<string, number>;
  /**
   * Reads a lesson a link holds against the presets and models: the steps kept (by their place
   * as written) and each fault in words. Absent: a lesson is dropped.
   */
  lesson?(raw: unknown): { lesson?: CarriedLesson; refused: string[]; kept: number[] };
}

export function emptyState(presetId: string | null = null): UrlState {
  return { presetId, params: {}, charts: {}, pins: [] };
}
