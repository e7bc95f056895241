// The tour open on the page (built in, or a teacher's lesson the link carries): its step (which
// sets the first pane and the layout it opens), the step's prediction kept in the link, and the
// step's panel as each room draws it.
import { i18n } from '../i18n/i18n';
import type { ReactNode } from 'react';
import { useCallback } from 'react';

import type { ParamSpec } from '../engine/types';
import type { StepAnswer, UrlState } from '../link/url_state';
import { pageLayout, pinsForStep, withFirstPane } from '../link/url_state';
import type { RunView } from '../results/chart_builder';
import { layoutTour } from '../lessons/playing';
import { tours, useTourIn } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { stepState } from '../tours/schema';
import type { ClassStep } from '../tours/TourPanel';
import { TourPanel } from '../tours/TourPanel';

/** What of the runs a tour's panel reads besides the first pane's: the right side, every machine. */
export interface OtherRuns {
  right?: RunView | null;
  machines?: Record<string, RunView>;
}

type SetState = (update: (state: UrlState) => UrlState) => void;

/** Opens a tour's step (`tourId` a built-in tour's, or the lesson's the link carries). */
export function useOpenStep(setState: SetState) {
  // A step sets the first pane through the link (its preset, parameters, charts and view) and
  // the layout it opens: side by side, every machine, or the first pane alone.
  return useCallback(
    (tourId: string, step: number) =>
      setState((s) => {
        const same = s.layout?.kind === 'tour' && s.layout.tour === tourId ? s.layout : undefined;
        // A lesson goes with the link from step to step, as a built-in tour goes by its id.
        const lesson = same?.lesson;
        const t = layoutTour(same) ?? tours.find((x) => x.id === tourId);
        if (!t) return s;
        const { layout: open, ...pane } = stepState(t, step);
        // The predictions made so far go with the tour from step to step.
        const answers = same?.answers;
        return {
          ...withFirstPane(s, { ...pane, pins: pinsForStep(s.pins, pane.presetId) }),
          layout: {
            kind: 'tour',
            tour: tourId,
            step,
            ...(open ? { open } : {}),
            ...(answers ? { answers } : {}),
            ...(lesson ? { lesson } : {}),
          },
          // Presenting, the next step shows the chart it is about.
          ...(s.present ? { present: {} } : {}),
        };
      }),
    [setState],
  );
}

/** What the tour's panel shows of a class: this page's part in it, and "Run as a class". */
export interface TourClass {
  classroom?: ClassStep;
  onRunAsClass?: (tour: Tour) => void;
}

export function useTourStep(
  state: UrlState,
  setState: SetState,
  specs: ParamSpec[] | undefined,
  /** Opens a tour in the lesson builder as a lesson of one's own; absent where none is. */
  onEdit?: (tour: Tour) => void,
  inClass: TourClass = {},
) {
  const layout = state.layout;
  const tour = useTourIn(layoutTour(layout));
  const openStep = useOpenStep(setState);
  // Closing the tour leaves the page as the step left it.
  const closeTour = () =>
    setState(({ layout: tourLayout, ...s }) => {
      const open = pageLayout(tourLayout);
      return open ? { ...s, layout: open } : s;
    });
  const tourStep = tour && layout?.kind === 'tour' ? tour.steps[layout.step] : undefined;
  // The step's prediction, kept in the link: a question is open until it is revealed.
  const stepAnswer = (layout?.kind === 'tour' && layout.answers?.[layout.step]) || {};
  const openQuestion = tourStep?.question && !stepAnswer.revealed ? tourStep.question : null;
  const setAnswer = (answer: StepAnswer) =>
    setState((s) =>
      s.layout?.kind === 'tour'
        ? {
            ...s,
            layout: { ...s.layout, answers: { ...s.layout.answers, [s.layout.step]: answer } },
          }
        : s,
    );
  const tourPanel =
    tour && layout?.kind === 'tour'
      ? (outcome: RunView | null, others: OtherRuns = {}): ReactNode => (
          <TourPanel
            tour={tour}
            specs={specs}
            step={layout.step}
            outcome={outcome}
            right={others.right}
            machines={others.machines}
            onStep={(i) => openStep(tour.id, i)}
            onClose={closeTour}
            answer={stepAnswer}
            onAnswer={setAnswer}
            {...(inClass.classroom ? { classroom: inClass.classroom } : {})}
            {...(inClass.onRunAsClass ? { onRunAsClass: () => inClass.onRunAsClass?.(tour) } : {})}
            {...(onEdit && !inClass.classroom?.send
              ? {
                  edit: {
                    // A lesson the link carries is the teacher's to edit; a built-in tour is copied.
                    label: i18n.t(
                      layout.lesson ? 'explorer:tourEdit.lesson' : 'explorer:tourEdit.copy',
                    ),
                    onEdit: () => onEdit(tour),
                  },
                }
              : {})}
          />
        )
      : undefined;
  return { tour, tourStep, openStep, openQuestion, tourPanel };
}
