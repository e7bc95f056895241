// The presets in a reader's language: each preset's words there (presets/<lang>/<id>.json, the
// shape of the preset as its bases resolve) fetched with that language's catalogues and laid over
// it; a preset a language has no words for stays in English. The engine's models likewise, by
// their English (presets/models/<lang>/*.json).
import { useMemo } from 'react';

import type { ModelInfo } from '../engine/types';
import { engineWord, loadEngineWords } from '../i18n/engine_words';

import { useReading } from '../i18n/i18n';
import type { Lang } from '../i18n/languages';
import { PSEUDO } from '../i18n/languages';
import { pathMatches, pseudoWords } from '../i18n/pseudo';
import { languageWords } from '../i18n/words';
import { overlay } from '../i18n/overlay';
import { PRESET_WORD_PATHS, PRESET_WORDS } from './preset_words';
import type { Preset } from './schema';

loadEngineWords(import.meta.glob<unknown>('../../presets/models/*/*.json', { import: 'default' }));

/**
 * A paper value drawn on a bar names the bar by its label ("measured"): the label translated, so
 * is the name, or the value would find no bar.
 */
function withBarNames(english: Preset, own: Preset): Preset {
  const renamed = new Map<string, Map<string, string>>();
  english.charts.forEach((chart, i) => {
    const bars = 'bars' in chart ? chart.bars : undefined;
    const theirs = own.charts[i];
    if (!bars || !theirs || !('bars' in theirs) || !theirs.bars) return;
    renamed.set(chart.id, new Map(bars.map((b, j) => [b.label, theirs.bars![j]!.label])));
  });
  return {
    ...own,
    reference: own.reference.map((ref) => {
      if (!('plot' in ref) || !ref.plot || typeof ref.plot.x !== 'string') return ref;
      const x = renamed.get(ref.plot.chart)?.get(ref.plot.x);
      return x === undefined ? ref : { ...ref, plot: { ...ref.plot, x } };
    }),
  };
}

const inLanguage = languageWords<Preset>(
  import.meta.glob<unknown>('../../presets/*/*.json', { import: 'default' }),
  (preset, own, lang) =>
    withBarNames(
      preset,
      own === PSEUDO
        ? pseudoWords(preset, (path) => PRESET_WORD_PATHS.some((p) => pathMatches(p, path)))
        : overlay(preset, own, PRESET_WORDS, `presets/${lang}/${preset.id}.json`),
    ),
);

/** `preset` in `lang`: its words there laid over it, or as it is. */
export function presetIn(preset: Preset, lang: Lang): Preset {
  return inLanguage(preset, preset.id, lang);
}

/** The presets in the reader's language, redrawn when it changes. */
export function usePresetsIn(presets: Preset[]): Preset[] {
  const { lang } = useReading();
  return useMemo(() => presets.map((p) => presetIn(p, lang)), [presets, lang]);
}

/**
 * A model in the page's language: its title and description, its parameters' labels, help and
 * choices' other names, its outputs' descriptions. A choice's own names stay (links and presets
 * name them); the panel shows each by engineWord().
 */
export function modelIn(model: ModelInfo): ModelInfo {
  return {
    ...model,
    title: engineWord(model.title),
    description: engineWord(model.description),
    params: model.params.map((p) => ({
      ...p,
      label: engineWord(p.label),
      description: engineWord(p.description),
      choiceNames: p.choiceNames.map((n) => ({ ...n, name: engineWord(n.name) })),
    })),
    outputs: model.outputs.map((o) => ({ ...o, description: engineWord(o.description) })),
  };
}

/** The models in the reader's language, redrawn when it changes. */
export function useModelsIn(models: ModelInfo[] | null): ModelInfo[] | null {
  const { lang } = useReading();
  // lang: engineWord reads the language the page speaks; a new one draws them again.
  return useMemo(() => models && lang && models.map(modelIn), [models, lang]);
}
