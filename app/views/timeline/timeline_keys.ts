// Keys on the focused timeline: zoom, pan, and moving the selection by span and by row. They are
// kept from the panel, whose arrows step the player.
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

import type { ViewProps } from '../../presets/view_kinds';
import { picked } from './timeline_hit';
import type { TimelineModel } from './timeline_model';
import { spanAt } from './timeline_model';
import type { Window } from './timeline_window';
import { panWindow, ZOOM_STEP } from './timeline_window';

export interface TimelineKeys {
  model: TimelineModel;
  selected: number | undefined;
  time: number;
  shown: Window;
  full: Window;
  zoomBy: (factor: number) => void;
  onWindow: ViewProps['onWindow'];
  onSelect: ViewProps['onSelect'];
}

/** Acts on a key pressed on the timeline's canvas, if it is one of the timeline's. */
export function onTimelineKey(
  event: ReactKeyboardEvent<HTMLCanvasElement>,
  { model, selected, time, shown, full, zoomBy, onWindow, onSelect }: TimelineKeys,
) {
  const lanes = model.lanes.length;
  const chosen = picked(model, selected);
  const span = chosen?.kind === 'span' ? chosen.index : -1;
  const moveToRow = (lane: number) => {
    if (lane < 0 || lane >= lanes) return;
    const t = span >= 0 ? model.spans.start[span]! : Math.max(shown[0], Math.min(time, shown[1]));
    const next = spanAt(model, lane, t);
    if (next >= 0) onSelect(next);
  };
  const lane = span >= 0 ? model.spans.lane[span]! : -1;
  const actions: Record<string, () => void> = {
    '+': () => zoomBy(ZOOM_STEP),
    '=': () => zoomBy(ZOOM_STEP),
    '-': () => zoomBy(1 / ZOOM_STEP),
    '0': () => onWindow?.(undefined),
    ArrowDown: () => moveToRow(lane + 1),
    ArrowUp: () => moveToRow(Math.max(0, lane - 1)),
    ',': () => {
      if (span > model.laneStart[lane]!) onSelect(span - 1);
    },
    '.': () => {
      if (span >= 0 && span + 1 < model.laneStart[lane + 1]!) onSelect(span + 1);
    },
    Escape: () => onSelect(undefined),
  };
  if (event.shiftKey && (event.key === 'ArrowLeft' || event.key === 'ArrowRight')) {
    const step = (shown[1] - shown[0]) / 4;
    actions[event.key] = () =>
      onWindow?.(panWindow(shown, event.key === 'ArrowLeft' ? -step : step, full[0], full[1]));
  }
  const action = actions[event.key];
  if (!action) return;
  event.preventDefault();
  event.stopPropagation();
  action();
}
