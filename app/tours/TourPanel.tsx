import { useEffect, useId } from 'react';
import type { FormEvent } from 'react';

import { Glossed } from '../glossary/Glossed';
import { presets } from '../presets/bundled';
import { parseTyped } from '../presets/param_values';
import type { StepAnswer } from '../link/url_state';
import { MAX_TYPED } from '../link/url_state';
import { unitSymbol } from '../presets/units';
import type { ParamSpec } from '../engine/types';
import type { RunView } from '../results/chart_builder';
import { focusLost, focusSoon } from '../ui/focus';
import type { StepRun } from './answers';
import { readStepValue } from './answers';
import type { Prediction, Reveal } from './panel_model';
import { reveal, stepRuns, targetLabel, targetSelector } from './panel_model';
import type { QuestionSpec, Tour } from './schema';
import './tours.css';

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
}

/** Whether a key press belongs to a field being typed in, not to the page. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A jump for a reader who asked the system for less motion, else a glide. */
function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/**
 * Marks the elements a step points at (data-tour-target, outlined by tours.css) while the step is
 * shown: one, or side by side the same chart on both sides. Charts and readouts appear with the
 * run and are drawn a render or more after it, so the page is watched until they are there. The
 * mark says whether the step's runs are done ("ready") or still running. The page is not
 * scrolled to them (that would hide the step's words); "Show me" does.
 */
function useHighlight(selector: string | null, ready: boolean) {
  useEffect(() => {
    if (!selector) return;
    let marked: Element[] = [];
    const mark = () => {
      // A field's number box stands for the whole field (its name, slider and box).
      const targets = [...document.querySelectorAll(selector)].map((f) => f.closest('.param') ?? f);
      if (targets.length === marked.length && targets.every((t, i) => t === marked[i])) return;
      marked.forEach((e) => e.removeAttribute('data-tour-target'));
      marked = targets;
      marked.forEach((e) => e.setAttribute('data-tour-target', ready ? 'ready' : 'running'));
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      marked.forEach((e) => e.removeAttribute('data-tour-target'));
    };
  }, [selector, ready]);
}

/**
 * Where the focus goes when a step change (or the tour's opening) replaced the panel, as a step to
 * another experiment draws the page anew: the button that was pressed, else the tour's title.
 */
export function focusTourPanel(nav?: 'previous' | 'next'): void {
  focusSoon(
    () => {
      const button = nav
        ? document.querySelector<HTMLButtonElement>(
            `.tour-panel .tour-nav button:${nav === 'previous' ? 'first' : 'last'}-of-type`,
          )
        : null;
      return button && !button.disabled
        ? button
        : document.querySelector<HTMLElement>('.tour-panel h2');
    },
    { ifLost: true },
  );
}

/**
 * The step shown, said by a screen reader when it changes. Rendered by the page outside the panel,
 * which a step to another experiment replaces: a live region must be there before its text
 * changes to be read.
 */
export function TourStepStatus({ tour, step }: { tour: Tour | undefined; step: number }) {
  const current = tour?.steps[step];
  return (
    <p className="sr-only" role="status">
      {tour && current
        ? `${tour.title}, step ${step + 1} of ${tour.steps.length}: ${current.title}`
        : ''}
    </p>
  );
}

/**
 * One step of a guided tour: what to look at and why, a question to predict before the run
 * reveals the answer, and the way back and on (buttons, or ← and → when not typing).
 */
export function TourPanel(props: Props) {
  const { tour, step, outcome, onStep, onClose, answer, onAnswer, specs } = props;
  const id = useId();
  const current = tour.steps[step]!;
  const preset = presets.find((p) => p.id === current.presetId);
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
    onStep(nav === 'next' ? step + 1 : step - 1);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (typing(event.target)) return;
      // Focus on <body> stays there; focus on what the step replaces comes to the panel.
      const refocus = !focusLost();
      if (event.key === 'ArrowLeft' && step > 0) go('previous', refocus);
      else if (event.key === 'ArrowRight' && step < last) go('next', refocus);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

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
          aria-label="Close the tour"
        >
          ×
        </button>
      </header>
      <p className="tour-progress">
        Step {step + 1} of {tour.steps.length}
      </p>
      <h3>{current.title}</h3>
      <p className="tour-text">
        <Glossed text={current.text} />
      </p>
      {preset ? (
        <p className="tour-look">
          Look at {targetLabel(current.look, preset, runs?.run ?? null, specs)}
          <span aria-hidden="true"> (outlined)</span>.{' '}
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
            Show me
          </button>
        </p>
      ) : null}
      {current.question && preset ? (
        <Question
          key={stepKey}
          question={current.question}
          answer={answer}
          onAnswer={onAnswer}
          runs={runs}
          unit={answerUnit(current.question, runs)}
        />
      ) : null}
      {/* On a phone the bar stays at the screen's foot (tours.css), wherever "Show me" went. */}
      <nav className="tour-nav" aria-label="Tour steps">
        <button type="button" disabled={step === 0} onClick={() => go('previous')}>
          ← Previous
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
          Step {step + 1} of {tour.steps.length}
        </button>
        <button type="button" disabled={step === last} onClick={() => go('next')}>
          Next →
        </button>
      </nav>
    </aside>
  );
}

