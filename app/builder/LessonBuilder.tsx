// The lesson builder, beside the explorer: a teacher takes the explorer's state as a step, gives
// it words and a question read from its run, previews the lesson as a student, and shares it as a
// link or a file. The tours' own checks run as the lesson is written.
import type { ReactNode } from 'react';
import { useEffect, useMemo } from 'react';

import type { Engine } from '../engine/engine';
import { useT } from '../i18n/i18n';
import type { IdleBoard } from '../ui/page_idle';
import type { ModelInfo } from '../engine/types';
import type { UrlState } from '../link/url_state';
import { pageLayout } from '../link/url_state';
import { logpPresets } from '../compare/machines';
import type { Preset } from '../presets/schema';
import { rightChoice } from '../tours/answers';
import type { Tour, TourStep } from '../tours/schema';
import { MAX_STEPS, TEXT_LIMITS } from '../tours/schema';
import type { LessonDraft } from './draft';
import type { NotKept } from './draft_store';
import { draftTour, editStep, moveStep, removeStep, stepFromState } from './draft';
import { checksLine } from './builder_status';
import { lessonChecks } from './lesson_checks';
import { LessonShare } from './LessonShare';
import { StepEditor } from './StepEditor';
import { stepRunsOf, useStepRuns } from './use_step_runs';
import './builder.css';

interface Props {
  engine: Engine;
  /** The page's idle signal: it waits for the steps' runs. */
  board?: IdleBoard;
  presets: Preset[];
  models: ModelInfo[];
  /** The explorer's state: what "Add this as a step" takes. */
  state: UrlState;
  draft: LessonDraft;
  onDraft(update: (draft: LessonDraft) => LessonDraft): void;
  /** Why the draft is not kept in this browser, or null. */
  storageNote: NotKept | null;
  onClose(): void;
  /** Opens a step's state in the explorer. */
  onShowStep(step: TourStep): void;
  /** Walks the lesson as a student will. */
  onPreview(tour: Tour): void;
  /** Opens a lesson's file into the builder, as a lesson of its own. */
  onOpened(tour: Tour): void;
  /** The teacher's lessons: open another, start one, delete one. */
  lessons: ReactNode;
}

export function LessonBuilder(props: Props) {
  const { engine, presets, models, state, draft, onDraft } = props;
  const t = useT('teaching');
  const { outcomes, done } = useStepRuns(engine, draft.steps, presets, models, props.board);
  const runs = outcomes.map((o) => (o && 'runs' in o ? o.runs : undefined));
  const tour = useMemo(() => draftTour(draft), [draft]);
  // `done` is new only when a run comes in, so the checks are read again only then or on an edit.
  const checks = useMemo(
    () => lessonChecks(tour, presets, models, stepRunsOf(tour.steps, done)),
    [tour, presets, models, done],
  );
  // A choice's right answer is the one its run singles out, never the teacher's to type.
  useEffect(() => {
    draft.steps.forEach((step, i) => {
      const q = step.question;
      const run = runs[i];
      if (q?.kind !== 'choice' || !run) return;
      let right: number | null = null;
      try {
        right = rightChoice(q, run);
      } catch {
        return;
      }
      if (right !== null && right !== q.expect)
        onDraft((d) =>
          editStep(d, i, (s) =>
            s.question?.kind === 'choice'
              ? { ...s, question: { ...s.question, expect: right } }
              : s,
          ),
        );
    });
  });
  const preset = presets.find((p) => p.id === state.presetId);
  // On the all-machines page a step is read from the machine open there (else the first one).
  const page = pageLayout(state.layout);
  const machinesPreset =
    page?.kind === 'machines'
      ? (presets.find((p) => p.id === page.machine) ?? logpPresets(presets, models)[0])
      : undefined;
  const here = preset ?? machinesPreset;
  const take = (old?: TourStep) => (here ? stepFromState(state, here, old) : undefined);
  const full = draft.steps.length >= MAX_STEPS;
  const problems = checks.lesson.length + checks.steps.reduce((n, s) => n + s.length, 0);
  const running = outcomes.filter((o) => o === undefined).length;

  return (
    <aside className="lesson-builder" aria-labelledby="lesson-builder-title">
      <div className="lesson-builder-head">
        <h2 id="lesson-builder-title" tabIndex={-1}>
          {t('builder.title')}
        </h2>
        <button type="button" onClick={props.onClose}>
          {t('builder.close')}
        </button>
      </div>
      {props.storageNote ? (
        <p className="banner warning">{t(`builder.storage.${props.storageNote}`)}</p>
      ) : null}
      {props.lessons}
      <label>
        {t('builder.lessonTitle')}
        <input
          value={draft.title}
          maxLength={TEXT_LIMITS.title}
          onChange={(e) => onDraft((d) => ({ ...d, title: e.target.value }))}
        />
      </label>
      <label>
        {t('builder.audience')}
        <input
          value={draft.audience}
          maxLength={TEXT_LIMITS.audience}
          placeholder={t('builder.audienceExample')}
          onChange={(e) => onDraft((d) => ({ ...d, audience: e.target.value }))}
        />
      </label>
      <label>
        {t('builder.summary')}
        <textarea
          rows={2}
          maxLength={TEXT_LIMITS.summary}
          value={draft.summary}
          onChange={(e) => onDraft((d) => ({ ...d, summary: e.target.value }))}
        />
      </label>
      <ol className="lesson-steps">
        {draft.steps.map((step, i) => {
          const stepPreset = presets.find((p) => p.id === step.presetId);
          const retake = take(step);
          return (
            <StepEditor
              key={i}
              step={step}
              index={i}
              count={draft.steps.length}
              preset={stepPreset}
              model={models.find((m) => m.name === stepPreset?.model)}
              outcome={outcomes[i]}
              problems={checks.steps[i] ?? []}
              onChange={(s) => onDraft((d) => editStep(d, i, () => s))}
              onMove={(to) => onDraft((d) => moveStep(d, i, to))}
              onRemove={() => onDraft((d) => removeStep(d, i))}
              {...(retake ? { onRetake: () => onDraft((d) => editStep(d, i, () => retake)) } : {})}
              onShow={() => props.onShowStep(step)}
            />
          );
        })}
      </ol>
      <button
        type="button"
        className="add-step"
        disabled={!here || full}
        onClick={() => {
          const step = take();
          if (step) onDraft((d) => ({ ...d, steps: [...d.steps, step] }));
        }}
      >
        {t('builder.addStep')}
      </button>
      <p className="lesson-hint">
        {full
          ? t('builder.full', { max: MAX_STEPS })
          : here
            ? t('builder.stepHint')
            : t('builder.openExperiment')}
      </p>
      <section className="lesson-checks" aria-labelledby="lesson-checks-title">
        <h3 id="lesson-checks-title">{t('builder.checks')}</h3>
        <p role="status">{checksLine(draft.steps.length, problems, running)}</p>
        {checks.lesson.length > 0 ? (
          <ul aria-label={t('builder.lessonProblems')}>
            {checks.lesson.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <LessonShare
        tour={tour}
        presets={presets}
        models={models}
        waiting={
          draft.steps.length === 0
            ? t('builder.addStepToShare')
            : running > 0
              ? t('builder.waitForChecks')
              : null
        }
        onPreview={() => props.onPreview(tour)}
        onOpened={props.onOpened}
      />
    </aside>
  );
}
