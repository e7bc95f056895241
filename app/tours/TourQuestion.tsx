// A tour step's question: the prediction typed or picked, then revealed against the run, with the
// verdict and what it means.
import { useEffect, useId, useRef } from 'react';
import type { FormEvent } from 'react';

import { Glossed } from '../glossary/Glossed';
import { useT } from '../i18n/i18n';
import { Markdown } from '../ui/Markdown';
import { parseTyped } from '../presets/param_values';
import type { StepAnswer } from '../link/url_state';
import { MAX_TYPED } from '../link/url_state';
import { unitSymbol } from '../presets/units';
import type { StepRun } from './answers';
import { readStepValue } from './answers';
import type { Prediction, Reveal } from './panel_model';
import { reveal } from './panel_model';
import type { QuestionSpec } from './schema';

/** The unit of a numeric question's answer in the run; null before the run or for choices. */
export function answerUnit(question: QuestionSpec, runs: StepRun | null): string | null {
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

/**
 * In a class, a prediction is sent to the lecturer rather than revealed at once: the lecturer
 * reveals for everyone, and the page then marks the step revealed.
 */
export interface SendToClass {
  /** Sent and kept by the class: it stays as it is. */
  sent: boolean;
  /** Whether it may be sent now, or why not ("wait for your lecturer"). */
  refused: string | null;
  onSend(): void;
}

export function Question({
  question,
  answer,
  onAnswer,
  runs,
  unit,
  send,
}: {
  question: QuestionSpec;
  /** The prediction so far (the link's), and its changes. */
  answer: StepAnswer;
  onAnswer(answer: StepAnswer): void;
  /** The step's runs; null while they run. */
  runs: StepRun | null;
  /** The answer's unit, once the run is there (it gives nothing away). */
  unit: string | null;
  send?: SendToClass;
}) {
  const t = useT();
  const id = useId();
  const text = answer.typed ?? '';
  const prediction = predictionOf(question, answer);
  const revealed = answer.revealed === true;
  // A prediction sent to the class is kept as sent, as one revealed is.
  const kept = revealed || send?.sent === true;
  // The verdict is read from the run whenever it is there: a reload or a shared link of a
  // revealed step shows it again.
  let shown: Reveal | string | null = null;
  if (revealed && prediction && runs) {
    try {
      shown = reveal(question, prediction, runs);
    } catch (error) {
      shown = t('tour.noAnswer', { why: (error as Error).message });
    }
  }
  // The verdict the reader asked for comes into sight (on a phone it would sit under the way on).
  const said = useRef<HTMLDivElement>(null);
  const asked = useRef(false);
  // Revealed from the button and from Enter, not from the form's submission: a frame sandboxed
  // without allow-forms (a lesson on a course page) blocks submission before its event fires.
  const doReveal = () => {
    if (send) {
      if (prediction && !kept && send.refused === null) send.onSend();
      return;
    }
    if (prediction && runs && !revealed) {
      asked.current = true;
      onAnswer({ ...answer, revealed: true });
    }
  };
  useEffect(() => {
    if (shown === null || !asked.current) return;
    asked.current = false;
    // A frame on: the tap that revealed may still hold the viewport as it was.
    requestAnimationFrame(() => said.current?.scrollIntoView({ block: 'nearest' }));
  }, [shown]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    doReveal();
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
            {t('tour.yourPrediction')}
            <input
              type="text"
              inputMode="decimal"
              value={text}
              maxLength={MAX_TYPED}
              readOnly={kept}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-invalid` : undefined}
              onChange={(e) => onAnswer({ ...answer, typed: e.target.value })}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                doReveal();
              }}
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
                disabled={kept && answer.choice !== i}
                onChange={() => onAnswer({ ...answer, choice: i })}
              />
              {c.label}
            </label>
          ))
        )}
        {invalid ? (
          <p id={`${id}-invalid`} className="field-error">
            {t('tour.numberNeeded')}
          </p>
        ) : null}
        {send ? (
          <button
            type="button"
            disabled={!prediction || kept || send.refused !== null}
            onClick={doReveal}
          >
            {kept ? t('tour.sent') : t('tour.send')}
          </button>
        ) : (
          <button
            type="button"
            disabled={!prediction || runs === null || revealed}
            onClick={doReveal}
          >
            {runs === null ? t('tour.running') : t('tour.reveal')}
          </button>
        )}
        {send && !revealed ? (
          <p className="tour-class-said" role="status">
            {send.sent ? t('tour.sentToClass') : (send.refused ?? '')}
          </p>
        ) : null}
      </fieldset>
      {/* The answer and what it means are heard together. */}
      <div aria-live="polite" className="tour-said" ref={said}>
        <p
          className="tour-reveal"
          data-verdict={typeof shown === 'object' ? shown?.verdict : 'error'}
        >
          {shown === null ? '' : typeof shown === 'string' ? shown : shown.sentence}
        </p>
        {shown !== null && typeof shown === 'object' && shown.feedback ? (
          <p className="tour-feedback">{shown.feedback}</p>
        ) : null}
        {shown !== null && typeof shown === 'object' && question.explain ? (
          <div className="tour-explain">
            <Markdown text={question.explain} gloss={false} />
          </div>
        ) : null}
      </div>
    </form>
  );
}
