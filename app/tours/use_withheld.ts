// The open question of a tour, given to every part of the page that prints a run's numbers, so
// each holds back what would state its answer (withhold.ts) until the student reveals it.
import { createContext, useContext, useMemo } from 'react';

import type { ChartRun } from '../results/chart_builder';
import type { QuestionSpec } from './schema';
import type { Withheld } from './withhold';
import { NOTHING_WITHHELD, withheldFor } from './withhold';

/** The question whose answer the page holds back; null: none is open (or it is revealed). */
export const OpenQuestion = createContext<QuestionSpec | null>(null);

/** What the page holds back of `run` while a question is open. */
export function useWithheld(run: ChartRun | null): Withheld {
  const question = useContext(OpenQuestion);
  return useMemo(
    () => (question && run ? withheldFor(question, run.preset, run) : NOTHING_WITHHELD),
    [question, run],
  );
}
