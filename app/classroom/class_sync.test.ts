import { describe, expect, it } from 'vitest';

import { tours } from '../tours/bundled';
import { classTour, predictionOf, syncedAnswers } from './class_sync';
import type { LecturerView, StudentView } from './protocol';

const pace = { code: 'ABC234', step: 0, free: false, paused: false, ended: false };
const truth = { right: 0 };

function student(over: Partial<StudentView>): StudentView {
  return { role: 'student', ...pace, pseudonym: 'Ada', tour: {}, mine: {}, revealed: {}, ...over };
}

describe('syncedAnswers', () => {
  it('keeps a student’s unsent typing until the reveal', () => {
    expect(syncedAnswers(student({}), { 0: { typed: '4' } })).toBeNull();
  });

  it('shows what the server kept, not what was typed since', () => {
    const view = student({ mine: { 0: { typed: '12' } } });
    expect(syncedAnswers(view, { 0: { typed: '99' } })).toEqual({ 0: { typed: '12' } });
    expect(syncedAnswers(view, { 0: { typed: '12' } })).toBeNull();
  });

  it('marks a revealed step revealed, leaving out a prediction never sent', () => {
    const revealed = { 0: { truth, values: [], choices: [1] } };
    expect(
      syncedAnswers(student({ mine: { 0: { choice: 1 } }, revealed }), { 0: { choice: 1 } }),
    ).toEqual({ 0: { choice: 1, revealed: true } });
    expect(syncedAnswers(student({ revealed }), { 0: { choice: 0 } })).toEqual({
      0: { revealed: true },
    });
  });

  it('marks the lecturer’s revealed steps revealed', () => {
    const view: LecturerView = {
      role: 'lecturer',
      ...pace,
      tour: {},
      students: [],
      answers: [],
      revealed: { 2: { truth, values: [], choices: [] } },
    };
    expect(syncedAnswers(view, undefined)).toEqual({ 2: { revealed: true } });
  });
});

describe('classTour', () => {
  it('knows a built-in tour whatever order the database gave its keys', () => {
    const builtIn = tours[0]!;
    const reordered = JSON.parse(JSON.stringify(builtIn, Object.keys(builtIn).reverse()));
    const shuffled = { ...reordered, steps: builtIn.steps };
    expect(classTour(student({ tour: shuffled })).builtIn).toBe(true);
    const changed = { ...builtIn, title: 'My own' };
    expect(classTour(student({ tour: changed })).builtIn).toBe(false);
  });

  it('refuses a lesson the tours’ schema refuses, in words', () => {
    expect(() => classTour(student({ tour: { id: 'x' } }))).toThrow(/invalid tour of this class/);
  });
});

describe('predictionOf', () => {
  it('takes a choice or a typed number, and nothing empty', () => {
    expect(predictionOf({ choice: 2 })).toEqual({ choice: 2 });
    expect(predictionOf({ typed: ' 3,5 ' })).toEqual({ typed: '3,5' });
    expect(predictionOf({ typed: '  ' })).toBeNull();
    expect(predictionOf(undefined)).toBeNull();
  });
});
