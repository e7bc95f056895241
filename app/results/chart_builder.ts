// What every chart kind builds with: a run and its options, the values a spec names (scalars,
// parameters, series, templates) and axes. Each kind's own building is its file in
// app/chart_kinds/; a new machine adds a spec, not code.
import type { AxisSpec } from './chart_data';
import { withheldWords } from './chart_data';
import type { Params, RunResult, SeriesData } from '../engine/types';
import type { AxisOverrideSpec } from '../presets/fields';
import type { ChartSpec, Preset, ValueRefSpec } from '../presets/schema';
import { numberFormat } from '../presets/number_format';
import { withUnit } from '../presets/units';
import type { ChartChoice } from '../link/url_state';

/** A completed (or partial) run with the parameters it ran with. */
export interface RunView {
  result: RunResult;
  params: Params;
}

/** What a run was made for, kept with its result. */
export interface RunTag {
  preset: Preset;
  seed: number;
}

/** A run as the charts draw it, with the preset and seed it was made for. */
export type ChartRun = RunView & RunTag;

/** An earlier run kept for comparison, with the preset it ran. */
export interface PinnedRun {
  label: string;
  preset: Preset;
  run: RunView;
}

export interface ChartOptions {
  /** Draw the preset's reference points (the paper's values). */
  overlay: boolean;
  /** Draw the analytical models' curves and rules beside the simulation. */
  models: boolean;
  /** Log axes; absent: as the chart spec says. */
  xLog?: boolean;
  yLog?: boolean;
  /** The plane of a 3-D network's heat map. */
  plane?: number;
  pins: PinnedRun[];
}

/** A chart's options from its choices in the link (defaults filled in) and the pinned runs. */
export function chartOptions(choice: ChartChoice, pins: PinnedRun[]): ChartOptions {
  return {
    overlay: choice.overlay ?? true,
    models: choice.models ?? true,
    ...(choice.xLog !== undefined ? { xLog: choice.xLog } : {}),
    ...(choice.yLog !== undefined ? { yLog: choice.yLog } : {}),
    ...(choice.plane !== undefined ? { plane: choice.plane } : {}),
    pins,
  };
}

/** The value of a reference: a constant, `param.<name>`, or a scalar result; NaN if missing. */
export function resolveRef(ref: ValueRefSpec, run: RunView): number {
  if (typeof ref === 'number') return ref;
  if (ref.startsWith('param.')) {
    const value = run.params[ref.slice('param.'.length)];
    return typeof value === 'number' ? value : Number.NaN;
  }
  return run.result.scalars.find((s) => s.name === ref)?.value ?? Number.NaN;
}

// In the reader's language (numberFormat).
const number = {
  format: (value: number) => numberFormat({ maximumSignificantDigits: 4 }).format(value),
};
/** A fraction as a percentage, spaced as the charts' axes write it: "72.5 %". */
const percent = {
  format: (value: number) =>
    `${numberFormat({ maximumFractionDigits: 1 }).format(value * 100)}\u00a0%`,
};

const count = {
  format: (value: number) => numberFormat({ maximumFractionDigits: 0 }).format(value),
};

/**
 * A template's placeholder: `{ref}`, `{ref:%}`, `{ref:yes}` or `{ref:unit}`, with the times sign
 * a ratio may have glued to it (`{speedup}x`), which goes with the number when that is held back.
 */
const PLACEHOLDER = /\{([^{}:]+)(?::(%|yes|unit|if))?\}((?:x|\u00d7)(?!\p{L}))?/gu;

/**
 * Fills `{ref}` (a number; whole numbers such as counts in full), `{ref:%}` (a percentage),
 * `{ref:yes}` (yes for 1, no for 0: a check the run made) and `{ref:unit}` (a scalar with the
 * unit the engine declares for it, as units.ts writes it: "14.8 µs") placeholders from a run; a
 * value `withheld` holds back (a tour's unrevealed answer) is not. A part in square brackets is
 * left out when a value in it is missing (a machine size the run's sweep left out); elsewhere a
 * missing value is a dash. `{ref:if}` shows nothing and counts as missing where ref is 0: its
 * bracketed part is said only where a state holds.
 */
