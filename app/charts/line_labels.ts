// Labels of the line chart's marks and saturation ticks, each clear of what is drawn.
import { textWidth } from '../results/format';
import type { Obstacles } from './label_placement';
import { overlaps, placeLabels, segmentCrossesBox } from './label_placement';
import type { LineFrame } from './line_frame';
import type { PlacedData } from './line_place';
import type { placeRules } from './line_rules';
import { BASELINE, textBox } from './line_style';
import { chartsT } from '../results/words';

/**
 * Indices of the curves whose saturation marker gets its "sat." label: one is left out where it
 * would lie on a curve, a point, a mark or a label (current curves go before pinned ones), or
 * where the tick is on the x axis (past the curve), since "sat." there reads as the axis's; the
 * legend then says what the ticks are. The tick always stays.
 */
function saturationLabels(
  curves: { pinned: boolean; saturation?: { px: number; py: number; onCurve: boolean } }[],
  obstacles: Obstacles,
  fontSize: number,
): Set<number> {
  const width = textWidth(chartsT('line.sat'), fontSize);
  const placed = [...obstacles.texts, ...obstacles.boxes];
  const labelled = new Set<number>();
  const order = [...curves.keys()].sort(
    (a, b) => Number(curves[a]?.pinned) - Number(curves[b]?.pinned),
  );
  for (const i of order) {
    const sat = curves[i]?.saturation;
    if (!sat?.onCurve) continue;
    const box = textBox(sat.px - width / 2, sat.py - 10, width, fontSize);
    if (placed.some((t) => overlaps(box, t))) continue;
    if (obstacles.segments.some((s) => segmentCrossesBox(s, box))) continue;
    placed.push(box);
    labelled.add(i);
  }
  return labelled;
}

/** The marks' labels, then the saturation ticks' "sat.", clear of everything placed before. */
export function placeMarkLabels(
  frame: LineFrame,
  placed: PlacedData,
  ruled: ReturnType<typeof placeRules>,
) {
  const { small } = frame;
  const { shownMarks, drawn, plot, placedCurves } = placed;
  const { placedRules, edgeRules, ruleLines } = ruled;
  // Mark labels keep clear of one another and of everything drawn: curves, points, guides,
  // rules and their labels, the marks themselves. A label is cut as a rule's is; the read-out
  // gives it in full.
  const obstacles = {
    texts: [...placedRules, ...edgeRules].map((r) => r.labelBox),
    boxes: drawn.boxes,
    segments: [...drawn.segments, ...ruleLines],
  };
  // Current marks are labelled before pinned ones, so the run at hand gets the nearer spots.
  const labelOrder = [...shownMarks.keys()].sort(
    (a, b) => Number(shownMarks[a]?.pinned === true) - Number(shownMarks[b]?.pinned === true),
  );
  const labels = placeLabels(
    labelOrder.map((i) => {
      const m = shownMarks[i]!;
      // A label cut to fit is never printed: no spot holds an infinitely wide one.
      const cut = frame.paper && m.text !== m.label;
      return {
        px: m.px,
        py: m.py,
        width: cut ? Infinity : textWidth(m.text, small),
        height: small,
      };
    }),
    obstacles,
    plot,
  );
  const placedMarks = shownMarks.map((mark, i) => {
    const spot = labels[labelOrder.indexOf(i)];
    return {
      ...mark,
      /** Where the label goes; null where no spot was free (the read-out still names it). */
      placement: spot ? { ...spot, textX: spot.box.x, textY: spot.box.y + small * BASELINE } : null,
    };
  });

  const labelled = saturationLabels(
    placedCurves,
    {
      ...obstacles,
      texts: [
        ...placedMarks.flatMap((m) => (m.placement ? [m.placement.box] : [])),
        ...obstacles.texts,
      ],
    },
    small,
  );
  const curves = placedCurves.map((curve, i) => ({
    ...curve,
    saturation: curve.saturation && { ...curve.saturation, labelled: labelled.has(i) },
  }));

  return { placedMarks, curves, labelled };
}

export type PlacedMarks = ReturnType<typeof placeMarkLabels>;
