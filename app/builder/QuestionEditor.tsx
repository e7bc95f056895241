// A step's question as the teacher writes it: a number read from a named output of the step's run,
// with its tolerance (the unit is the output's own), or a choice whose right answer is the choice
// whose condition holds in the run. The answer is read from the run, never typed; the editor shows
// what the run gives, so the teacher sees the answer the student will be judged against.
import type { TFunction } from 'i18next';

import type { OutputSpec } from '../engine/types';
import { i18n, useT } from '../i18n/i18n';
import { Rich } from '../i18n/Rich';
import type { StepRun } from '../tours/answers';
import { readStepValue, rightChoice } from '../tours/answers';
import type {
  BoundKey,
  ChoiceQuestionSpec,
  NumberQuestionSpec,
  QuestionSpec,
  RunValueSpec,
} from '../tours/schema';
import { BOUNDS, TEXT_LIMITS } from '../tours/schema';
import { RunValuePicker } from './RunValuePicker';

type Choice = ChoiceQuestionSpec['choices'][number];
type When = Choice['when'];

/** What the run gives for `value`, in words, or why it gives nothing. */
function fromRun(value: RunValueSpec | undefined, runs: StepRun | undefined, t: TFunction): string {
  if (!value) return '';
  if (!runs) return t('questionEditor.notInYet');
  try {
    return t('questionEditor.fromRun', { value: readStepValue(value, runs).text });
  } catch (e) {
    return t('questionEditor.noAnswer', { error: (e as Error).message });
  }
}

export function newQuestion(
  kind: 'number' | 'choice',
  first: OutputSpec | undefined,
): QuestionSpec {
  const value: RunValueSpec =
    first?.kind === 'series' ? { series: first.name, at: 'max' } : { scalar: first?.name ?? '' };
  if (kind === 'number') return { kind, prompt: '', answer: value };
  return {
    kind,
    prompt: '',
    choices: [
      { label: i18n.t('teaching:questionEditor.yes'), when: { value, above: 0 } },
      { label: i18n.t('teaching:questionEditor.no'), when: { value, atMost: 0 } },
    ],
    expect: 0,
  };
}

function boundOf(when: When): [BoundKey, number | RunValueSpec] {
  const key = BOUNDS.find((k) => when[k] !== undefined) ?? 'above';
  return [key, when[key] ?? 0];
}

function ConditionEditor(props: {
  when: When;
  outputs: OutputSpec[];
  sideBySide: boolean;
  onChange(when: When): void;
}) {
  const { when, outputs, sideBySide, onChange } = props;
  const t = useT('teaching');
  const [key, bound] = boundOf(when);
  const set = (k: BoundKey, b: number | RunValueSpec) => onChange({ value: when.value, [k]: b });
  return (
    <div className="condition">
      <RunValuePicker
        label={t('questionEditor.rightWhen')}
        value={when.value}
        outputs={outputs}
        sideBySide={sideBySide}
        onChange={(value) => onChange({ ...when, value })}
      />
      <select
        aria-label={t('questionEditor.comparison')}
        value={key}
        onChange={(e) => set(e.target.value as BoundKey, bound)}
      >
        {BOUNDS.map((k) => (
          <option key={k} value={k}>
            {t(`questionEditor.bounds.${k}`)}
          </option>
        ))}
      </select>
      <select
        aria-label={t('questionEditor.comparedWith')}
        value={typeof bound === 'number' ? 'number' : 'value'}
        onChange={(e) => set(key, e.target.value === 'number' ? 0 : when.value)}
      >
        <option value="number">{t('questionEditor.aNumber')}</option>
        <option value="value">{t('questionEditor.anotherValue')}</option>
      </select>
      {typeof bound === 'number' ? (
        <input
          type="number"
          step="any"
          aria-label={t('questionEditor.number')}
          value={bound}
          onChange={(e) =>
            Number.isFinite(e.target.valueAsNumber) && set(key, e.target.valueAsNumber)
          }
        />
      ) : (
        <RunValuePicker
          label={t('questionEditor.than')}
          value={bound}
          outputs={outputs}
          sideBySide={sideBySide}
          onChange={(b) => set(key, b)}
        />
      )}
    </div>
  );
}

function NumberEditor(props: {
  question: NumberQuestionSpec;
  outputs: OutputSpec[];
  sideBySide: boolean;
  runs: StepRun | undefined;
  onChange(q: QuestionSpec): void;
}) {
  const { question: q, outputs, sideBySide, runs, onChange } = props;
  const t = useT('teaching');
  return (
    <>
      <RunValuePicker
        label={t('questionEditor.answerIs')}
        value={q.answer}
        outputs={outputs}
        sideBySide={sideBySide}
        onChange={(answer) => onChange({ ...q, answer })}
      />
      <p className="from-run" role="status">
        {fromRun(q.answer, runs, t)}
      </p>
      <label>
        <Rich
          k="teaching:questionEditor.closeWithin"
          parts={{
            input: (
              <input
                type="number"
                min={1}
                max={100}
                value={Math.round((q.close ?? 0.2) * 100)}
                onChange={(e) => {
                  const n = e.target.valueAsNumber;
                  if (Number.isFinite(n) && n >= 1 && n <= 100) onChange({ ...q, close: n / 100 });
                }}
              />
            ),
          }}
        />
      </label>
    </>
  );
}

