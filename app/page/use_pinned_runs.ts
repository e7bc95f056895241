import { useEffect, useMemo, useRef, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import type { PinnedRun, RunView } from '../results/chart_builder';
import { differenceNames, paneDifferences } from '../results/differences';
import type { Pane, Pin } from '../link/url_state';

function pinKey(pin: Pin): string {
  return JSON.stringify([pin.presetId, pin.seed, Object.entries(pin.params).sort()]);
}

/**
 * A pin named by what differs from the current run, in the panel's words ("Virtual channels:
 * 2 per channel"; another experiment by its title), as a legend tells the two curves apart.
 */
export function pinName(pin: Pin, current: Pane, presets: Preset[], models: ModelInfo[]): string {
  const pane: Pane = { ...pin, charts: {}, pins: [] };
  const names = differenceNames(paneDifferences(current, pane, presets, models));
  return names?.right ?? 'the same run';
}

export interface PinnedRuns {
  runs: PinnedRun[];
  /** Every pin has its result (or failed). */
  ready: boolean;
  /** Each pin's name (pinName), in the pins' order. */
  names: string[];
}

/**
 * Runs each pinned configuration once and keeps its result while the pin stays. A pin's run is
 * cancelled only when that pin goes; the results of removed pins are dropped.
 */
export function usePinnedRuns(
  engine: Engine,
  pins: Pin[],
  presets: Preset[],
  models: ModelInfo[],
  /** The run the pins are drawn with, which their names say what differs from. */
  drawnWith: Pane,
): PinnedRuns {
  const [cache, setCache] = useState<ReadonlyMap<string, RunView | Error>>(new Map());
  const running = useRef(new Map<string, AbortController>());
  const wantedKeys = useRef(new Set<string>());
  const keys = pins.map(pinKey);
  // The effect is keyed by the pins' text: a new array of the same pins changes nothing.
  const pinsJson = JSON.stringify(pins);

  useEffect(() => {
    const wanted = JSON.parse(pinsJson) as Pin[];
    wantedKeys.current = new Set(wanted.map(pinKey));
    for (const [key, controller] of running.current) {
      if (!wantedKeys.current.has(key)) {
        controller.abort();
        running.current.delete(key);
      }
    }
    // Results of pins removed since are dropped whenever another result arrives.
    const keep = (c: ReadonlyMap<string, RunView | Error>) =>
      new Map([...c].filter(([key]) => wantedKeys.current.has(key)));
    for (const pin of wanted) {
      const key = pinKey(pin);
      const preset = presets.find((p) => p.id === pin.presetId);
      const model = models.find((m) => m.name === preset?.model);
      if (running.current.has(key) || !preset || !model) continue;
      const controller = new AbortController();
      running.current.set(key, controller);
      const params = resolveValues(model.params, presetParams(preset), pin.params);
      engine
        .run(
          { model: model.name, params, seed: pin.seed ?? preset.seed },
          { signal: controller.signal },
        )
        .then(
          (outcome): RunView | Error => ({ result: outcome.result, params: outcome.params }),
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        )
        .then((entry) => {
          if (controller.signal.aborted) return;
          setCache((c) => keep(c).set(key, entry));
        });
    }
  }, [engine, pinsJson, presets, models]);

  useEffect(() => {
    const current = running.current;
    return () => {
      for (const controller of current.values()) controller.abort();
      current.clear();
    };
  }, []);

  // Keyed by text, as the pins are: a new object of the same run renames nothing.
  const currentJson = JSON.stringify([drawnWith.presetId, drawnWith.params, drawnWith.seed]);
  const names = useMemo(() => {
    const [presetId, params, seed] = JSON.parse(currentJson) as [
      string | null,
      Pane['params'],
      number?,
    ];
    const pane: Pane = {
      presetId,
      params,
      charts: {},
      pins: [],
      ...(seed !== undefined ? { seed } : {}),
    };
    return (JSON.parse(pinsJson) as Pin[]).map((pin) => pinName(pin, pane, presets, models));
  }, [currentJson, pinsJson, presets, models]);
  // The same array while nothing changes, so the charts it feeds are not redrawn for nothing.
  const runs = useMemo(() => {
    const out: PinnedRun[] = [];
    (JSON.parse(pinsJson) as Pin[]).forEach((pin, i) => {
      const entry = cache.get(pinKey(pin));
      const preset = presets.find((p) => p.id === pin.presetId);
      if (entry && !(entry instanceof Error) && preset) {
        out.push({ label: names[i]!, preset, run: entry });
      }
    });
    return out;
  }, [cache, pinsJson, presets, names]);
  return { runs, ready: keys.every((k) => cache.has(k)), names };
}
