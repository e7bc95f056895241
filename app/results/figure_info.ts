// What an exported figure says and which themes it can take. Kept apart from the renderer
// (figure.tsx), which brings react-dom/server and so is loaded only when something is exported.
import type { ParamSpec, Params } from '../engine/types';
import type { ChartSpec, Preset } from '../presets/schema';
import { machineAndYear, paperExperiment, presetBaseline } from '../presets/schema';
import { changedParams, fillParams, paramsText } from '../presets/param_values';
import { joinSentences } from '../i18n/join';
import { chartsT } from './words';

/** "print": light colours on white, for paper and white pages; "dark": the dark page's colours. */
export const FIGURE_THEMES = ['print', 'dark'] as const;
export type FigureTheme = (typeof FIGURE_THEMES)[number];

/**
 * What differs from the preset, in the panel's words: "Changed from the paper's values:
 * Topology: torus; Offered load: 0.3 flits/node/cycle." A preset with no paper has defaults; one
 * with the paper's values in an experiment the paper did not measure (no paper targets) says so,
 * so its curves do not pass for the paper's. In the page's language (the CLI's is English).
 */
export function changesText(
  preset: Preset,
  specs: ParamSpec[],
  params: Params,
  presetValues: Params,
): string {
  const changed = changedParams(params, presetValues);
  const baseline = presetBaseline(preset) === 'default' ? 'default' : 'paper';
  const values =
    Object.keys(changed).length > 0
      ? chartsT('figure.changed', { baseline, values: paramsText(specs, changed) })
      : chartsT('figure.unchanged', { baseline });
  const unmeasured = presetBaseline(preset) !== 'default' && !paperExperiment(preset);
  return unmeasured ? joinSentences([values, chartsT('figure.unmeasured')]) : values;
}

/**
 * The caption lines of a figure, in the page's language (the CLI's is English): preset, machine
 * and year; what differs from the preset and the seed; the citation; and, unless `link` is null,
 * the link back to this state in the explorer.
 */
export function figureCaption({
  preset,
  spec,
  specs,
  params,
  paperValues,
  seed,
  link,
}: {
  preset: Preset;
  spec: ChartSpec;
  /** The model's parameters, whose labels, units and choice names the caption uses. */
  specs: ParamSpec[];
  /** The parameters the run was made with. */
  params: Params;
  paperValues: Params;
  seed: number;
  link: string | null;
}): string[] {
  const title = chartsT('figure.title', {
    title: preset.title,
    // "Custom network: any shape..." needs no "(Custom network)" after it.
    named: preset.year === undefined && preset.title.startsWith(preset.machine) ? 'yes' : 'no',
    machine: preset.machine,
    dated: preset.year === undefined ? 'no' : 'yes',
    // As text: a year is no quantity to group ("1,986").
    year: String(preset.year),
  });
  return [
    title,
    joinSentences([
      changesText(preset, specs, params, paperValues),
      chartsT('figure.seed', { seed: String(seed) }),
    ]),
    chartsT('figure.source', { paper: preset.citation.text, figure: spec.about.citation }),
    ...(link === null ? [] : [chartsT('figure.madeWith', { link })]),
  ];
}

/**
 * Where an export's numbers come from, as "key: value" lines for the head of a CSV: the preset,
 * the chart (for a chart's data), what differs from the preset, the seed, the source and, unless
 * `link` is null, the link back to this state in the explorer.
 */
export function provenance({
  preset,
  spec,
  specs,
  params,
  paperValues,
  seed,
  link,
}: {
  preset: Preset;
  /** The chart whose data it is; absent for the model-vs-paper table. */
  spec?: ChartSpec;
  specs: ParamSpec[];
  params: Params;
  paperValues: Params;
  seed: number;
  link: string | null;
}): string[] {
  const source = spec ? `${preset.citation.text}, ${spec.about.citation}` : preset.citation.text;
  return [
    `preset: ${preset.id} (${preset.title}; ${machineAndYear(preset)})`,
    ...(spec ? [`chart: ${spec.id} (${fillParams(spec.title, specs, params)})`] : []),
    `parameters: ${changesText(preset, specs, params, paperValues)}`,
    `seed: ${seed}`,
    `source: ${source}`,
    ...(link === null ? [] : [`link: ${link}`]),
  ];
}
