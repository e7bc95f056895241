// `validate --explain ROW`: one paper target and what it rests on, the parameters its preset's
// run reads, each with its value, unit, basis and, for a calibrated one, what it was fitted on.
import type { ModelInfo, ParamValue } from '../engine/types';
import type {
  Accepted,
  BandSource,
  Preset,
  ReferencePoint,
  ToleranceSpec,
} from '../presets/schema';
import { presetParams, unusedParams } from '../presets/schema';
import type { TargetRole } from '../presets/validation';
import { paperTarget, targetRole } from '../presets/validation';
import { acceptedText } from '../presets/validation_text';
import { withUnit } from '../presets/units';
import { UsageError } from '../headless/usage_error';
import { WRAP_INDENT, formatNumber, terminalWidth, wrapLine } from './text';

/** A parameter a row rests on, as `--explain` gives it. */
export interface ExplainedParam {
  name: string;
  /**
   * The preset's value, or the engine's where the preset leaves it (`engineDefault`); a choice
   * by its name.
   */
  value: ParamValue | string;
  engineDefault?: true;
  unit: string;
  /**
   * The preset's basis: `paper` where it gives none (the paper states it), `undeclared` where
   * the preset does not list the parameter at all (the engine's default, with no source).
   */
  basis: 'paper' | 'assumed' | 'calibrated' | 'undeclared';
  source: string;
  fittedOn?: { preset: string; metric: string }[];
  /** A calibrated value fitted on the row explained: the row is then its calibration. */
  fittedOnThisRow?: true;
}

/** What `--explain` says of a row: the target, its band and where both come from, its inputs. */
export interface Explanation {
  preset: string;
  metric: string;
  label: string;
  role: TargetRole;
  unit: string;
  paper: number | string;
  tolerance?: ToleranceSpec;
  /** The values that meet the target, as validate --json gives them. */
  accepted: Accepted;
  band: BandSource;
  why: string;
  source: string;
  consistency?: string;
  restates?: { metric: string; preset?: string };
  stochastic?: string;
  knownMiss?: string;
  params: ExplainedParam[];
}

/**
 * The row `spec` names among `presets`: `preset:metric`, or a metric only one of them has. An
 * unknown or ambiguous name is a usage error naming the rows it could be.
 */
export function findRow(presets: Preset[], spec: string): { preset: Preset; ref: ReferencePoint } {
  const colon = spec.indexOf(':');
  const [presetId, metric] =
    colon < 0 ? [undefined, spec] : [spec.slice(0, colon), spec.slice(colon + 1)];
  const among = presetId === undefined ? presets : presets.filter((p) => p.id === presetId);
  if (among.length === 0) {
    const ids = presets.filter((p) => p.reference.length > 0).map((p) => p.id);
    throw new UsageError(`--explain ${spec}: no preset '${presetId}'; valid: ${ids.join(', ')}`);
  }
  const found = among.flatMap((preset) =>
    preset.reference.filter((r) => r.metric === metric).map((ref) => ({ preset, ref })),
  );
  if (found.length === 1) return found[0]!;
  if (found.length > 1) {
    const rows = found.map((f) => `${f.preset.id}:${metric}`);
    throw new UsageError(`--explain ${spec}: in several presets; give one: ${rows.join(', ')}`);
  }
  const valid = [...new Set(among.flatMap((p) => p.reference.map((r) => r.metric)))].sort();
  throw new UsageError(`--explain ${spec}: no such row; valid: ${valid.join(', ')}`);
}

