// A timeline chart's geometry: bands of stacked step areas, row labels, the time axis, and a
// read-out target per row and bin.
import { scaleBand } from 'd3-scale';

import type { ChartSize } from './ChartBox';
import { titleLines } from './ChartBox';
import { titleExtra } from './Axis';
import type { AxisSpec, TimelineData } from '../results/chart_data';
import { axisTitle, fitText, formatReadable, textWidth } from '../results/format';
import { seriesColor } from './palette';
import type { ReadoutTarget } from './Readout';
import { fittedXAxis } from './scales';
import { timelineBins } from './timeline_bins';
import { frameParts } from './timeline_frame';
import { IDLE_COLOR, idleLabel, PERCENT, STYLE } from './timeline_style';
import { chartsT } from '../results/words';

const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * One edge of a step outline, walked from x = xs[0] to the end or, `backwards`, from the end to
 * xs[0]: a V and an H per run of bins with the same share, so flat stretches cost one step.
 */
function stepEdge(
  shares: number[],
  xs: string[],
  yAt: (share: number) => number,
  backwards: boolean,
): string {
  const n = shares.length;
  const at = (i: number) => shares[backwards ? n - 1 - i : i] ?? 0;
  let path = '';
  for (let i = 0; i < n;) {
    const share = at(i);
    let j = i + 1;
    while (j < n && at(j) === share) j++;
    path += `V${r2(yAt(share))}H${xs[backwards ? n - j : j]}`;
    i = j;
  }
  return path;
}

/**
 * One state of one row as a single closed step outline: from the bottom left, the upper edge left
 * to right, then the lower edge back. Empty where the state takes no share anywhere.
 */
function stepArea(
  lower: number[],
  upper: number[],
  xs: string[],
  yAt: (share: number) => number,
): string {
  if (upper.every((hi, b) => hi === lower[b])) return '';
  const start = `M${xs[0]},${r2(yAt(lower[0] ?? 0))}`;
  return `${start}${stepEdge(upper, xs, yAt, false)}${stepEdge(lower, xs, yAt, true)}Z`;
}

/**
 * Everything the timeline draws, in plot coordinates (origin at the plot area's top left): one
 * band per row from the top, each state as one step path stacked from the band's bottom, row
 * labels (every k-th where bands are too thin for all), the time axis, legend and one read-out
 * target per row and bin. Pure, so it can be tested with tolerances.
 */
export function timelineGeometry(data: TimelineData, size: ChartSize) {
  const { fontSize, colors, hatches, legend, top, bottom } = frameParts(data, size);
  const t = timelineBins(data);
  const labelRoom = Math.max(40, size.width * STYLE.labelShare);
  const labels = t.rows.map((r) => fitText(r.label, labelRoom, fontSize));
  const widest = Math.max(0, ...labels.map((l) => textWidth(l, fontSize)));
  const margin = { top, right: 16, bottom, left: Math.ceil(widest + STYLE.labelGap + 6) };
  const innerHeight = Math.max(40, size.height - margin.top - margin.bottom);

  const spec: AxisSpec = { ...data.time, scale: 'linear', min: 0, max: t.end };
  const { innerWidth, x, xTicks } = fittedXAxis(spec, [0, t.end], size.width, margin, fontSize);
  // A title on more lines makes the chart taller, not the plot smaller.
  const xTitle = titleLines(spec, innerWidth, size, fontSize);
  margin.bottom += titleExtra(xTitle, fontSize);

  const band = scaleBand<number>()
    .domain(t.rows.map((_, r) => r))
    .range([0, innerHeight])
    .paddingInner(STYLE.band.paddingInner)
    .paddingOuter(STYLE.band.paddingOuter);
  const bandHeight = band.bandwidth();
  // Every k-th label, so that labels on thin bands stay a line apart.
  const labelEvery = Math.max(1, Math.ceil((fontSize + 2) / band.step()));
  const binWidth = t.bins > 0 ? innerWidth / t.bins : innerWidth;
  const xAt = (b: number) => b * binWidth;
  // Bin edges as path text, shared by every row and state.
  const xs = Array.from({ length: t.bins + 1 }, (_, b) => String(r2(xAt(b))));

  const rows = t.rows.map((row, r) => {
    const y = band(r) ?? 0;
    const yAt = (share: number) => y + bandHeight * (1 - share);
    let lower = new Array<number>(t.bins).fill(0);
    const paths = row.drawn.map((shares, s) => {
      const upper = shares.map((v, b) => (lower[b] ?? 0) + v);
      const d = stepArea(lower, upper, xs, yAt);
      lower = upper;
      return {
        key: `${s}:${data.states[s]?.key ?? ''}`,
        color: colors[s] ?? seriesColor(0),
        hatch: hatches[s],
        d,
      };
    });
    return {
      label: row.label,
      text: r % labelEvery === 0 ? (labels[r] ?? '') : '',
      y,
      height: bandHeight,
      paths,
    };
  });

  const fx = (v: number) => formatReadable(v, data.time);
  const targets: ReadoutTarget[] = t.rows.flatMap((row, r) => {
    const y = rows[r]?.y ?? 0;
    return Array.from({ length: t.bins }, (_, b): ReadoutTarget => {
      const idle = row.idle[b] ?? 0;
      // The swatch takes the colour of the largest share, idle included.
      let color = IDLE_COLOR;
      let most = idle;
      row.drawn.forEach((d, s) => {
        if ((d[b] ?? 0) > most) [most, color] = [d[b] ?? 0, colors[s] ?? IDLE_COLOR];
      });
      return {
        // Series count from the bottom row, so that the up arrow moves the read-out up.
        series: t.rows.length - 1 - r,
        px: xAt(b + 0.5),
        py: y + bandHeight / 2,
        rect: { x: xAt(b), y, width: binWidth, height: bandHeight },
        color,
        title: row.label,
        // Built when read: formatting every line of thousands of targets up front is slow.
        get lines() {
          return [
            chartsT('timeline.bin', {
              time: data.time.label,
              from: fx(t.start(b)),
              to: fx(t.start(b + 1)),
            }),
            ...data.states.map((state, s) => {
              const v = row.values[s]?.[b] ?? null;
              return v === null
                ? chartsT('noDataFor', { label: state.label })
                : chartsT('line.value', { label: state.label, value: formatReadable(v, PERCENT) });
            }),
            chartsT('line.value', { label: idleLabel(), value: formatReadable(idle, PERCENT) }),
          ];
        },
      };
    });
  });

  return {
    size: { ...size, height: size.height + titleExtra(xTitle, fontSize) },
    fontSize,
    margin,
    innerWidth,
    innerHeight,
    x,
    xTicks,
    xTitle,
    xTitleFull: axisTitle(spec),
    xTitleOffset: fontSize * 2 + 14,
    legend,
    /** The fill pattern's position of each state (where the states are two or more keys). */
    hatches,
    bins: t.bins,
    binWidth,
    rowStep: band.step(),
    labelEvery,
    rows,
    targets,
  };
}

export type TimelineGeometry = ReturnType<typeof timelineGeometry>;

/**
 * Index of the target under (px, py): the bin under the pointer in the nearest row, so the gaps
 * between bands pick too. Direct arithmetic, as large timelines have thousands of targets.
 */
export function timelineTargetAt(g: TimelineGeometry, px: number, py: number): number | null {
  const first = g.rows[0];
  if (!first || g.bins === 0) return null;
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, v));
  const row = clamp(Math.round((py - first.y - first.height / 2) / g.rowStep), g.rows.length);
  const bin = clamp(Math.floor(px / g.binWidth), g.bins);
  return row * g.bins + bin;
}
