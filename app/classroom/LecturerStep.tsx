// The lecturer's view of the class at a step, in the tour's panel: who joined and answered, the
// answers drawn (the right one marked only after the reveal), and the lecturer's controls.
import { useState } from 'react';

import { useT } from '../i18n/i18n';
import type { StepRun } from '../tours/answers';
import type { TourStep } from '../tours/schema';
import { AnswerChart } from './AnswerChart';
import { isRight } from './predictions';
import type { Control, LecturerView } from './protocol';
import { truthOf } from './truth';
import './classroom.css';

interface Props {
  view: LecturerView;
  step: TourStep;
  /** The step shown on this page (the class's, once the lecturer moved it). */
  stepIndex: number;
  steps: number;
  runs: StepRun | null;
  unit: string | null;
  /** Presenting: nothing names a student. */
  presented: boolean;
  control(control: Control): void;
  /** Moves this page to the next step, and the class with it. */
  onNext(): void;
  onDownload(): void;
  onDelete(): void;
}

export function LecturerStep(props: Props) {
  const { view, step, stepIndex, runs, unit, control } = props;
  const t = useT('teaching');
  const [why, setWhy] = useState<string | null>(null);
  const question = step.question;
  const answers = view.answers.filter((a) => a.step === stepIndex);
  const revealed = view.revealed[stepIndex];
  const names = new Map(view.students.map((s) => [s.id, s.pseudonym]));
  const choices: number[] = [];
  for (const a of answers)
    if ('choice' in a.prediction)
      choices[a.prediction.choice] = (choices[a.prediction.choice] ?? 0) + 1;

  const reveal = () => {
    if (!question || !runs) return;
    try {
      control({ action: 'reveal', step: stepIndex, truth: truthOf(question, runs) });
      setWhy(null);
    } catch (error) {
      setWhy(t('lecturer.notRevealed', { error: (error as Error).message }));
    }
  };

  return (
    <section className="class-lecturer" aria-label={t('lecturer.label')}>
      <p className="class-count" role="status">
        {t('lecturer.count', {
          joined: view.students.length,
          asks: question ? 'yes' : 'no',
          answered: answers.length,
          paused: view.paused ? 'yes' : 'no',
          ended: view.ended ? 'yes' : 'no',
        })}
      </p>
      {question ? (
        <>
          <p className="class-prompt">{question.prompt}</p>
          <AnswerChart
            question={question}
            unit={unit}
            values={answers.flatMap((a) => (a.value === null ? [] : [a.value]))}
            choices={Array.from(choices, (n) => n ?? 0)}
            {...(revealed ? { truth: revealed.truth } : {})}
          />
        </>
      ) : (
        <p className="class-prompt">{t('lecturer.noQuestion')}</p>
      )}
      <div className="class-controls">
        {question ? (
          <button
            type="button"
            className="primary"
            disabled={revealed !== undefined || runs === null || view.ended}
            onClick={reveal}
          >
            {revealed
              ? t('lecturer.revealed')
              : runs === null
                ? t('lecturer.running')
                : t('lecturer.reveal')}
          </button>
        ) : null}
        <button
          type="button"
          disabled={stepIndex >= props.steps - 1 || view.ended}
          onClick={props.onNext}
        >
          {t('lecturer.next')}
        </button>
        <label className="class-toggle">
          <input
            type="checkbox"
            checked={view.free}
            disabled={view.ended}
            onChange={(e) => control({ action: 'free', free: e.target.checked })}
          />
          {t('lecturer.free')}
        </label>
        <button
          type="button"
          disabled={view.ended}
          onClick={() => control({ action: 'pause', paused: !view.paused })}
        >
          {view.paused ? t('lecturer.resume') : t('lecturer.pause')}
        </button>
        <button
          type="button"
          disabled={view.ended}
          onClick={() => {
            if (window.confirm(t('lecturer.confirmEnd'))) control({ action: 'end' });
          }}
        >
          {t('lecturer.end')}
        </button>
        <button type="button" onClick={props.onDownload}>
          {t('lecturer.download')}
        </button>
        <button
          type="button"
          className="danger"
          onClick={() => {
            if (window.confirm(t('lecturer.confirmDelete'))) props.onDelete();
          }}
        >
          {t('lecturer.delete')}
        </button>
      </div>
      {why ? (
        <p className="field-error" role="alert">
          {why}
        </p>
      ) : null}
      {/* Pseudonyms are the lecturer's alone: never on the projector. */}
      {question && !props.presented ? (
        <details className="class-names">
          <summary>{t('lecturer.byName', { n: answers.length })}</summary>
          <ul>
            {answers.map((a) => {
              const said =
                'typed' in a.prediction
                  ? `${a.prediction.typed}${unit ? ` ${unit}` : ''}`
                  : question.kind === 'choice'
                    ? (question.choices[a.prediction.choice]?.label ?? '')
                    : '';
              return (
                <li key={a.student}>
                  {names.get(a.student) ?? '?'}: {said}
                  {revealed ? (isRight(a.prediction, revealed.truth) ? ' ✓' : ' ✗') : ''}
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