/** The row of `preset` with its metric, and the parameters its run reads at the preset's values. */
export function explainRow(preset: Preset, ref: ReferencePoint, model: ModelInfo): Explanation {
  const defaults = Object.fromEntries(
    model.params.map((s) => [s.name, s.maxItems > 0 ? s.defaultList : s.default]),
  );
  const set = presetParams(preset);
  const unused = unusedParams(preset, model, { ...defaults, ...set });
  const params = model.params
    .filter((s) => !unused.has(s.name))
    .map((spec): ExplainedParam => {
      const entry = preset.params[spec.name];
      const thisRow = entry?.fittedOn?.some(
        (t) => t.preset === preset.id && t.metric === ref.metric,
      );
      const value = set[spec.name] ?? defaults[spec.name]!;
      return {
        name: spec.name,
        value: typeof value === 'number' ? (spec.choices[value] ?? value) : value,
        ...(set[spec.name] === undefined ? { engineDefault: true as const } : {}),
        unit: entry?.unit ?? spec.unit,
        basis: entry ? (entry.basis ?? 'paper') : 'undeclared',
        source: entry?.source ?? "not in the preset: the engine's default",
        ...(entry?.fittedOn ? { fittedOn: entry.fittedOn } : {}),
        ...(thisRow ? { fittedOnThisRow: true as const } : {}),
      };
    });
  const { paper, accept } = paperTarget(ref);
  return {
    preset: preset.id,
    metric: ref.metric,
    label: ref.label,
    role: targetRole(preset, ref).role,
    unit: ref.unit,
    paper: paper.kind === 'number' ? paper.value : paper.words,
    ...('tolerance' in ref ? { tolerance: ref.tolerance } : {}),
    accepted: accept,
    band: ref.band,
    why: ref.why,
    source: ref.source,
    ...(ref.consistency !== undefined ? { consistency: ref.consistency } : {}),
    ...(ref.restates ? { restates: ref.restates } : {}),
    ...(ref.stochastic !== undefined ? { stochastic: ref.stochastic } : {}),
    ...(ref.knownMiss !== undefined ? { knownMiss: ref.knownMiss } : {}),
    params,
  };
}

/** A value as text: a list's items joined by commas, a choice by its name. */
function valueText(value: ParamValue | string): string {
  if (typeof value === 'string') return value;
  return Array.isArray(value) ? value.map(formatNumber).join(', ') : formatNumber(value);
}

/** The explanation as lines wrapped to `width`: the row, then a parameter each with its source. */
export function explanationText(e: Explanation, width: number): string {
  const tolerance = e.tolerance
    ? 'abs' in e.tolerance
      ? ` (tolerance ${formatNumber(e.tolerance.abs)})`
      : ` (tolerance ${formatNumber(e.tolerance.rel * 100)} %)`
    : '';
  const paper =
    typeof e.paper === 'number'
      ? withUnit(formatNumber(e.paper), e.unit, ' ')
      : `\u201c${e.paper}\u201d`;
  const fields: [string, string | undefined][] = [
    ['role', e.role],
    ['paper', paper],
    ['accepted', `${withUnit(acceptedText(e.accepted, formatNumber), e.unit, ' ')}${tolerance}`],
    ['band from', e.band.why ? `${e.band.from}: ${e.band.why}` : e.band.from],
    ['why', e.why],
    ['source', e.source],
    ['consistency', e.consistency],
    ['restates', e.restates && [e.restates.preset, e.restates.metric].filter(Boolean).join(' ')],
    ['stochastic', e.stochastic],
    ['known miss', e.knownMiss],
  ];
  const wrap = (line: string) => wrapLine(line, width, WRAP_INDENT);
  const fitted = (p: ExplainedParam) =>
    p.fittedOn
      ? `; fitted on ${p.fittedOn.map((t) => `${t.preset}:${t.metric}`).join(', ')}` +
        (p.fittedOnThisRow ? ' (this row: it is the calibration)' : '')
      : '';
  return [
    `${e.preset}:${e.metric}  ${e.label}`,
    ...fields.flatMap(([name, text]) => (text ? wrap(`  ${name}: ${text}`) : [])),
    '',
    `parameters its run reads (${e.params.length}):`,
    ...e.params.flatMap((p) => [
      ...wrap(`  ${p.name} = ${withUnit(valueText(p.value), p.unit, ' ')}; ${p.basis}${fitted(p)}`),
      ...wrapLine(`      ${p.source}`, width, 6),
    ]),
  ].join('\n');
}

/** `validate [preset] --explain ROW`: the row among `chosen`, as text or --json; exit code 0. */
export function explain(
  models: ModelInfo[],
  chosen: Preset[],
  spec: string,
  json: boolean,
): number {
  const { preset, ref } = findRow(chosen, spec);
  const model = models.find((m) => m.name === preset.model)!;
  const explanation = explainRow(preset, ref, model);
  console.log(
    json ? JSON.stringify(explanation, null, 2) : explanationText(explanation, terminalWidth()),
  );
  return 0;
}
