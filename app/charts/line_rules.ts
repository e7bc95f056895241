// A line chart's rules: their lines, and where each label goes.
import type { LineChartData, Rule } from '../results/chart_data';
import { fitText, textWidth } from '../results/format';
import type { LineSegment } from './label_placement';
import { chooseSpots } from './label_placement';
import type { LineFrame } from './line_frame';
import type { PlacedData } from './line_place';
import { textBox } from './line_style';
import { edgeRuleText } from './line_reach';

/**
 * The rules' lines and their labels: beside the line where a spot is clear of the data, at the
 * edge for a rule out of reach, or named in the legend (`crowded`) where none is.
 */
export function placeRules(data: LineChartData, frame: LineFrame, placed: PlacedData) {
  const { x, y, rules, reached, beyond, inLegend, innerWidth, innerHeight, small } = frame;
  const { drawn, plot } = placed;
  const row = small + 4;
  /** A label of `width` px at a baseline, by its anchor end. */
  const labelAt = (labelX: number, labelY: number, anchor: 'start' | 'end', width: number) => ({
    labelX,
    labelY,
    labelAnchor: anchor,
    labelBox: textBox(anchor === 'end' ? labelX - width : labelX, labelY, width, small),
  });
  const drawnRules = rules.flatMap((rule, index) =>
    (rule.axis === 'x' ? x : y).drawable(rule.value) ? [{ ...rule, index }] : [],
  );
  const ruleLines = drawnRules
    .filter((r) => reached(r))
    .map((rule): Rule & LineSegment & { index: number; text: string; full: string } => {
      const full = rule.label;
      const text = fitText(full, innerWidth / 2, small);
      if (rule.axis === 'y') {
        const py = y.toPx(rule.value);
        return { ...rule, x1: 0, x2: innerWidth, y1: py, y2: py, text, full };
      }
      const px = x.toPx(rule.value);
      return { ...rule, x1: px, x2: px, y1: 0, y2: innerHeight, text, full };
    });
  const labelledLines = ruleLines.filter((r) => !inLegend.has(r.index));
  // A rule's label goes where it is clear of the data, the other rules and their labels: beside
  // its line at either end (a y rule above or below it, an x rule on either side, a row or two
  // down) or further along it.
  const ruleSpots = labelledLines.map((r) => {
    const width = textWidth(r.text, small);
    if (r.axis === 'y') {
      const above = r.y1 - 4;
      const under = r.y1 + small + 2;
      // The right end, the left end, then eighths of the way between.
      const ends = [innerWidth - 4, 4 + width];
      const between = [4, 3, 5, 2, 6, 1, 7].map((k) => (k * innerWidth + width) / 8);
      return [...ends, ...between].flatMap((right) => [
        labelAt(right, above, 'end', width),
        labelAt(right, under, 'end', width),
      ]);
    }
    // The top rows, the bottom rows, then every row between.
    const rows = Math.max(1, Math.floor((innerHeight - small) / row));
    const down = Array.from({ length: rows }, (_, k) => small + 2 + k * row);
    const baselines = [...down.slice(0, 3), ...down.slice(-2).reverse(), ...down.slice(3, -2)];
    return baselines.flatMap((labelY) => [
      labelAt(r.x1 + 4, labelY, 'start', width),
      labelAt(r.x1 - 4, labelY, 'end', width),
    ]);
  });
  // Rules out of reach, named at the edge they lie beyond with their value and an arrow: an x
  // rule in a top or bottom corner on its side, a y rule at either end of its edge, in the first
  // free row.
  const edgeLines = drawnRules
    .filter((r) => !reached(r) && !inLegend.has(r.index))
    .map((rule) => {
      const spec = rule.axis === 'x' ? data.x : data.y;
      const full = edgeRuleText(rule, spec, beyond(rule));
      return { ...rule, beyond: beyond(rule), text: fitText(full, innerWidth - 8, small), full };
    });
  const edgeSpots = edgeLines.map((r) => {
    const width = textWidth(r.text, small);
    const top = [0, 1, 2, 3].map((k) => small + 2 + k * row);
    const bottom = [0, 1, 2, 3].map((k) => innerHeight - 4 - k * row);
    const right = (labelY: number) => labelAt(innerWidth - 4, labelY, 'end', width);
    const left = (labelY: number) => labelAt(4, labelY, 'start', width);
    if (r.axis === 'x') {
      const side = r.beyond ? right : left;
      return [...top.map(side), ...bottom.map(side)];
    }
    return (r.beyond ? top : bottom).flatMap((labelY) => [right(labelY), left(labelY)]);
  });
  const chosen = chooseSpots(
    [...ruleSpots, ...edgeSpots].map((spots) => spots.map((c) => c.labelBox)),
    { texts: [], boxes: drawn.boxes, segments: [...drawn.segments, ...ruleLines] },
    plot,
  );
  const placedRules = labelledLines.map((r, i) => ({
    ...r,
    ...ruleSpots[i]![chosen[i]!.index]!,
  }));
  const edgeRules = edgeLines.map((r, i) => ({
    ...r,
    ...edgeSpots[i]![chosen[labelledLines.length + i]!.index]!,
  }));
  /**
   * Rules whose labels found no spot clear of the data, or on paper were cut to fit: the legend
   * names them instead, whole.
   */
  const crowded = new Set(
    [...labelledLines, ...edgeLines]
      .filter((r, i) => !chosen[i]!.clear || (frame.paper && r.text !== r.full))
      .map((r) => r.index),
  );

  return { ruleLines, placedRules, edgeRules, crowded };
}