function ChoiceEditor(props: {
  question: ChoiceQuestionSpec;
  outputs: OutputSpec[];
  sideBySide: boolean;
  runs: StepRun | undefined;
  onChange(q: QuestionSpec): void;
}) {
  const { question: q, outputs, sideBySide, runs, onChange } = props;
  const t = useT('teaching');
  let right: string;
  try {
    const index = runs ? rightChoice(q, runs) : undefined;
    right =
      index === undefined
        ? t('questionEditor.notInYet')
        : index === null
          ? t('questionEditor.noneRight')
          : t('questionEditor.rightIs', { label: q.choices[index]!.label });
  } catch (e) {
    right = t('questionEditor.noAnswer', { error: (e as Error).message });
  }
  const setChoice = (i: number, c: Choice) =>
    onChange({ ...q, choices: q.choices.map((x, j) => (j === i ? c : x)) });
  return (
    <>
      <ol className="choices">
        {q.choices.map((c, i) => (
          <li key={i}>
            <input
              aria-label={t('questionEditor.choice', { n: i + 1 })}
              value={c.label}
              maxLength={TEXT_LIMITS.label}
              onChange={(e) => setChoice(i, { ...c, label: e.target.value })}
            />
            <ConditionEditor
              when={c.when}
              outputs={outputs}
              sideBySide={sideBySide}
              onChange={(when) => setChoice(i, { ...c, when })}
            />
            <label>
              {t('questionEditor.feedback')}
              <input
                value={c.feedback ?? ''}
                maxLength={TEXT_LIMITS.why}
                onChange={(e) => {
                  const { feedback: _feedback, ...rest } = c;
                  setChoice(i, e.target.value ? { ...rest, feedback: e.target.value } : rest);
                }}
              />
            </label>
            {q.choices.length > 2 ? (
              <button
                type="button"
                onClick={() =>
                  onChange({ ...q, choices: q.choices.filter((_, j) => j !== i), expect: 0 })
                }
              >
                {t('questionEditor.removeChoice', { n: i + 1 })}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {q.choices.length < 5 ? (
        <button
          type="button"
          onClick={() =>
            onChange({ ...q, choices: [...q.choices, { when: q.choices.at(-1)!.when, label: '' }] })
          }
        >
          {t('questionEditor.addChoice')}
        </button>
      ) : null}
      <p className="from-run" role="status">
        {right}
      </p>
    </>
  );
}

type ShownBy = NonNullable<QuestionSpec['shownBy']>[number];

/**
 * What gives the answer away besides its number, held back until Reveal: the experiment's
 * description, and side by side the other pane's charts (the pane whose run answers is held whole).
 */
function HeldBack(props: {
  question: QuestionSpec;
  charts: { id: string; title: string }[];
  sideBySide: boolean;
  onChange(q: QuestionSpec): void;
}) {
  const { question: q, onChange } = props;
  const t = useT('teaching');
  const held = q.shownBy ?? [];
  const has = (entry: ShownBy) => held.some((h) => JSON.stringify(h) === JSON.stringify(entry));
  const toggle = (entry: ShownBy, on: boolean) => {
    const next = on
      ? [...held, entry]
      : held.filter((h) => JSON.stringify(h) !== JSON.stringify(entry));
    const { shownBy: _s, ...rest } = q;
    onChange(next.length > 0 ? { ...rest, shownBy: next as typeof held } : rest);
  };
  const entries: [ShownBy, string][] = [
    [{ description: true }, t('questionEditor.heldDescription')],
    ...(props.sideBySide
      ? props.charts.map((c): [ShownBy, string] => [
          { chart: c.id },
          t('questionEditor.heldChart', { title: c.title }),
        ])
      : []),
  ];
  return (
    <fieldset className="held-back">
      <legend>{t('questionEditor.heldBack')}</legend>
      {entries.map(([entry, words]) => (
        <label key={words}>
          <input
            type="checkbox"
            checked={has(entry)}
            onChange={(e) => toggle(entry, e.target.checked)}
          />{' '}
          {words}
        </label>
      ))}
    </fieldset>
  );
}

export function QuestionEditor(props: {
  question: QuestionSpec;
  outputs: OutputSpec[];
  /** The step's charts (of its first pane). */
  charts: { id: string; title: string }[];
  sideBySide: boolean;
  runs: StepRun | undefined;
  onChange(q: QuestionSpec | undefined): void;
}) {
  const { question: q, onChange } = props;
  const t = useT('teaching');
  return (
    <fieldset className="question-editor">
      <legend>
        {q.kind === 'number' ? t('questionEditor.numberKind') : t('questionEditor.choiceKind')}
      </legend>
      <label>
        {t('questionEditor.question')}
        <input
          value={q.prompt}
          maxLength={TEXT_LIMITS.prompt}
          onChange={(e) => onChange({ ...q, prompt: e.target.value })}
        />
      </label>
      {q.kind === 'number' ? (
        <NumberEditor {...props} question={q} />
      ) : (
        <ChoiceEditor {...props} question={q} />
      )}
      <HeldBack {...props} />
      <label>
        {t('questionEditor.explain')}
        <textarea
          rows={2}
          maxLength={TEXT_LIMITS.explain}
          value={q.explain ?? ''}
          onChange={(e) => {
            const { explain: _explain, ...rest } = q;
            onChange(e.target.value ? { ...rest, explain: e.target.value } : rest);
          }}
        />
      </label>
      <button type="button" onClick={() => onChange(undefined)}>
        {t('questionEditor.remove')}
      </button>
    </fieldset>
  );
}
