import { useEffect, useState } from 'react';

import type { Engine } from '../engine/engine';
import { isAbortError } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { resolveValues } from '../ui/param_values';
import type { PinnedRun, RunView } from './chart_builder';
import type { Pin } from './url_state';

function pinKey(pin: Pin): string {
  return JSON.stringify([pin.presetId, pin.seed, Object.entries(pin.params).sort()]);
}

/** A short name for a pin: its number, machine and the parameters it changed. */
export function pinLabel(index: number, pin: Pin, preset: Preset): string {
  const changes = Object.entries(pin.params)
    .slice(0, 2)
    .map(([name, value]) => `${name} ${Array.isArray(value) ? value.join('/') : value}`);
  const more = Object.keys(pin.params).length > 2 ? ', …' : '';
  return `#${index + 1} ${preset.machine}${changes.length > 0 ? ` (${changes.join(', ')}${more})` : ''}`;
}

export interface PinnedRuns {
  runs: PinnedRun[];
  /** Every pin has its result (or failed). */
  ready: boolean;
}

/** Runs each pinned configuration once and keeps its result while the pin stays. */
export function usePinnedRuns(
  engine: Engine,
  pins: Pin[],
  presets: Preset[],
  models: ModelInfo[],
): PinnedRuns {
  const [cache, setCache] = useState<Map<string, RunView | Error>>(new Map());
  const keys = pins.map(pinKey);
  const missing = pins.filter((_, i) => !cache.has(keys[i] ?? ''));
  // The effect is keyed by the missing pins' text: a new array of the same pins runs nothing.
  const missingJson = JSON.stringify(missing);

  useEffect(() => {
    const todo = JSON.parse(missingJson) as Pin[];
    if (todo.length === 0) return;
    const controller = new AbortController();
    for (const pin of todo) {
      const preset = presets.find((p) => p.id === pin.presetId);
      const model = models.find((m) => m.name === preset?.model);
      if (!preset || !model) continue;
      const params = resolveValues(model.params, presetParams(preset), pin.params);
      engine
        .run(
          { model: model.name, params, seed: pin.seed ?? preset.seed },
          { signal: controller.signal },
        )
        .then(
          (outcome) => ({ result: outcome.result, params: outcome.params }),
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        )
        .then((entry) => {
          if (entry instanceof Error && isAbortError(entry)) return;
          setCache((c) => new Map(c).set(pinKey(pin), entry));
        });
    }
    return () => controller.abort();
  }, [engine, missingJson, presets, models]);

  const runs: PinnedRun[] = [];
  pins.forEach((pin, i) => {
    const entry = cache.get(keys[i] ?? '');
    const preset = presets.find((p) => p.id === pin.presetId);
    if (entry && !(entry instanceof Error) && preset) {
      runs.push({ label: pinLabel(i, pin, preset), preset, run: entry });
    }
  });
  return { runs, ready: missing.length === 0 };
}
