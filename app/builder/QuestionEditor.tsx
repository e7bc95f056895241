// A step's question as the teacher writes it: a number read from a named output of the step's run,
// with its tolerance (the unit is the output's own), or a choice whose right answer is the choice
// whose condition holds in the run. The answer is read from the run, never typed; the editor shows
// what the run gives, so the teacher sees the answer the student will be judged against.
import type { OutputSpec } from '../engine/types';
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

const BOUND_WORDS: Record<BoundKey, string> = {
  above: 'is above',
  atLeast: 'is at least',
  below: 'is below',
  atMost: 'is at most',
};

/** What the run gives for `value`, in words, or why it gives nothing. */
function fromRun(value: RunValueSpec | undefined, runs: StepRun | undefined): string {
  if (!value) return '';
  if (!runs) return 'The run is not in yet.';
  try {
    return `From the run: ${readStepValue(value, runs).text}`;
  } catch (e) {
    return `The run gives no answer: ${(e as Error).message}.`;
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
      { label: 'Yes', when: { value, above: 0 } },
      { label: 'No', when: { value, atMost: 0 } },
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
  const [key, bound] = boundOf(when);
  const set = (k: BoundKey, b: number | RunValueSpec) => onChange({ value: when.value, [k]: b });
  return (
    <div className="condition">
      <RunValuePicker
        label="Right when"
        value={when.value}
        outputs={outputs}
        sideBySide={sideBySide}
        onChange={(value) => onChange({ ...when, value })}
      />
      <select
        aria-label="Comparison"
        value={key}
        onChange={(e) => set(e.target.value as BoundKey, bound)}
      >
        {BOUNDS.map((k) => (
          <option key={k} value={k}>
            {BOUND_WORDS[k]}
          </option>
        ))}
      </select>
      <select
        aria-label="Compared with"
        value={typeof bound === 'number' ? 'number' : 'value'}
        onChange={(e) => set(key, e.target.value === 'number' ? 0 : when.value)}
      >
        <option value="number">a number</option>
        <option value="value">another value of the run</option>
      </select>
      {typeof bound === 'number' ? (
        <input
          type="number"
          step="any"
          aria-label="Number"
          value={bound}
          onChange={(e) =>
            Number.isFinite(e.target.valueAsNumber) && set(key, e.target.valueAsNumber)
          }
        />
      ) : (
        <RunValuePicker
          label="Than"
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
  return (
    <>
      <RunValuePicker
        label="The answer is"
        value={q.answer}
        outputs={outputs}
        sideBySide={sideBySide}
        onChange={(answer) => onChange({ ...q, answer })}
      />
      <p className="from-run" role="status">
        {fromRun(q.answer, runs)}
      </p>
      <label>
        A prediction counts as close within{' '}
        <input
          type="number"
          min={1}
          max={100}
          value={Math.round((q.close ?? 0.2) * 100)}
          onChange={(e) => {
            const n = e.target.valueAsNumber;
            if (Number.isFinite(n) && n >= 1 && n <= 100) onChange({ ...q, close: n / 100 });
          }}
        />{' '}
        % of it
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
  let right: string;
  try {
    const index = runs ? rightChoice(q, runs) : undefined;
    right =
      index === undefined
        ? 'The run is not in yet.'
        : index === null
          ? 'In the run no one choice is right: make exactly one condition hold.'
          : `In the run the right choice is “${q.choices[index]!.label}”.`;
  } catch (e) {
    right = `The run gives no answer: ${(e as Error).message}.`;
  }
  const setChoice = (i: number, c: Choice) =>
    onChange({ ...q, choices: q.choices.map((x, j) => (j === i ? c : x)) });
  return (
    <>
      <ol className="choices">
        {q.choices.map((c, i) => (
          <li key={i}>
            <input
              aria-label={`Choice ${i + 1}`}
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
              If chosen and wrong, say why (after Reveal)
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
                Remove choice {i + 1}
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
          Add a choice
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
    [{ description: true }, "the experiment's description"],
    ...(props.sideBySide
      ? props.charts.map((c): [ShownBy, string] => [{ chart: c.id }, `the chart “${c.title}”`])
      : []),
  ];
  return (
    <fieldset className="held-back">
      <legend>Also held back until Reveal</legend>
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
  return (
    <fieldset className="question-editor">
      <legend>{q.kind === 'number' ? 'A number to predict' : 'A choice'}</legend>
      <label>
        Question
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
        What the answer means (shown after Reveal)
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
        Remove the question
      </button>
    </fieldset>
  );
}
