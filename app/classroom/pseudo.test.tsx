// Every word the class's pieces say comes from a catalogue: drawn in the pseudo-language, nothing
// is left outside a wrapped run (but the class's own words: its code, a link, numbers).
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { chooseLanguage } from '../i18n/i18n';
import { unwrapped, wrap } from '../i18n/pseudo';
import type { QuestionSpec } from '../tours/schema';
import { AnswerChart } from './AnswerChart';
import { ClassBar } from './ClassBar';
import { JoinCard } from './JoinCard';
import { LecturerStep } from './LecturerStep';
import type { LecturerView, StudentView } from './protocol';
import { StudentJoin } from './StudentJoin';

/** A page's words from its markup: the text between tags, and what the attributes read out. */
function words(html: string): string[] {
  const attrs = [...html.matchAll(/(?:aria-label|title|placeholder|alt)="([^"]*)"/g)].map(
    (m) => m[1]!,
  );
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&#x27;/g, "'");
  return unwrapped([text, ...attrs].join(' \n '));
}

const choice: QuestionSpec = {
  kind: 'choice',
  prompt: wrap('Which is sooner?'),
  choices: [
    { label: wrap('The T805'), when: { value: { scalar: 'a' }, above: 0 } },
    { label: wrap('The T9000'), when: { value: { scalar: 'a' }, atMost: 0 } },
  ],
  expect: 0,
};
const number: QuestionSpec = { kind: 'number', prompt: wrap('How long?'), answer: { scalar: 'a' } };

const lecturer = (over: Partial<LecturerView> = {}): LecturerView => ({
  role: 'lecturer',
  code: 'ABC234',
  step: 0,
  free: false,
  paused: true,
  ended: false,
  tour: {},
  students: [{ id: '1', pseudonym: 'Ada' }],
  answers: [{ student: '1', step: 0, prediction: { choice: 0 }, value: null, at: '' }],
  revealed: { 0: { truth: { right: 0 }, values: [], choices: [1, 0] } },
  ...over,
});

describe('the class in the pseudo-language', () => {
  beforeAll(() => chooseLanguage('en-XA'));
  afterAll(() => chooseLanguage('en'));

  it('finds a word left outside', () => {
    expect(words('<p title="Close">⟦Join⟧</p>')).toEqual(['Close']);
    expect(words('<p>⟦Join⟧ <b>now</b></p>')).toEqual(['now']);
  });

  it("says every word of the lecturer's step, the answers drawn and the controls", () => {
    for (const question of [choice, number, undefined]) {
      const html = renderToStaticMarkup(
        <LecturerStep
          view={lecturer()}
          step={{
            presetId: 'x',
            title: wrap('A step'),
            text: wrap('Words'),
            look: { view: true },
            ...(question ? { question } : {}),
          }}
          stepIndex={0}
          steps={2}
          runs={null}
          unit={null}
          presented
          control={() => {}}
          onNext={() => {}}
          onDownload={() => {}}
          onDelete={() => {}}
        />,
      );
      expect(words(html)).toEqual([]);
    }
  });

  it('says every word of the numbers drawn, with a unit and on a log axis', () => {
    for (const unit of ['cycles', null]) {
      const html = renderToStaticMarkup(
        <AnswerChart
          question={number}
          unit={unit === null ? null : wrap(unit)}
          values={[1, 10, 1000, 10_000]}
          choices={[]}
          truth={{ value: 100, unit: '', text: wrap('100 cycles'), close: 0.2 }}
          mine={{ typed: '10' }}
        />,
      );
      expect(words(html)).toEqual([]);
    }
    expect(
      words(
        renderToStaticMarkup(
          <AnswerChart question={number} unit={null} values={[]} choices={[]} />,
        ),
      ),
    ).toEqual([]);
  });

  it("says every word of the class's bar, join card and join form", () => {
    const student: StudentView = {
      role: 'student',
      code: 'ABC234',
      step: 0,
      free: false,
      paused: true,
      ended: true,
      tour: {},
      pseudonym: 'Ada',
      mine: {},
      revealed: {},
    };
    for (const view of [student, lecturer(), null])
      for (const connection of ['connecting', 'open', 'reconnecting', 'gone'] as const) {
        const html = renderToStaticMarkup(
          <ClassBar
            code="ABC234"
            view={view}
            connection={connection}
            gone={null}
            notKept={null}
            said={null}
            onJoinCard={() => {}}
            onLeave={() => {}}
          />,
        );
        expect(words(html)).toEqual([]);
      }
    const card = renderToStaticMarkup(
      <JoinCard code="ABC234" link="http://127.0.0.1:5173/?join=ABC234" large />,
    );
    // The code, the address and the link are the class's own, not words to translate.
    expect(words(card).filter((w) => !/ABC234|127\.0\.0\.1/.test(w))).toEqual([]);
    const join = renderToStaticMarkup(
      <StudentJoin code="ABC234" onJoin={async () => {}} onCancel={() => {}} />,
    );
    expect(words(join)).toEqual([]);
  });
});
