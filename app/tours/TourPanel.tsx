import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';

import { presets } from '../presets/bundled';
import type { ParamSpec } from '../engine/types';
import type { Preset } from '../presets/schema';
import type { RunView } from '../shell/chart_builder';
import { focusLost, focusSoon } from '../shell/focus';
import { readRunValue } from './answers';
import type { Prediction, Reveal } from './panel_model';
import { reveal, targetLabel, targetSelector } from './panel_model';
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
  onStep(step: number): void;
  onClose(): void;
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
 * Marks the element a step points at (data-tour-target, outlined by tours.css) while the step is
 * shown; charts and readouts appear with the run and are drawn a render or more after it, so the
 * page is watched until the element is there. The mark says whether the step's run is done
 * ("ready") or still running. The page is not scrolled to it (that would hide the step's words);
 * "Show me" does.
 */
function useHighlight(selector: string | null, ready: boolean) {
  useEffect(() => {
    if (!selector) return;
    let element: Element | null = null;
    const mark = () => {
      const found = document.querySelector(selector);
      // A field's number box stands for the whole field (its name, slider and box).
      const target = found?.closest('.param') ?? found ?? null;
      if (target === element) return;
      element?.removeAttribute('data-tour-target');
      element = target;
      if (!element) return;
      element.setAttribute('data-tour-target', ready ? 'ready' : 'running');
    };
    mark();
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      element?.removeAttribute('data-tour-target');
    };
  }, [selector, ready]);
}

/**
 * While a step's question waits for a prediction, the page's readouts and model-vs-paper table
 * (which would give the answer away) are blurred: `data-tour-question` on the root, read by
 * tours.css.
 */
function useAnswerHidden(hidden: boolean) {
  useEffect(() => {
    if (!hidden) return;
    document.documentElement.dataset.tourQuestion = 'open';
    return () => {
      delete document.documentElement.dataset.tourQuestion;
    };
  }, [hidden]);
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
export function TourPanel({ tour, step, outcome, onStep, onClose, specs }: Props) {
  const id = useId();
  const current = tour.steps[step]!;
  const preset = presets.find((p) => p.id === current.presetId);
  const last = tour.steps.length - 1;
  useHighlight(preset ? targetSelector(current.look, preset) : null, outcome !== null);
  const stepKey = `${tour.id}-${step}`;
  const [revealed, setRevealed] = useState<string | null>(null);
  useAnswerHidden(current.question !== undefined && revealed !== stepKey);
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
    <aside className="tour-panel" aria-labelledby={`${id}-tour`}>
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
      <p className="tour-text">{current.text}</p>
      {preset ? (
        <p className="tour-look">
          Look at {targetLabel(current.look, preset, outcome, specs)}
          <span aria-hidden="true"> (outlined)</span>.{' '}
          <button
            type="button"
            className="tour-show"
            onClick={() => {
              const target = document.querySelector('[data-tour-target]');
              target?.scrollIntoView({ block: 'start', behavior: scrollBehavior() });
              if (target instanceof HTMLElement) target.focus({ preventScroll: true });
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
          onShown={() => setRevealed(stepKey)}
          onReveal={(prediction) =>
            outcome ? reveal(current.question!, prediction, preset, outcome) : null
          }
          running={outcome === null}
          unit={answerUnit(current.question, preset, outcome)}
        />
      ) : null}
      <nav className="tour-nav" aria-label="Tour steps">
        <button type="button" disabled={step === 0} onClick={() => go('previous')}>
          ← Previous
        </button>
        <button type="button" disabled={step === last} onClick={() => go('next')}>
          Next →
        </button>
      </nav>
    </aside>
  );
}

/** The unit of a numeric question's answer in the run; null before the run or for choices. */
function answerUnit(
  question: QuestionSpec,
  preset: Preset,
  outcome: RunView | null,
): string | null {
  if (question.kind !== 'number' || !outcome) return null;
  try {
    const answer = readRunValue(question.answer, preset, outcome);
    // A percentage is typed as one: "%", or "% of peak" for a readout with its own unit.
    if (answer.percent) return answer.unit && answer.unit !== 'fraction' ? `% ${answer.unit}` : '%';
    return answer.unit || null;
  } catch {
    return null;
  }
}

function Question({
  question,
  onReveal,
  onShown,
  running,
  unit,
}: {
  question: QuestionSpec;
  /** The answer is shown: what would give it away need not be hidden any more. */
  onShown(): void;
  /** The answer's unit, once the run is there (it gives nothing away). */
  unit: string | null;
  onReveal(prediction: Prediction): Reveal | null;
  running: boolean;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [choice, setChoice] = useState<number | null>(null);
  const [shown, setShown] = useState<Reveal | string | null>(null);
  const number = Number(text.trim().replace(/,/g, ''));
  const prediction: Prediction | null =
    question.kind === 'number'
      ? text.trim() !== '' && Number.isFinite(number)
        ? { kind: 'number', value: number }
        : null
      : choice === null
        ? null
        : { kind: 'choice', index: choice };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!prediction) return;
    try {
      setShown(onReveal(prediction));
    } catch (error) {
      setShown(`The run has no answer to this: ${(error as Error).message}`);
    }
    onShown();
  };
  const invalid = question.kind === 'number' && text.trim() !== '' && prediction === null;
  return (
    <form className="tour-question" onSubmit={submit}>
      <fieldset>
        <legend>{question.prompt}</legend>
        {question.kind === 'number' ? (
          <label className="tour-prediction">
            Your prediction
            <input
              type="text"
              inputMode="decimal"
              value={text}
              readOnly={shown !== null}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
              onChange={(e) => setText(e.target.value)}
            />
            {unit ? <span className="tour-unit">{unit}</span> : null}
          </label>
        ) : (
          question.choices.map((c, i) => (
            <label key={c.label} className="tour-choice">
              <input
                type="radio"
                name={`${id}-choice`}
                checked={choice === i}
                disabled={shown !== null && choice !== i}
                onChange={() => setChoice(i)}
              />
              {c.label}
            </label>
          ))
        )}
        {invalid ? (
          <p id={`${id}-invalid`} className="field-error">
            A number is needed, e.g. 42 or 0.35.
          </p>
        ) : null}
        <button type="submit" disabled={!prediction || running || shown !== null}>
          {running ? 'Running…' : 'Reveal'}
        </button>
      </fieldset>
      <p
        className="tour-reveal"
        aria-live="polite"
        data-verdict={typeof shown === 'object' ? shown?.verdict : 'error'}
      >
        {shown === null ? '' : typeof shown === 'string' ? shown : shown.sentence}
      </p>
    </form>
  );
}
