import { scaleBand } from 'd3-scale';
import { useId, useMemo } from 'react';

import { Axis } from './Axis';
import { ChartBox, chartFontSize, CutText } from './ChartBox';
import type { ChartProps, ChartSize } from './ChartBox';
import type { AxisSpec, TimelineData, TimelineState } from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import {
  axisTitle,
  fitAxisTitle,
  fitText,
  formatReadable,
  formatValue,
  textWidth,
} from '../results/format';
import { hatchFill, HatchPatterns } from './Hatch';
import { Legend, legendLayout } from './Legend';
import type { LegendEntry } from './Legend';
import { seriesColor } from './palette';
import { Readout } from './Readout';
import type { ReadoutTarget } from './Readout';
import { fittedXAxis } from './scales';
import { useMeasuredWidth } from './use_measured_width';
import { useReadout } from './use_readout';

/**
 * Idle time is what shows of the band's background: the theme's border colour, light on either
 * theme. A CSS variable in the attribute, so the legend swatch and the bands follow the theme.
 */
const IDLE_COLOR = 'var(--border)';
const IDLE_LABEL = 'idle';

const STYLE = {
  /** Band step the default height aims at; many rows share the height in thinner bands. */
  rowStep: 24,
  band: { paddingInner: 0.2, paddingOuter: 0.1 },
  /** Row labels are cut to this share of the chart's width. */
  labelShare: 0.25,
  labelGap: 6,
} as const;

const PERCENT = { unit: '', format: 'percent' } as const;
const shortPercent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A percentage for the description. */
function percent(value: number): string {
  return `${shortPercent.format(value * 100)}\u00a0%`;
}

/** One processor's bins, as given and as drawn. */
export interface TimelineRow {
  label: string;
  /** `values[s][b]`: the share as given; null where the data has no finite value. */
  values: (number | null)[][];
  /** `drawn[s][b]`: the share as stacked, clamped to 0..1 and the stack capped at the bin. */
  drawn: number[][];
  /** `idle[b]`: what the drawn states leave of bin b. */
  idle: number[];
}

/** `bins` shares as given, null where there is no finite value. */
function givenShares(shares: number[], bins: number): (number | null)[] {
  return Array.from({ length: bins }, (_, b) => {
    const v = shares[b];
    return v !== undefined && Number.isFinite(v) ? v : null;
  });
}

/**
 * The timeline as drawn: the end made positive, as many bins as the longest series, missing and
 * non-finite shares as no data, so bad data draws instead of throwing.
 */
export function timelineBins(data: TimelineData) {
  const end = Number.isFinite(data.end) && data.end > 0 ? data.end : 1;
  const series = data.rows.flatMap((r) => r.fractions.slice(0, data.states.length));
  const bins = Math.max(0, ...series.map((f) => f.length));
  const rows = data.rows.map((row): TimelineRow => {
    const values = data.states.map((_, s) => givenShares(row.fractions[s] ?? [], bins));
    const drawn = values.map(() => new Array<number>(bins).fill(0));
    const idle: number[] = [];
    for (let b = 0; b < bins; b++) {
      let total = 0;
      drawn.forEach((d, s) => {
        // Negative shares and float noise in 1 - total take no room; the stack stops at 1.
        const share = Math.max(0, Math.min(values[s]?.[b] ?? 0, 1 - total));
        d[b] = share;
        total += share;
      });
      idle.push(Math.max(0, 1 - total));
    }
    return { label: row.label, values, drawn, idle };
  });
  return { end, bins, rows, start: (b: number) => (b * end) / Math.max(1, bins) };
}

/**
 * Palette position of each state: by first appearance of its key, so a repeated key keeps its
 * colour; where two or more keys are drawn, its fill pattern follows it too (greyscale print).
 */
function statePositions(states: TimelineState[]): number[] {
  const byKey = new Map<string, number>();
  for (const s of states) if (!byKey.has(s.key)) byKey.set(s.key, byKey.size);
  return states.map((s) => byKey.get(s.key) ?? 0);
}

/** The fill pattern's position of each state, where the states are two or more keys. */
function stateHatches(positions: number[]): (number | undefined)[] {
  return new Set(positions).size > 1 ? positions : positions.map(() => undefined);
}

function legendEntries(states: TimelineState[], positions: number[]): LegendEntry[] {
  const entries = new Map<string, LegendEntry>();
  const hatches = stateHatches(positions);
  states.forEach((s, i) => {
    const key = `state:${s.key}`;
    const hatch = hatches[i];
    if (!entries.has(key)) {
      entries.set(key, {
        key,
        label: s.label,
        symbol: {
          kind: 'swatch',
          color: seriesColor(positions[i] ?? 0),
          ...(hatch === undefined ? {} : { hatch }),
        },
      });
    }
  });
  return [
    ...entries.values(),
    { key: 'idle', label: IDLE_LABEL, symbol: { kind: 'swatch', color: IDLE_COLOR } },
  ];
}

/** The parts of the layout that do not depend on the height: font, legend, top and bottom. */
function frameParts(data: TimelineData, size: { width: number; fontSize?: number }) {
  const { width } = size;
  const fontSize = chartFontSize(size);
  const positions = statePositions(data.states);
  const colors = positions.map(seriesColor);
  const legend = legendLayout(legendEntries(data.states, positions), width - 16, fontSize);
  const top = legend.height > 0 ? legend.height + 14 : 12;
  return {
    fontSize,
    colors,
    hatches: stateHatches(positions),
    legend,
    top,
    bottom: 2 * fontSize + 22,
  };
}

