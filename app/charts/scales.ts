import { scaleLinear, scaleLog } from 'd3-scale';

import type { Tick } from './Axis';
import type { AxisSpec } from '../results/chart_data';
import type { TickText } from '../results/format';
import { logTick, tickText, tickWidth } from '../results/format';
import { numberFormat } from '../presets/number_format';

/** One axis of a chart: its spec, its domain and the mapping between data and pixels. */
export interface ScaledAxis {
  spec: AxisSpec;
  domain: [number, number];
  /** Pixel range; for a y axis the first end is the bottom of the plot. */
  range: [number, number];
  toPx: (value: number) => number;
  fromPx: (px: number) => number;
  /** Whether a value can be drawn: finite, and positive on a log axis. */
  drawable: (value: number) => boolean;
}

// Free ends of a log domain are padded by this fraction of its decades, then rounded out to a
// whole first digit (7 and 70, not 1 and 100), so end points stay off the axis lines and the
// ends get ticks without the waste of rounding to whole decades.
const LOG_PADDING = 0.04;

function roundOut(value: number, direction: 'down' | 'up'): number {
  const unit = 10 ** Math.floor(Math.log10(value));
  // The tolerance keeps float noise (0.3 / 0.1 = 2.9999999999999996) from moving a whole digit.
  const digits = value / unit;
  return (direction === 'down' ? Math.floor(digits + 1e-9) : Math.ceil(digits - 1e-9)) * unit;
}

function logDomain(spec: AxisSpec, values: number[]): [number, number] {
  // A fixed end a log axis cannot show (zero, negative) is ignored.
  const fixed = (end: number | undefined) => (end !== undefined && end > 0 ? end : undefined);
  const min = fixed(spec.min);
  const max = fixed(spec.max);
  let lo = min ?? (values.length > 0 ? Math.min(...values) : 1);
  let hi = max ?? (values.length > 0 ? Math.max(...values) : 10);
  if (lo >= hi) {
    // A single value gets half a decade either side.
    lo /= Math.sqrt(10);
    hi *= Math.sqrt(10);
  } else {
    const pad = (hi / lo) ** LOG_PADDING;
    lo /= pad;
    hi *= pad;
  }
  return [min ?? roundOut(lo, 'down'), max ?? roundOut(hi, 'up')];
}

function linearDomain(spec: AxisSpec, values: number[], tickCount: number): [number, number] {
  let lo = spec.min ?? Math.min(0, ...values);
  let hi = spec.max ?? Math.max(0, ...values);
  if (lo === hi) {
    if (spec.max === undefined) hi = lo + 1;
    else lo = hi - 1;
  }
  const [niceLo = lo, niceHi = hi] = scaleLinear().domain([lo, hi]).nice(tickCount).domain();
  return [spec.min ?? niceLo, spec.max ?? niceHi];
}

/**
 * The domain an axis needs to show `values` (points, marks, rules): fixed ends from the spec,
 * linear axes from zero and rounded to ticks. Values that cannot be drawn (non-finite, or
 * non-positive on a log axis) do not widen it.
 */
export function axisDomain(spec: AxisSpec, values: number[], tickCount: number): [number, number] {
  const shown = values.filter((v) => drawableOn(spec, v));
  return spec.scale === 'log' ? logDomain(spec, shown) : linearDomain(spec, shown, tickCount);
}

function drawableOn(spec: AxisSpec, value: number): boolean {
  return Number.isFinite(value) && (spec.scale !== 'log' || value > 0);
}

export function scaledAxis(
  spec: AxisSpec,
  domain: [number, number],
  range: [number, number],
): ScaledAxis {
  const scale =
    spec.scale === 'log'
      ? scaleLog().domain(domain).range(range)
      : scaleLinear().domain(domain).range(range);
  return {
    spec,
    domain,
    range,
    toPx: (v) => scale(v),
    fromPx: (px) => scale.invert(px),
    drawable: (v) => drawableOn(spec, v),
  };
}

function mantissa(value: number): number {
  return Number((value / 10 ** Math.floor(Math.log10(value) + 1e-9)).toPrecision(6));
}

// On a log axis the ticks between decades are labelled only while they fit: first all of them,
// then 1-2-5, then the decades alone.
const LOG_LABEL_SETS: ((m: number) => boolean)[] = [
  () => true,
  (m) => m === 1 || m === 2 || m === 5,
  (m) => m === 1,
];

/**
 * Log-axis labels with the fewest significant digits that tell every tick apart: a range
 * narrower than a decade gets linear-style ticks (2.8, 2.9, 3 ×10⁶), which one digit would
 * print alike.
 */
function logLabels(values: number[], spec: AxisSpec): TickText[] {
  for (let digits = 1; ; digits++) {
    const labels = values.map((v) => logLabel(v, spec, digits));
    const texts = labels.map(tickText);
    if (digits >= 17 || new Set(texts).size === texts.length) return labels;
  }
}

/** Whether `values` are three or more powers of two and not all powers of ten as well. */
export function powersOfTwo(values: number[]): boolean {
  const shown = new Set(values.filter((v) => v > 0 && Number.isFinite(v)));
  const power = (v: number, base: number) => {
    const k = Math.round(Math.log(v) / Math.log(base));
    return Math.abs(base ** k - v) <= 1e-9 * v;
  };
  const all = (base: number) => [...shown].every((v) => power(v, base));
  return shown.size >= 3 && all(2) && !all(10);
}

// A power of two prints in digits from 1/16 to 65,536, else as 2 raised to it.
const PLAIN_POWERS = [-4, 16] as const;

