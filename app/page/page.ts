import { useEffect, useLayoutEffect, useMemo, useState } from 'react';

import type { Engine } from '../engine/engine';
import { isAbortError } from '../engine/engine';
import type { ModelInfo, NetworkMap } from '../engine/types';
import { fillParams, resolveValues } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import type { Theme, UrlContext } from '../link/url_state';
import { readLesson } from '../lessons/read_lesson';

/**
 * What reading a link needs to know: the presets and each one's parameter specs, the tours, and
 * how to read a lesson it carries against them.
 */
export function urlContext(
  presets: Preset[],
  models: ModelInfo[],
  tours: { id: string; steps: unknown[] }[] = [],
): UrlContext {
  return {
    presetIds: presets.map((p) => p.id),
    tours: Object.fromEntries(tours.map((t) => [t.id, t.steps.length])),
    lesson: (raw) => readLesson(raw, presets, models),
    // A join link's code is the class's to read (app/classroom/join_link.ts).
    otherKeys: ['join'],
    specsFor: (id) => {
      const model = presets.find((p) => p.id === id)?.model;
      return models.find((m) => m.name === model)?.params ?? [];
    },
  };
}

/** Applies the chosen theme to the page; none follows the system's. */
export function useTheme(theme: Theme | undefined): void {
  useLayoutEffect(() => {
    if (theme) document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
  }, [theme]);
}

/** The engine's models once it has loaded, or why it could not load. */
export function useModels(engine: Engine): { models: ModelInfo[] | null; error: string | null } {
  const [models, setModels] = useState<ModelInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    engine.listModels(controller.signal).then(setModels, (e: unknown) => {
      if (!isAbortError(e)) setError(e instanceof Error ? e.message : String(e));
    });
    return () => controller.abort();
  }, [engine]);
  return { models, error };
}

/**
 * Each preset's networks as the engine describes them for its parameters (the picker's
 * drawings), by preset id; absent until described, empty where the machine has none or the
 * engine refused.
 */
export function usePresetNetworks(
  engine: Engine,
  presets: Preset[],
  models: ModelInfo[],
): Record<string, NetworkMap[]> {
  const [networks, setNetworks] = useState<Record<string, NetworkMap[]>>({});
  useEffect(() => {
    const controller = new AbortController();
    for (const preset of presets) {
      const specs = models.find((m) => m.name === preset.model)?.params ?? [];
      const params = resolveValues(specs, presetParams(preset));
      const keep = (described: NetworkMap[]) =>
        setNetworks((n) => ({ ...n, [preset.id]: described }));
      engine.describe(preset.model, params, controller.signal).then(keep, (e: unknown) => {
        if (!isAbortError(e)) keep([]);
      });
    }
    return () => controller.abort();
  }, [engine, presets, models]);
  return networks;
}

/** The presets as the picker's cards show them: each description says its preset's own sizes. */
export function usePresetCards(presets: Preset[], models: ModelInfo[]): Preset[] {
  return useMemo(
    () =>
      presets.map((p) => {
        const specs = models.find((m) => m.name === p.model)?.params ?? [];
        return {
          ...p,
          description: fillParams(p.description, specs, resolveValues(specs, presetParams(p))),
        };
      }),
    [presets, models],
  );
}
