import type { ReactNode } from 'react';
import { useId } from 'react';

import { useReading, useT } from '../i18n/i18n';
import { presetIn } from '../presets/translated';
import { Rich } from '../i18n/Rich';
import { Markdown } from '../ui/Markdown';
import { presets } from '../presets/bundled';
import type { StepAnswer } from '../link/url_state';
import type { ParamSpec } from '../engine/types';
import type { RunView } from '../results/chart_builder';
import { focusSoon } from '../ui/focus';
import { stepRuns, targetLabel, targetSelector } from './panel_model';
import type { Tour } from './schema';
import { focusTourPanel, useHighlight, useStepKeys } from './tour_focus';
import type { StepRun } from './answers';
import type { SendToClass } from './TourQuestion';
import { answerUnit, Question } from './TourQuestion';
import { worksheetHref } from './worksheet';
import './tours.css';

export { focusTourPanel } from './tour_focus';

interface Props {
  tour: Tour;
  /** The step's model's parameters, to name a field by its label. */
  specs?: ParamSpec[];
  /** The step shown, from 0. */
  step: number;
  /** The run of the step's state; null while it runs. */
  outcome: RunView | null;
  /** A step side by side: the right pane's run; null while it runs. */
  right?: RunView | null;
  /** A step on the all-machines page: each machine's run, by preset id, as they come in. */
  machines?: Record<string, RunView>;
  onStep(step: number): void;
  onClose(): void;
  /** The step's prediction, as the link keeps it (revealed: the page shows the answer). */
  answer: StepAnswer;
  onAnswer(answer: StepAnswer): void;
  /**
   * Opens the tour in the lesson builder as a lesson of one's own, with the button's words ("Copy
   * and edit" a built-in tour, "Edit this lesson" a teacher's); absent where no builder is.
   */
  edit?: { label: string; onEdit(): void };
  /** Starts a class on this tour ("Run as a class"); absent where none may be started. */
  onRunAsClass?: () => void;
  /** The tour run as a class: this page's part in it. */
  classroom?: ClassStep;
}

/** A tour step in a class, as the lecturer's or a student's page plays it. */
export interface ClassStep {
  /** The steps move with the lecturer only: this page's way back and on is theirs. */
  held: boolean;
  /** Told of each step this page moves to (the lecturer's moves the class). */
  onStep?: (step: number) => void;
  /** In place of the question: the lecturer's view of the class's answers, and its controls. */
  lecturer?: (runs: StepRun | null, unit: string | null) => ReactNode;
  /** A student's prediction goes to the lecturer, who reveals it for everyone. */
  send?: SendToClass;
  /** Below the question: the class's answers, once revealed. */
  below?: (unit: string | null) => ReactNode;
}

/** A jump for a reader who asked the system for less motion, else a glide. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * The step shown, said by a screen reader when it changes. Rendered by the page outside the panel,
 * which a step to another experiment replaces: a live region must be there before its text
 * changes to be read.
 */
export function TourStepStatus({ tour, step }: { tour: Tour | undefined; step: number }) {
  const t = useT();
  const current = tour?.steps[step];
  return (
    <p className="sr-only" role="status">
      {tour && current
        ? t('tour.stepStatus', {
            tour: tour.title,
            step: step + 1,
            steps: tour.steps.length,
            title: current.title,
          })
        : ''}
    </p>
  );
}

/**
 * One step of a guided tour: what to look at and why, a question to predict before the run
 * reveals the answer, and the way back and on (buttons, or ← and → when not typing).
 */