export function formatTemplate(
  text: string,
  run: RunView,
  withheld: (value: number) => boolean = () => false,
): string {
  const fill = (part: string) => {
    let missing = false;
    const filled = part.replace(
      PLACEHOLDER,
      (_, ref: string, format: string | undefined, times: string | undefined) => {
        const value = resolveRef(ref, run);
        if (!Number.isFinite(value) || (format === 'if' && value === 0)) {
          missing = true;
          return '–';
        }
        if (format === 'if') return '';
        if (withheld(value)) return withheldWords();
        if (format === '%') return percent.format(value);
        if (format === 'yes' && (value === 0 || value === 1)) return value === 1 ? 'yes' : 'no';
        const shown = (Number.isInteger(value) ? count : number).format(value) + (times ?? '');
        if (format !== 'unit') return shown;
        return withUnit(shown, run.result.scalars.find((s) => s.name === ref)?.unit ?? '');
      },
    );
    return { filled, missing };
  };
  const optional = text.replace(/\[([^[\]]*)\]/g, (_, part: string) => {
    const { filled, missing } = fill(part);
    return missing ? '' : filled;
  });
  return fill(optional).filled;
}

/** The first of a readout's or chart's states (`instead`) that holds in the run. */
export function stateOf<T extends { when: string }>(
  instead: T[] | undefined,
  run: RunView,
): T | undefined {
  return instead?.find((state) => {
    const value = resolveRef(state.when, run);
    return Number.isFinite(value) && value !== 0;
  });
}

/**
 * A readout's value and unit as shown, e.g. "21.3 Gbit/s"; a scalar the engine gives as a
 * fraction shows as a percentage ("100 % of peak"), so the unit is not read as a count. In a
 * state that says otherwise ("deadlocked at cycle 150"), its words.
 */
export function readoutText(readout: Preset['readouts'][number], run: RunView): string {
  const state = stateOf(readout.instead, run);
  if (state?.text) return formatTemplate(state.text, run);
  const value = resolveRef(readout.value, run);
  const fraction =
    typeof readout.value === 'string' &&
    run.result.scalars.find((s) => s.name === readout.value)?.unit === 'fraction';
  const text = Number.isFinite(value) ? (fraction ? percent : number).format(value) : '–';
  // The percent sign stands for the unit 'fraction'.
  const unit = fraction && readout.unit === 'fraction' ? '' : readout.unit;
  return withUnit(text, unit, ' ');
}

/** A readout's detail as shown (its state's, where one holds), or null for none. */
export function readoutDetail(readout: Preset['readouts'][number], run: RunView): string | null {
  const state = stateOf(readout.instead, run);
  const detail = state ? state.detail : readout.detail;
  return detail ? formatTemplate(detail, run) : null;
}

/** Series named exactly, or by a `prefix*` pattern, in the order the patterns list them. */
export function matchSeries(patterns: string[], result: RunResult): SeriesData[] {
  const out: SeriesData[] = [];
  for (const pattern of patterns) {
    const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : null;
    for (const s of result.series) {
      const hit = prefix === null ? s.name === pattern : s.name.startsWith(prefix);
      if (hit && !out.includes(s)) out.push(s);
    }
  }
  return out;
}

/** An axis as a spec's override says, else as the data name it; `choice` is the reader's log box. */
export function chartAxis(
  override: AxisOverrideSpec | undefined,
  fallback: { label: string; unit: string },
  choice: boolean | undefined,
): AxisSpec {
  const log = choice ?? override?.scale === 'log';
  const spec: AxisSpec = {
    label: override?.label ?? fallback.label,
    unit: override?.unit ?? fallback.unit,
    scale: log ? 'log' : 'linear',
  };
  // Fixed ends that a log scale cannot show are left to the data.
  if (override?.min !== undefined && !(log && override.min <= 0)) spec.min = override.min;
  if (override?.max !== undefined) spec.max = override.max;
  if (override?.format) spec.format = override.format;
  return spec;
}

/**
 * What a series keeps one colour by across a preset's charts: the key the engine gives it (a
 * series' name as key: that series' own), else its label, so "8-flit packets" is one colour
 * whether a chart draws their latency or their hops.
 */
export function colourName(s: SeriesData, result: RunResult): string {
  if (!s.key) return s.label;
  const of = result.series.find((o) => o.name === s.key && o !== s);
  return of ? of.key || of.label : s.key;
}

/** A pinned run's chart of the same id and kind as `spec`, if its preset has one. */
export function sameChart<K extends ChartSpec['kind']>(pin: PinnedRun, spec: ChartSpec, kind: K) {
  const found = pin.preset.charts.find((c) => c.id === spec.id && c.kind === kind);
  return found as (ChartSpec & { kind: K }) | undefined;
}
