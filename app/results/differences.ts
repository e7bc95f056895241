// What differs between two panes side by side, in the panel's words: the experiment, each
// parameter whose resolved value differs (the preset's value where the link leaves it), the seed.
import type { ModelInfo } from '../engine/types';
import { sameValue } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { resolveValues, valueText } from '../presets/param_values';
import type { Pane } from '../link/url_state';

export interface Difference {
  /** The parameter's name, or "experiment" / "seed". */
  name: string;
  label: string;
  left: string;
  right: string;
}

function resolved(pane: Pane, presets: Preset[], models: ModelInfo[]) {
  const preset = presets.find((p) => p.id === pane.presetId);
  const model = models.find((m) => m.name === preset?.model);
  if (!preset || !model) return null;
  return {
    preset,
    model,
    values: resolveValues(model.params, presetParams(preset), pane.params),
    seed: pane.seed ?? preset.seed,
  };
}

export function paneDifferences(
  left: Pane,
  right: Pane,
  presets: Preset[],
  models: ModelInfo[],
): Difference[] {
  const a = resolved(left, presets, models);
  const b = resolved(right, presets, models);
  if (!a || !b) return [];
  const out: Difference[] = [];
  if (a.preset.id !== b.preset.id) {
    out.push({
      name: 'experiment',
      label: 'Experiment',
      left: a.preset.title,
      right: b.preset.title,
    });
  }
  // Parameters compare only within one model; two models share no parameter's meaning.
  if (a.model.name === b.model.name) {
    for (const spec of a.model.params) {
      const l = a.values[spec.name];
      const r = b.values[spec.name];
      if (l === undefined || r === undefined || sameValue(l, r)) continue;
      out.push({
        name: spec.name,
        label: spec.label,
        left: valueText(spec, l),
        right: valueText(spec, r),
      });
    }
  }
  if (a.seed !== b.seed) {
    out.push({ name: 'seed', label: 'Seed', left: String(a.seed), right: String(b.seed) });
  }
  return out;
}

/** How many differences a name lists: one tells two runs apart, a second says more. */
const NAMED = 2;

/**
 * Each side named by what differs, for legends and labels: "Virtual channels: 1 per channel" and
 * "Virtual channels: 2 per channel"; another experiment by its title alone (its parameters are
 * its own). Null when nothing differs.
 */
export function differenceNames(differences: Difference[]): { left: string; right: string } | null {
  const experiment = differences.find((d) => d.name === 'experiment');
  if (experiment) return { left: experiment.left, right: experiment.right };
  if (differences.length === 0) return null;
  const more = differences.length > NAMED ? '; …' : '';
  const name = (side: 'left' | 'right') =>
    differences
      .slice(0, NAMED)
      .map((d) => `${d.label}: ${d[side]}`)
      .join('; ') + more;
  return { left: name('left'), right: name('right') };
}
