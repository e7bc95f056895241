// The tour's step as the page's parts read it: the open question, whose answer each part holds
// back (withhold.ts) until the student reveals it, the pane a part belongs to, and what of the
// runs the step shows.
import { createContext, useContext, useMemo } from 'react';

import type { ChartRun } from '../results/chart_builder';
import type { QuestionSpec, StepOutputsSpec } from './schema';
import type { PaneKey, Withheld } from './withhold';
import { NOTHING_WITHHELD, withheldFor } from './withhold';

/** The question whose answer the page holds back; null: none is open (or it is revealed). */
export const OpenQuestion = createContext<QuestionSpec | null>(null);

/** The pane the parts inside belong to: the first (alone or left), or the right side. */
export const PaneSide = createContext<PaneKey>('first');

/** What of its runs the tour's step shows; undefined: everything (no tour, or a step of all). */
export const StepOutputs = createContext<StepOutputsSpec | undefined>(undefined);

/** What the page holds back of `run`, this pane's, while a question is open. */
export function useWithheld(run: ChartRun | null): Withheld {
  const question = useContext(OpenQuestion);
  const pane = useContext(PaneSide);
  return useMemo(
    () => (question && run ? withheldFor(question, pane, run.preset, run) : NOTHING_WITHHELD),
    [question, pane, run],
  );
}

/** Which charts, readouts and tables of a run the page shows (a tour's step may show fewer). */
export interface Shown {
  chart(id: string): boolean;
  readout(index: number): boolean;
  table: boolean;
}

export function shownBy(outputs: StepOutputsSpec | undefined): Shown {
  return {
    chart: (id) => outputs?.charts?.includes(id) ?? true,
    readout: (index) => outputs?.readouts?.includes(index) ?? true,
    table: outputs?.table ?? true,
  };
}

export function useShown(): Shown {
  const outputs = useContext(StepOutputs);
  return useMemo(() => shownBy(outputs), [outputs]);
}
