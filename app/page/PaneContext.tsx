// What the panes read from the page, as React contexts.
import type { ReactNode } from 'react';

import type { QuestionSpec, StepOutputsSpec } from '../tours/schema';
import { OpenQuestion, StepOutputs } from '../tours/use_withheld';
import type { IdleBoard } from '../ui/page_idle';
import { IdleContext } from '../ui/page_idle';

/**
 * What the panes read from the page: its idle board, the tour's open question, and what of the
 * runs the tour's step shows.
 */
export function PaneContext({
  board,
  question,
  outputs,
  children,
}: {
  board: IdleBoard;
  question: QuestionSpec | null;
  outputs: StepOutputsSpec | undefined;
  children: ReactNode;
}) {
  return (
    <IdleContext.Provider value={board}>
      <OpenQuestion.Provider value={question}>
        <StepOutputs.Provider value={outputs}>{children}</StepOutputs.Provider>
      </OpenQuestion.Provider>
    </IdleContext.Provider>
  );
}