/** The unit of a numeric question's answer in the run; null before the run or for choices. */
function answerUnit(question: QuestionSpec, runs: StepRun | null): string | null {
  if (question.kind !== 'number' || !runs) return null;
  try {
    const answer = readStepValue(question.answer, runs);
    // A percentage is typed as one: "%", or "% of peak" for a readout with its own unit.
    const unit = unitSymbol(answer.unit);
    if (answer.percent) return unit && answer.unit !== 'fraction' ? `% ${unit}` : '%';
    return unit || null;
  } catch {
    return null;
  }
}

/** A step's prediction as the question reads it: a number typed, or a choice picked. */
function predictionOf(question: QuestionSpec, answer: StepAnswer): Prediction | null {
  if (question.kind === 'choice')
    return answer.choice !== undefined && answer.choice < question.choices.length
      ? { kind: 'choice', index: answer.choice }
      : null;
  const value = parseTyped(answer.typed ?? '');
  return Number.isFinite(value) ? { kind: 'number', value } : null;
}

function Question({
  question,
  answer,
  onAnswer,
  runs,
  unit,
}: {
  question: QuestionSpec;
  /** The prediction so far (the link's), and its changes. */
  answer: StepAnswer;
  onAnswer(answer: StepAnswer): void;
  /** The step's runs; null while they run. */
  runs: StepRun | null;
  /** The answer's unit, once the run is there (it gives nothing away). */
  unit: string | null;
}) {
  const id = useId();
  const text = answer.typed ?? '';
  const prediction = predictionOf(question, answer);
  const revealed = answer.revealed === true;
  // The verdict is read from the run whenever it is there: a reload or a shared link of a
  // revealed step shows it again.
  let shown: Reveal | string | null = null;
  if (revealed && prediction && runs) {
    try {
      shown = reveal(question, prediction, runs);
    } catch (error) {
      shown = `The run has no answer to this: ${(error as Error).message}`;
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (prediction && runs) onAnswer({ ...answer, revealed: true });
  };
  const invalid = question.kind === 'number' && text.trim() !== '' && prediction === null;
  return (
    <form className="tour-question" onSubmit={submit}>
      <fieldset>
        <legend>
          <Glossed text={question.prompt} />
        </legend>
        {question.kind === 'number' ? (
          <label className="tour-prediction">
            Your prediction
            <input
              type="text"
              inputMode="decimal"
              value={text}
              maxLength={MAX_TYPED}
              readOnly={revealed}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
              onChange={(e) => onAnswer({ ...answer, typed: e.target.value })}
            />
            {unit ? <span className="tour-unit">{unit}</span> : null}
          </label>
        ) : (
          question.choices.map((c, i) => (
            <label key={c.label} className="tour-choice">
              <input
                type="radio"
                name={`${id}-choice`}
                checked={answer.choice === i}
                disabled={revealed && answer.choice !== i}
                onChange={() => onAnswer({ ...answer, choice: i })}
              />
              {c.label}
            </label>
          ))
        )}
        {invalid ? (
          <p id={`${id}-invalid`} className="field-error">
            A number is needed, e.g. 42 or 0.35 (or 0,35).
          </p>
        ) : null}
        <button type="submit" disabled={!prediction || runs === null || revealed}>
          {runs === null ? 'Running…' : 'Reveal'}
        </button>
      </fieldset>
      {/* The answer and what it means are heard together. */}
      <div aria-live="polite">
        <p
          className="tour-reveal"
          data-verdict={typeof shown === 'object' ? shown?.verdict : 'error'}
        >
          {shown === null ? '' : typeof shown === 'string' ? shown : shown.sentence}
        </p>
        {shown !== null && typeof shown === 'object' && question.explain ? (
          <p className="tour-explain">{question.explain}</p>
        ) : null}
      </div>
    </form>
  );
}
