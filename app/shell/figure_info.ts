// What an exported figure says and which themes it can take. Kept apart from the renderer
// (figure.tsx), which brings react-dom/server and so is loaded only when something is exported.
import type { Params } from '../engine/types';
import type { ChartSpec, Preset } from '../presets/schema';
import { machineAndYear } from '../presets/schema';
import { changedParams, formatValue } from '../presets/param_values';

/** "print": light colours on white, for paper and white pages; "dark": the dark page's colours. */
export const FIGURE_THEMES = ['print', 'dark'] as const;
export type FigureTheme = (typeof FIGURE_THEMES)[number];

function paramsText(params: Params): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${formatValue(v)}`)
    .join(', ');
}

/**
 * The caption lines of a figure: preset, machine and year; the parameters changed from the
 * paper's and the seed; the citation; and the link back to this state in the explorer.
 */
export function figureCaption({
  preset,
  spec,
  params,
  paperValues,
  seed,
  link,
}: {
  preset: Preset;
  spec: ChartSpec;
  /** The parameters the run was made with. */
  params: Params;
  paperValues: Params;
  seed: number;
  link: string;
}): string[] {
  const changed = changedParams(params, paperValues);
  return [
    `${preset.title} (${machineAndYear(preset)}).`,
    Object.keys(changed).length > 0
      ? `Parameters changed from the paper's: ${paramsText(changed)}; seed ${seed}.`
      : `The paper's parameters; seed ${seed}.`,
    `Source: ${preset.citation.text}, ${spec.about.citation}.`,
    `Made with archex: ${link}`,
  ];
}