/** The height that gives each row about 24 px at this width, clamped to 240..480 px. */
export function timelineHeight(data: TimelineData, width: number, fontSize?: number): number {
  const { top, bottom } = frameParts(data, { width, fontSize });
  const natural = top + data.rows.length * STYLE.rowStep + bottom;
  return Math.min(480, Math.max(240, Math.round(natural)));
}

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
            `${data.time.label}: ${fx(t.start(b))} – ${fx(t.start(b + 1))}`,
            ...data.states.map((state, s) => {
              const v = row.values[s]?.[b] ?? null;
              return `${state.label}: ${v === null ? 'no data' : formatReadable(v, PERCENT)}`;
            }),
            `${IDLE_LABEL}: ${formatReadable(idle, PERCENT)}`,
          ];
        },
      };
    });
  });

  return {
    size,
    fontSize,
    margin,
    innerWidth,
    innerHeight,
    x,
    xTicks,
    xTitle: fitAxisTitle(spec, innerWidth, fontSize),
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

/** The text alternative: rows, time span and bins, mean shares, least and most idle rows. */
export function describeTimeline(data: TimelineData): string {
  const t = timelineBins(data);
  const n = t.rows.length;
  const fx = (v: number) => formatValue(v, data.time);
  const states = data.states.map((s) => s.label);
  const stacked =
    states.length > 0 ? `, each stacking ${states.join(', then ')} from its bottom` : '';
  const parts = [
    `Timeline of ${n} ${n === 1 ? 'processor' : 'processors'}, ${data.time.label} 0 to ` +
      `${fx(t.end)}${t.bins > 0 ? ` in ${t.bins} bins of ${fx(t.end / t.bins)}` : ''}: one ` +
      `band per processor from the top${stacked}; the rest of each bin is idle.`,
  ];
  const cells = n * t.bins;
  if (cells === 0) return [...parts, 'No data.'].join(' ');
  const mean = (values: number[][]) =>
    values.reduce((sum, v) => sum + v.reduce((a, b) => a + b, 0), 0) / cells;
  const stateMeans = data.states.map(
    (s, i) => `${s.label} ${percent(mean(t.rows.map((r) => r.drawn[i] ?? [])))}`,
  );
  const idleMean = percent(mean(t.rows.map((r) => r.idle)));
  parts.push(`Mean over all processors: ${[...stateMeans, `idle ${idleMean}`].join(', ')}.`);
  if (n > 1) {
    const idle = t.rows.map((r) => r.idle.reduce((a, b) => a + b, 0) / t.bins);
    const least = idle.indexOf(Math.min(...idle));
    const most = idle.indexOf(Math.max(...idle));
    parts.push(
      `Least idle: ${t.rows[least]?.label} (idle ${percent(idle[least] ?? 0)}); most idle: ` +
        `${t.rows[most]?.label} (idle ${percent(idle[most] ?? 0)}).`,
    );
  }
  const missing = t.rows.reduce(
    (sum, r) => sum + r.values.reduce((s, v) => s + v.filter((x) => x === null).length, 0),
    0,
  );
  if (missing > 0) parts.push(`${missing} values have no data.`);
  return parts.join(' ');
}

/**
 * Per-processor timeline: one band per processor, each state's share of every time bin stacked
 * from the band's bottom, idle time left as the band's background.
 */
export function TimelineChart({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<TimelineData>) {
  const { ref, width: w } = useMeasuredWidth(width);
  const h = height ?? timelineHeight(data, w, fontSize);
  // Hovering re-renders; the geometry of a large timeline is worth keeping across those renders.
  const g = useMemo(
    () => timelineGeometry(data, { width: w, height: h, fontSize }),
    [data, w, h, fontSize],
  );
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    timelineTargetAt(g, px, py),
  );
  const hatchId = useId();
  const hatch = (position: number) => hatchFill(hatchId, position);
  return (
    <ChartBox boxRef={ref} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description ?? describeTimeline(data)}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <HatchPatterns prefix={hatchId} positions={g.hatches.flatMap((p) => p ?? [])} />
        <Legend layout={g.legend} x={8 - g.margin.left} y={8 - g.margin.top} hatch={hatch} />
        {g.rows.map((row, r) => (
          <g key={`${r}:${row.label}`} className="timeline-row">
            <rect y={row.y} width={g.innerWidth} height={row.height} fill={IDLE_COLOR} />
            {row.paths.map((p) => {
              const pattern = p.d && p.hatch !== undefined ? hatch(p.hatch) : undefined;
              return p.d ? <path key={p.key} d={p.d} fill={pattern ?? p.color} /> : null;
            })}
            {row.text ? (
              <CutText
                text={row.text}
                full={row.label}
                x={-STYLE.labelGap}
                y={row.y + row.height / 2}
                dy="0.32em"
                textAnchor="end"
              />
            ) : null}
          </g>
        ))}
        <Axis
          orient="bottom"
          ticks={g.xTicks}
          length={g.innerWidth}
          position={g.innerHeight}
          label={g.xTitle}
          fullLabel={g.xTitleFull}
          labelOffset={g.xTitleOffset}
        />
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