/**
 * Ticks at the powers of two in a log domain, labelled every one, else every second, third...
 * (counted from 2⁰, so 1 stays labelled) while they do not fit.
 */
function binaryTicks(axis: ScaledAxis): Tick[][] {
  const scale = scaleLog().domain(axis.domain).range(axis.range);
  const [lo, hi] = axis.domain;
  const powers: number[] = [];
  for (let k = Math.ceil(Math.log2(lo) - 1e-9); k <= Math.floor(Math.log2(hi) + 1e-9); k++) {
    powers.push(k);
  }
  const plain = numberFormat({ maximumFractionDigits: 4 });
  const text = (k: number): TickText =>
    k >= PLAIN_POWERS[0] && k <= PLAIN_POWERS[1]
      ? { label: plain.format(2 ** k) }
      : { label: '2', exponent: k };
  return Array.from({ length: Math.max(1, powers.length) }, (_, i) => i + 1).map((step) =>
    powers.map((k) => ({
      value: 2 ** k,
      offset: scale(2 ** k),
      ...(k % step === 0 ? text(k) : { label: '' }),
    })),
  );
}

function candidateTicks(axis: ScaledAxis, count: number): Tick[][] {
  const { spec, domain, range } = axis;
  if (spec.scale === 'log' && spec.binary) return binaryTicks(axis);
  if (spec.scale === 'log') {
    const scale = scaleLog().domain(domain).range(range);
    const values = scale.ticks(count);
    const labels = logLabels(values, spec);
    // Linear-style ticks in a narrow range are all labelled; fewer come from a lower count.
    const sets = values.every((v) => Number.isInteger(mantissa(v)))
      ? LOG_LABEL_SETS
      : LOG_LABEL_SETS.slice(0, 1);
    return sets.map((labelled) =>
      values.map((v, i) =>
        labelled(mantissa(v))
          ? { value: v, offset: scale(v), ...labels[i]! }
          : { value: v, offset: scale(v), label: '' },
      ),
    );
  }
  const scale = scaleLinear().domain(domain).range(range);
  const format = spec.whole
    ? scale.tickFormat(count, ',d')
    : scale.tickFormat(count, spec.format === 'percent' ? '%' : undefined);
  const values = scale.ticks(count).filter((v) => !spec.whole || Number.isInteger(v));
  return [
    values.map((v) => ({
      value: v,
      offset: scale(v),
      label: format(v).replace('%', '\u00a0%'),
    })),
  ];
}

/** A log tick's label; a percentage always in plain digits, its sign after them. */
function logLabel(value: number, spec: AxisSpec, digits: number): TickText {
  if (spec.format !== 'percent') return logTick(value, digits);
  const plain = numberFormat({ maximumSignificantDigits: Math.max(3, digits) });
  return { label: `${plain.format(value * 100)}\u00a0%` };
}

function labelsFit(ticks: Tick[], orient: 'x' | 'y', fontSize: number): boolean {
  const labelled = ticks.filter((t) => t.label !== '');
  return labelled.every((t, i) => {
    const next = labelled[i + 1];
    if (!next) return true;
    const gap = Math.abs(next.offset - t.offset);
    if (orient === 'y') return gap >= fontSize * 1.4;
    return gap >= (tickWidth(t, fontSize) + tickWidth(next, fontSize)) / 2 + fontSize;
  });
}

/** Tick density: one per this many px along the axis, and at most this many on a wide chart. */
const TICK_SPACING = { x: { px: 70, max: 12 }, y: { px: 36, max: 10 } } as const;

/**
 * Ticks for an axis of the given pixel length: as many as fit without labels touching, up to
 * the density above, so narrow charts get fewer. A label of '' is a minor tick of a log axis.
 */
export function axisTicks(axis: ScaledAxis, orient: 'x' | 'y', fontSize: number): Tick[] {
  const length = Math.abs(axis.range[1] - axis.range[0]);
  const spacing = TICK_SPACING[orient];
  let fallback: Tick[] = [];
  for (let count = Math.min(spacing.max, Math.floor(length / spacing.px)); count >= 2; count--) {
    for (const ticks of candidateTicks(axis, count)) {
      fallback = ticks;
      if (labelsFit(ticks, orient, fontSize)) return ticks;
    }
  }
  return fallback.length > 0 ? fallback : (candidateTicks(axis, 2)[0] ?? []);
}

/** Width in px of the widest tick label, which sets the margin beside a vertical axis. */
export function widestTickLabel(ticks: Tick[], fontSize: number): number {
  return Math.max(0, ...ticks.map((t) => tickWidth(t, fontSize)));
}

/**
 * The x axis across a plot of `width` px between `margin.left` and `margin.right`, widening
 * `margin.right` (in place) when the last tick label, centred on its tick, would stick out past it.
 */
export function fittedXAxis(
  spec: AxisSpec,
  domain: [number, number],
  width: number,
  margin: { left: number; right: number },
  fontSize: number,
) {
  const axisFor = (right: number) => {
    const innerWidth = Math.max(40, width - margin.left - right);
    const x = scaledAxis(spec, domain, [0, innerWidth]);
    return { innerWidth, x, xTicks: axisTicks(x, 'x', fontSize) };
  };
  const first = axisFor(margin.right);
  const last = first.xTicks.filter((t) => t.label !== '').at(-1);
  const overhang = last ? last.offset + tickWidth(last, fontSize) / 2 + 4 - first.innerWidth : 0;
  if (overhang <= margin.right) return first;
  margin.right = Math.ceil(overhang);
  return axisFor(margin.right);
}
