// The timeline's colours: each state's, and a page colour read for the canvas.
import { palette, seriesColor } from '../../charts/palette';
import type { TimelineModel } from './timeline_model';

/** Waiting states' greys: the palette's grey, then lighter over the row's background. */
const WAITING_GREYS = [palette.grey, 'rgba(127, 127, 127, 0.45)', 'rgba(127, 127, 127, 0.25)'];

/**
 * A state's colour: busy states take the series colours in turn, waiting ones greys in turn (a
 * wait for a receive and for a send apart), idle ones (idle, done) none.
 */
export function stateColors(model: TimelineModel): (string | null)[] {
  let busy = 0;
  let waiting = 0;
  return model.states.map((s) =>
    s.activity === 'idle'
      ? null
      : s.busy
        ? seriesColor(busy++)
        : WAITING_GREYS[Math.min(waiting++, WAITING_GREYS.length - 1)]!,
  );
}

/** A CSS colour (a variable, light-dark()) as the canvas can use it, read from the page. */
export function resolvedColor(element: HTMLElement, css: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  element.appendChild(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color || css;
}
