// What the bar kinds share (stacked bars, work-rate stacks): the run's bars as its sweep's points,
// and bars whose held segments keep their place but not their number.
import type { Bar } from '../results/chart_data';

/** The run's own bars (not a pinned run's), as the chart labels them. */
export function barPoints(data: { bars: Bar[] }): string[] {
  return data.bars.filter((b) => !b.pinned).map((b) => b.label);
}

/**
 * Bars without the numbers `held` holds back: a held segment keeps its place, and the number a
 * bar prints (`printed`: its total, its average), which with the other segments would give a held
 * segment away, is held too.
 */
export function withholdBars(
  bars: Bar[],
  held: (value: number) => boolean,
  printed: (bar: Bar) => number,
): Bar[] {
  return bars.map((bar) => {
    const segments = bar.segments.map((s) => (held(s.value) ? { ...s, withheld: true } : s));
    const totalWithheld = held(printed(bar)) || segments.some((s) => s.withheld);
    return totalWithheld ? { ...bar, segments, totalWithheld } : { ...bar, segments };
  });
}
