import type {
  CostModelSignature,
  LogpSignature,
  ModelInfo,
  Params,
  RunRequest,
  RunResult,
} from '../engine/types';
import type { Curve, LineChartData } from '../results/chart_data';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import { vt } from '../views/view_words';
import type { MachinesLink } from './link';
import { familyItem, familyMember, logpSignature } from './signatures';

/** The LogGP parameters each machine's model fits, in the order the table shows them. */
export const LOGP_PARAMS = ['o_send', 'o_recv', 'L', 'g', 'G'] as const;
export type LogpParam = (typeof LOGP_PARAMS)[number];
export type Unit = 'us' | 'cycles';

/** The machines on the page: every preset of a model declaring a LogP signature, in order. */
export function logpPresets(presets: Preset[], models: ModelInfo[]): Preset[] {
  return presets.filter((p) => logpSignature(p, models) !== undefined);
}

/** What a machine's run asks: its preset's values with the link's overrides for it. */
export function machineRequest(
  preset: Preset,
  model: ModelInfo | undefined,
  link: MachinesLink,
): RunRequest {
  const overrides = link.params[preset.id] ?? {};
  const params: Params = model
    ? resolveValues(model.params, presetParams(preset), overrides)
    : { ...presetParams(preset), ...overrides };
  return { model: preset.model, params, seed: preset.seed };
}

/** One fitted row: a target of a machine's model (T805 p4, PIE64 WRITEX). */
export interface FittedRow {
  kind: 'fitted';
  key: string;
  label: string;
  preset: string;
  clockMhz: number;
  us: Record<LogpParam, number>;
  cycles: Record<LogpParam, number>;
  /**
   * What o send + o receive exceed the one-way time by, where the overheads overlap the transfer
   * (the fit then holds L at 0); 0 where they follow each other.
   */
  overlap: { us: number; cycles: number };
}

/** A comparison machine as its paper gives it: Ts per message and Tb per byte (Table 1). */
export interface PaperRow {
  kind: 'paper';
  key: string;
  label: string;
  tsUs: number;
  tbUs: number;
}

function scalar(result: RunResult, name: string): number | undefined {
  return result.scalars.find((s) => s.name === name)?.value;
}

/** The fitted rows of one machine's run: one per target its one-way series names. */
export function fittedRows(preset: Preset, result: RunResult, sig: LogpSignature): FittedRow[] {
  const rows: FittedRow[] = [];
  for (const s of result.series) {
    const key = familyItem(sig.oneWayUs, s.name);
    if (key === undefined) continue;
    const at = (family: string) => scalar(result, familyMember(family, key));
    const us = {} as Record<LogpParam, number>;
    const cycles = {} as Record<LogpParam, number>;
    let complete = true;
    for (const p of LOGP_PARAMS) {
      const fitted = sig.fitted.find((f) => f.param === p);
      const u = fitted && at(fitted.us);
      const c = fitted && at(fitted.cycles);
      if (u === undefined || c === undefined) complete = false;
      us[p] = u ?? NaN;
      cycles[p] = c ?? NaN;
    }
    if (!complete) continue;
    rows.push({
      kind: 'fitted',
      key,
      label: s.label,
      preset: preset.id,
      clockMhz: at(sig.clockMhz) ?? NaN,
      us,
      cycles,
      overlap: { us: at(sig.overlap.us) ?? NaN, cycles: at(sig.overlap.cycles) ?? NaN },
    });
  }
  return rows;
}

/** The cost-model curves of a run but the model's own (it is simulated here), in order. */
function paperCurves(result: RunResult, sig: CostModelSignature) {
  return result.series.filter(
    (s) => familyItem(sig.curves, s.name) !== undefined && s.name !== sig.own,
  );
}

/**
 * The comparison machines of Table 1 from the run of its preset: each cost-model curve the model
 * draws (the J-Machine's own left out: it is simulated here) with the Ts and Tb it was drawn from.
 */
export function paperRows(result: RunResult, params: Params, sig: CostModelSignature): PaperRow[] {
  const ts = params[sig.ts];
  const tb = params[sig.tb];
  if (!Array.isArray(ts) || !Array.isArray(tb)) return [];
  return paperCurves(result, sig).flatMap((s, i) =>
    ts[i] === undefined || tb[i] === undefined
      ? []
      : [{ kind: 'paper' as const, key: s.name, label: s.label, tsUs: ts[i], tbUs: tb[i] }],
  );
}

/** A machine's run as the page holds it. */
export interface MachineRun {
  preset: Preset;
  result: RunResult;
  signature: LogpSignature;
}

/**
 * One-way time against message size for every machine (log-log), in microseconds or processor
 * cycles; the papers' cost models (Ts + Tb x bytes) beside them in microseconds, dashed, as table
 * data. Colours by the machine's position, so a machine keeps its colour as runs arrive.
 */
export function machinesChartData(
  runs: MachineRun[],
  paper: { result: RunResult; signature: CostModelSignature } | null,
  unit: Unit,
  order: string[],
): LineChartData {
  const curves: Curve[] = [];
  for (const run of runs) {
    const family = unit === 'us' ? run.signature.oneWayUs : run.signature.oneWayCycles;
    for (const s of run.result.series) {
      const key = familyItem(family, s.name);
      if (key === undefined) continue;
      curves.push({
        id: key,
        label: s.label,
        points: s.x.map((x, i) => ({ x, y: s.y[i] ?? NaN })),
        mode: 'line+points',
        color: Math.max(0, order.indexOf(key)),
      });
    }
  }
  if (paper && unit === 'us') {
    for (const s of paperCurves(paper.result, paper.signature)) {
      curves.push({
        id: s.name,
        label: vt('machines.paperCurve', { label: s.label }),
        points: s.x.map((x, i) => ({ x, y: s.y[i] ?? NaN })),
        mode: 'line',
        model: true,
        color: order.length + curves.filter((c) => c.model).length,
      });
    }
  }
  return {
    x: { label: vt('machines.size'), unit: vt('machines.bytes'), scale: 'log' },
    y: {
      label: vt('machines.oneWay'),
      unit: unit === 'us' ? 'us' : vt('machines.cyclesUnit'),
      scale: 'log',
    },
    curves,
  };
}

/** Every target's key in the presets' order (their charts name the series), for stable colours. */
export function targetOrder(presets: Preset[], models: ModelInfo[]): string[] {
  return presets.flatMap((p) => {
    const sig = logpSignature(p, models);
    if (!sig) return [];
    return p.charts.flatMap((c) =>
      'series' in c
        ? c.series.flatMap((s) => {
            const key = familyItem(sig.oneWayUs, s);
            return key === undefined ? [] : [key];
          })
        : [],
    );
  });
}
