import type { KeyboardEvent, PointerEvent } from 'react';
import { useState } from 'react';

import type { PlotFrame, ReadoutTarget } from './Readout';
import { moveReadout } from './Readout';

/** Pointer positions this far outside the plot area still pick a target. */
const SLACK_PX = 8;

/**
 * Read-out state of an interactive chart: the pointer picks a target with `pick` (plot
 * coordinates in, target index out), arrow keys step through the targets, Escape, leaving and
 * blurring hide it. `announce` is set when the keyboard moved it, for a live region.
 */
export function useReadout(
  targets: ReadoutTarget[],
  frame: PlotFrame,
  pick: (px: number, py: number) => number | null,
) {
  const [state, setState] = useState<{ index: number; byKey: boolean } | null>(null);
  const show = (index: number | null, byKey: boolean) =>
    setState(index === null ? null : { index, byKey });
  const active = state ? targets[state.index] : undefined;
  const svgProps = {
    tabIndex: 0,
    onPointerMove: (event: PointerEvent<SVGSVGElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      // The SVG may be scaled by CSS; map client pixels back to its own coordinates.
      const scale = box.width > 0 ? frame.size.width / box.width : 1;
      const px = (event.clientX - box.left) * scale - frame.margin.left;
      const py = (event.clientY - box.top) * scale - frame.margin.top;
      const inside =
        px >= -SLACK_PX &&
        px <= frame.innerWidth + SLACK_PX &&
        py >= -SLACK_PX &&
        py <= frame.innerHeight + SLACK_PX;
      show(inside ? pick(px, py) : null, false);
    },
    onPointerLeave: () => show(null, false),
    onBlur: () => show(null, false),
    onKeyDown: (event: KeyboardEvent<SVGSVGElement>) => {
      const next = moveReadout(targets, state?.index ?? null, event.key);
      // Keys the read-out does not use, and Escape with nothing shown, go on to the page.
      if (next === undefined || (next === null && state === null)) return;
      event.preventDefault();
      show(next, true);
    },
  };
  const announce = active && state?.byKey ? `${active.title}: ${active.lines.join(', ')}` : '';
  return { active, svgProps, announce };
}
