// Each step of the lesson being written, run as a student's page will run it (its first pane,
// the right pane side by side, its machine on the all-machines page), so the tours' checks can
// read the answers and what the page draws. A step's runs are kept while its state is unchanged.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { machineRequest } from '../compare/machines';
import type { Engine } from '../engine/engine';
import { i18n } from '../i18n/i18n';
import { isAbortError } from '../engine/engine';
import type { ModelInfo, Params } from '../engine/types';
import { resolveValues } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import type { PaneRun, StepRun } from '../tours/answers';
import type { TourStep } from '../tours/schema';
import type { IdleBoard } from '../ui/page_idle';

/** A step's runs, or why they could not be made. */
export type StepOutcome = { runs: StepRun } | { error: string };

/** Each step's runs, by index, of those in `done`; undefined while a step runs. */
export function stepRunsOf(
  steps: TourStep[],
  done: Record<string, StepOutcome>,
): (StepRun | undefined)[] {
  return steps.map((step) => {
    const outcome = done[runKey(step)];
    return outcome && 'runs' in outcome ? outcome.runs : undefined;
  });
}

/** What a step's runs depend on. */
function runKey(step: TourStep): string {
  const { presetId, params, seed, layout } = step;
  return JSON.stringify({ presetId, params, seed, layout });
}

async function stepRuns(
  engine: Engine,
  step: TourStep,
  presets: Preset[],
  models: ModelInfo[],
  signal: AbortSignal,
): Promise<StepRun> {
  const pane = async (presetId: string, params: Params, seed?: number): Promise<PaneRun> => {
    const preset = presets.find((p) => p.id === presetId);
    const model = models.find((m) => m.name === preset?.model);
    if (!preset || !model)
      throw new Error(i18n.t('teaching:stepRuns.noExperiment', { id: presetId }));
    const layout = step.layout;
    const request =
      layout?.kind === 'machines'
        ? machineRequest(preset, model, { unit: layout.unit ?? 'us', params: layout.params ?? {} })
        : {
            model: model.name,
            params: resolveValues(model.params, presetParams(preset), params),
            seed: seed ?? preset.seed,
          };
    const outcome = await engine.run(request, { signal });
    return { preset, run: { result: outcome.result, params: outcome.params } };
  };
  const own = await pane(step.presetId, step.params ?? {}, step.seed);
  const layout = step.layout;
  if (layout?.kind === 'side') {
    const { presetId, params, seed } = layout.right;
    return { ...own, right: await pane(presetId ?? step.presetId, params ?? {}, seed) };
  }
  if (layout?.kind === 'machines') return { ...own, machines: { [step.presetId]: own } };
  return own;
}

/**
 * Each step's outcome, by index (undefined while it runs), and what they were read from: a new
 * object only when an outcome comes in.
 */
export function useStepRuns(
  engine: Engine,
  steps: TourStep[],
  presets: Preset[],
  models: ModelInfo[],
  /** The page's idle signal, which waits for the steps' runs too. */
  board?: IdleBoard,
): { outcomes: (StepOutcome | undefined)[]; done: Record<string, StepOutcome> } {
  const [done, setDone] = useState<Record<string, StepOutcome>>({});
  const asked = useRef(new Set<string>());
  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      // Unmounted (or StrictMode's trial unmount): the runs stop, and a mount again asks anew.
      controller.current?.abort();
      controller.current = null;
      asked.current.clear();
    },
    [],
  );
  useEffect(() => {
    controller.current ??= new AbortController();
    const { signal } = controller.current;
    steps.forEach((step) => {
      const key = runKey(step);
      if (asked.current.has(key)) return;
      asked.current.add(key);
      stepRuns(engine, step, presets, models, signal).then(
        (runs) => setDone((d) => ({ ...d, [key]: { runs } })),
        (e: unknown) => {
          if (isAbortError(e)) return;
          const error = e instanceof Error ? e.message : String(e);
          setDone((d) => ({ ...d, [key]: { error } }));
        },
      );
    });
    // A step already asked for (its words changed, not its state) is not run again.
  }, [engine, presets, models, steps]);
  const outcomes = steps.map((step) => done[runKey(step)]);
  const settled = outcomes.every((o) => o !== undefined);
  const [me] = useState(() => ({}));
  useLayoutEffect(() => {
    board?.set(me, { current: settled, idle: settled });
  }, [board, me, settled]);
  useLayoutEffect(() => () => board?.remove(me), [board, me]);
  return { outcomes, done };
}
