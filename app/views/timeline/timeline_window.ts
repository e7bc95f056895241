// The span of time the timeline shows: zoomed around a time, panned, never past the run.

/** Each zoom step's factor (buttons, keys and a wheel's notch). */
export const ZOOM_STEP = 1.6;
/** A span of time, [from, to]. */
export type Window = [number, number];

/** `window` moved by a zoom of `factor` around the time `at`, kept within [from, end]. */
export function zoomWindow(
  window: [number, number],
  factor: number,
  at: number,
  from: number,
  end: number,
): [number, number] {
  const span = Math.min(
    end - from,
    Math.max((end - from) * 1e-7, (window[1] - window[0]) / factor),
  );
  const share = (at - window[0]) / (window[1] - window[0] || 1);
  return panWindow([at - share * span, at - share * span + span], 0, from, end);
}

/** `window` moved by `delta` in time, kept within [from, end]. */
export function panWindow(
  window: [number, number],
  delta: number,
  from: number,
  end: number,
): [number, number] {
  const span = window[1] - window[0];
  const start = Math.min(Math.max(from, window[0] + delta), end - span);
  return [start, start + span];
}
