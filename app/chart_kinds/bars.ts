// What the bar kinds share (stacked bars, work-rate stacks): the run's bars as its sweep's points,
// and the numbers the bars draw.
import type { Drawn } from './kind';
import type { Bar } from '../results/chart_data';

/** The run's own bars (not a pinned run's), as the chart labels them. */
export function barPoints(data: { bars: Bar[] }): string[] {
  return data.bars.filter((b) => !b.pinned).map((b) => b.label);
}

/** What bars draw in `unit`: each segment, and the number each bar prints (`printed`). */
export function barsDrawn(bars: Bar[], unit: string, printed: (bar: Bar) => number): Drawn[] {
  return bars.flatMap((bar) => [
    ...bar.segments.map((s) => ({ value: s.value, unit, label: `${bar.label}: ${s.label}` })),
    { value: printed(bar), unit, label: bar.label },
  ]);
}
