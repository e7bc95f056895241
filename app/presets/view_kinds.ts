// What every trace view is given: a traced run (its trace, its result, the machine's networks as
// the engine describes them) and the state the page keeps in the link. The panel that hosts a
// view (ViewPanel) owns the player (play, pause, step, step back, speed) and the link; a view only
// draws the moment it is given and says what was clicked.
import type { TraceOutcome } from '../engine/trace';

/** The views, by the name the link uses. */
export const VIEW_KINDS = ['packets', 'goals', 'timeline'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/** The part of a view's state the link keeps. */
export interface ViewState {
  /** The time shown, in the trace's clock, within [trace.from, trace.end]. */
  time: number;
  /** What is followed or selected: a packet, a goal, a message or span id; none if undefined. */
  selected?: number;
  /** The span of time in sight, for a view that zooms (the timeline); all of it if undefined. */
  window?: [number, number];
}

export interface ViewProps extends ViewState {
  outcome: TraceOutcome;
  /** Width in CSS pixels. */
  width: number;
  /**
   * The height the whole view may take, CSS px (presented, it fits the screen); absent: the
   * view chooses its height.
   */
  height?: number;
  /** The player is playing: the view's words for a screen reader keep a listener's pace. */
  playing: boolean;
  onSelect(selected: number | undefined): void;
  onWindow?(window: [number, number] | undefined): void;
  /** A view that can say the time of something clicked moves the player there. */
  onTime?(time: number): void;
  /** The view has built what it draws from the trace and drawn it (the panel is then ready). */
  onReady?(): void;
}