export function TourPanel(props: Props) {
  const { tour, step, outcome, onStep, onClose, answer, onAnswer, specs, classroom } = props;
  // In a class run at the lecturer's pace, a student's page moves only with the lecturer.
  const held = classroom?.held === true;
  const t = useT();
  const { lang } = useReading();
  const id = useId();
  const current = tour.steps[step]!;
  const found = presets.find((p) => p.id === current.presetId);
  const preset = found && presetIn(found, lang);
  const last = tour.steps.length - 1;
  const runs = stepRuns(current, presets, {
    outcome,
    right: props.right,
    machines: props.machines,
  });
  useHighlight(preset ? targetSelector(current.look, preset) : null, runs !== null);
  const stepKey = `${tour.id}-${step}`;
  const go = (nav: 'previous' | 'next', refocus = true) => {
    if (refocus) focusTourPanel(nav);
    const to = nav === 'next' ? step + 1 : step - 1;
    onStep(to);
    classroom?.onStep?.(to);
  };

  useStepKeys(step, last, go, held);

  return (
    <aside className="tour-panel" aria-labelledby={`${id}-tour`} tabIndex={-1}>
      <header className="tour-head">
        <h2 id={`${id}-tour`} tabIndex={-1}>
          {tour.title}
        </h2>
        <button
          type="button"
          className="tour-close"
          onClick={() => {
            focusSoon(() => document.getElementById('results'), { ifLost: true });
            onClose();
          }}
          aria-label={t('tour.close')}
        >
          ×
        </button>
      </header>
      <p className="tour-progress">
        {t('tour.stepOf', { step: step + 1, steps: tour.steps.length })}
        {' · '}
        <a className="tour-edit" href={worksheetHref(tour)} target="_blank" rel="noopener">
          {t('tour.worksheet')}
        </a>
        {props.edit ? (
          <>
            {' · '}
            <button type="button" className="tour-edit" onClick={props.edit.onEdit}>
              {props.edit.label}
            </button>
          </>
        ) : null}
        {props.onRunAsClass ? (
          <>
            {' · '}
            <button type="button" className="tour-edit" onClick={props.onRunAsClass}>
              {t('tour.runAsClass')}
            </button>
          </>
        ) : null}
      </p>
      <h3>{current.title}</h3>
      <div className="tour-text">
        <Markdown text={current.text} />
      </div>
      {preset ? (
        <p className="tour-look">
          <Rich
            k="tour.lookAt"
            values={{ target: targetLabel(current.look, preset, runs?.run ?? null, specs) }}
            parts={{ outlined: <span aria-hidden="true">{t('tour.outlined')}</span> }}
          />{' '}
          <button
            type="button"
            className="tour-show"
            onClick={() => {
              const target = document.querySelector('[data-tour-target]');
              target?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
              // The focus goes where the step's keys work: a trace view's drawing, which plays
              // on space and End, rather than its frame.
              const home = target?.querySelector('[data-tour-focus]') ?? target;
              if (home instanceof HTMLElement) home.focus({ preventScroll: true });
            }}
          >
            {t('tour.showMe')}
          </button>
        </p>
      ) : null}
      {classroom?.lecturer ? (
        classroom.lecturer(runs, current.question ? answerUnit(current.question, runs) : null)
      ) : current.question && preset ? (
        <Question
          key={stepKey}
          question={current.question}
          answer={answer}
          onAnswer={onAnswer}
          runs={runs}
          unit={answerUnit(current.question, runs)}
          {...(classroom?.send ? { send: classroom.send } : {})}
        />
      ) : null}
      {classroom?.below && current.question
        ? classroom.below(answerUnit(current.question, runs))
        : null}
      {/* On a phone the bar stays at the screen's foot (tours.css), wherever "Show me" went. */}
      <nav className="tour-nav" aria-label={t('tour.steps')}>
        <button type="button" disabled={step === 0 || held} onClick={() => go('previous')}>
          {t('tour.previous')}
        </button>
        <button
          type="button"
          className="tour-back"
          onClick={() => {
            const panel = document.getElementById(`${id}-tour`);
            panel?.scrollIntoView({ block: 'start' });
            panel?.closest<HTMLElement>('.tour-panel')?.focus({ preventScroll: true });
          }}
        >
          {t('tour.stepOf', { step: step + 1, steps: tour.steps.length })}
        </button>
        <button type="button" disabled={step === last || held} onClick={() => go('next')}>
          {t('tour.next')}
        </button>
      </nav>
    </aside>
  );
}
