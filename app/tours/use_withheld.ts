// The tour's step as the page's parts read it: the open question, whose answer each part holds
// back (withhold.ts) until the student reveals it, the pane a part belongs to, and what of the
// runs the step shows.
import { createContext, useContext, useMemo } from 'react';

import type { ChartRun } from '../results/chart_builder';
import type { QuestionSpec, StepOutputsSpec } from './schema';
import type { Shown } from './outputs';
import { shownBy } from './outputs';
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

/** Which charts, curves, readouts and tables of a run the page shows (a step may show fewer). */
export function useShown(): Shown {
  const outputs = useContext(StepOutputs);
  return useMemo(() => shownBy(outputs), [outputs]);
}
