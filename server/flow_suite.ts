// A class from start to deletion, run against whichever database a test file opens: the embedded
// one (flow.test.ts) and PostgreSQL (postgres.test.ts), so the same SQL is proven on both.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { LecturerView, StudentView } from '../app/classroom/protocol';
import { NO_CLASS } from '../app/classroom/protocol';
import type { Database } from './db/database';
import type { Running } from './test_harness';
import { builtInTour, parseCsv, serve, truthFor } from './test_harness';

/** multipsi: step 1 asks for a number, step 3 a choice (Yes, No; No is right). */
const tour = builtInTour('multipsi');
const CHOICE_STEP = 2;

export function flowTests(open: () => Promise<Database>): void {
  let server: Running;
  beforeAll(async () => {
    server = await serve(await open());
  });
  afterAll(() => server?.close());

  test('a class runs from start to CSV and deletion', async () => {
    const { code, key } = await server.start(tour);
    expect(code).toMatch(/^[2-9A-Z]{6}$/);
    const lecturer = await server.hello(code, key);
    const ada = await server.join(code, 'Ada');
    const bob = await server.join(code, 'Bob');
    const adaSocket = await server.hello(code, ada);

    // Ada answers over the socket, Bob over HTTP; the lecturer's socket gets both, by name.
    adaSocket.send({ type: 'answer', id: 1, step: 0, prediction: { typed: '120' } });
    expect(await adaSocket.reply(1)).toEqual({ type: 'done', id: 1 });
    const posted = await server.request('POST', `/${code}/answer`, {
      key: bob,
      body: { step: 0, prediction: { typed: '1,000' } },
    });
    expect(posted.status).toBe(204);
    const seen = await lecturer.lecturerView((v) => v.answers.length === 2);
    expect(seen.students.map((s) => s.pseudonym)).toEqual(['Ada', 'Bob']);
    expect(seen.answers.map((a) => [a.step, a.value])).toEqual([
      [0, 120],
      [0, 1000],
    ]);

    // The reveal reaches Ada's socket: both values, no names.
    const control = (body: unknown) =>
      server.request('POST', `/${code}/control`, { key, body }).then((r) => r.status);
    expect(await control({ action: 'reveal', step: 0, truth: truthFor(tour, 0, 110) })).toBe(204);
    const revealed = await adaSocket.studentView((v) => 0 in v.revealed);
    expect(revealed.revealed[0]).toEqual({
      truth: truthFor(tour, 0, 110),
      values: [120, 1000],
      choices: [],
    });
    expect(revealed.mine).toEqual({ 0: { typed: '120' } });

    expect(await control({ action: 'step', step: CHOICE_STEP })).toBe(204);
    expect((await adaSocket.studentView((v) => v.step === CHOICE_STEP)).step).toBe(CHOICE_STEP);
    for (const [student, choice] of [
      [ada, 1],
      [bob, 0],
    ] as const) {
      const reply = await server.request('POST', `/${code}/answer`, {
        key: student,
        body: { step: CHOICE_STEP, prediction: { choice } },
      });
      expect(reply.status).toBe(204);
    }
    const truth = truthFor(tour, CHOICE_STEP);
    expect(await control({ action: 'reveal', step: CHOICE_STEP, truth })).toBe(204);
    const both = await adaSocket.studentView((v) => CHOICE_STEP in v.revealed);
    expect(both.revealed[CHOICE_STEP]).toEqual({ truth, values: [], choices: [1, 1] });

    const csv = await server.request('GET', `/${code}/answers.csv`, { key });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="archex-class-${code}.csv"`,
    );
    const rows = parseCsv(csv.text);
    expect(rows[0]).toEqual(['step', 'question', 'pseudonym', 'answer', 'right', 'time']);
    const prompt = (step: number) => tour.steps[step]!.question!.prompt;
    // 120 is within 20 % of 110, 1,000 is not; Ada chose No (right), Bob Yes.
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['1', prompt(0), 'Ada', '120', 'right'],
      ['1', prompt(0), 'Bob', '1,000', 'wrong'],
      ['3', prompt(CHOICE_STEP), 'Ada', 'No', 'right'],
      ['3', prompt(CHOICE_STEP), 'Bob', 'Yes', 'wrong'],
    ]);
    for (const row of rows.slice(1))
      expect(new Date(row[5]!).toISOString(), 'time is an ISO instant').toBe(row[5]);

    // Deleted: the lecturer's key opens nothing, the code joins nothing, the sockets are let go.
    expect((await server.request('DELETE', `/${code}`, { key })).status).toBe(204);
    const gone = await lecturer.next('refused', (m) => m.id === null);
    expect(gone).toMatchObject({ status: 404, error: 'This class was deleted.' });
    expect((await lecturer.closed).code).toBe(4404);
    expect((await adaSocket.closed).code).toBe(4404);
    expect((await server.request('GET', `/${code}`, { key })).status).toBe(403);
    const join = await server.request('POST', '/join', { body: { code, pseudonym: 'Cy' } });
    expect([join.status, join.json]).toEqual([404, { error: NO_CLASS }]);
  });

  test('an answer is counted once: a resend after a dropped socket, a second post', async () => {
    const { code, key } = await server.start(tour);
    const lecturer = await server.hello(code, key);
    const ada = await server.join(code, 'Ada');
    const first = await server.hello(code, ada);
    first.send({ type: 'answer', id: 1, step: 0, prediction: { typed: '42' } });
    expect(await first.reply(1)).toEqual({ type: 'done', id: 1 });
    // The connection drops before the page saw "done": it sends again on a new socket.
    first.ws.terminate();
    const again = await server.hello(code, ada);
    again.send({ type: 'answer', id: 1, step: 0, prediction: { typed: '42' } });
    expect(await again.reply(1)).toEqual({ type: 'done', id: 1 });
    const posted = await server.request('POST', `/${code}/answer`, {
      key: ada,
      body: { step: 0, prediction: { typed: '43' } },
    });
    expect(posted.status).toBe(204);

    const view = (await server.request('GET', `/${code}`, { key })).json as LecturerView;
    expect(view.answers.map((a) => a.prediction)).toEqual([{ typed: '42' }]);
    const mine = (await server.request('GET', `/${code}`, { key: ada })).json as StudentView;
    expect(mine.mine).toEqual({ 0: { typed: '42' } });
    expect((await lecturer.lecturerView((v) => v.answers.length > 0)).answers).toHaveLength(1);
  });

  test('an answer is refused, in words, when it cannot count', async () => {
    const { code, key } = await server.start(tour);
    const ada = await server.join(code, 'Ada');
    const answer = async (step: number, prediction: unknown) => {
      const reply = await server.request('POST', `/${code}/answer`, {
        key: ada,
        body: { step, prediction },
      });
      return [reply.status, reply.json];
    };
    const control = (body: unknown) => server.request('POST', `/${code}/control`, { key, body });
    const choices = tour.steps[CHOICE_STEP]!.question!;
    const count = choices.kind === 'choice' ? choices.choices.length : 0;

    // A step the lecturer has not reached is not open, until students move freely.
    expect(await answer(1, { typed: '3' })).toEqual([
      409,
      { error: 'step 2 is not open yet: wait for your lecturer.' },
    ]);
    expect((await control({ action: 'free', free: true })).status).toBe(204);

    expect(await answer(0, { choice: 0 })).toEqual([
      400,
      { error: 'step 1 asks for a number, not a choice' },
    ]);
    expect(await answer(CHOICE_STEP, { typed: '3' })).toEqual([
      400,
      { error: 'step 3 asks for a choice, not a number' },
    ]);
    expect(await answer(CHOICE_STEP, { choice: count })).toEqual([
      400,
      { error: `choice must be from 0 to ${count - 1} (${count} choices)` },
    ]);
    expect(await answer(tour.steps.length, { typed: '3' })).toEqual([
      400,
      { error: `step ${tour.steps.length + 1} of this lesson asks no question` },
    ]);
    const [status, body] = await answer(0, { typed: '' });
    expect([status, (body as { error: string }).error]).toEqual([
      400,
      expect.stringMatching(/^prediction/),
    ]);

    expect((await control({ action: 'reveal', step: 0, truth: truthFor(tour, 0) })).status).toBe(
      204,
    );
    expect(await answer(0, { typed: '3' })).toEqual([409, { error: 'step 1 is already revealed' }]);

    expect((await control({ action: 'pause', paused: true })).status).toBe(204);
    expect(await answer(1, { typed: '3' })).toEqual([
      409,
      { error: 'The class is paused: wait for your lecturer.' },
    ]);
    expect((await control({ action: 'pause', paused: false })).status).toBe(204);
    expect(await answer(1, { typed: '3' })).toEqual([204, null]);

    expect((await control({ action: 'end' })).status).toBe(204);
    expect(await answer(3, { typed: '3' })).toEqual([409, { error: 'The class has ended.' }]);
    const view = (await server.request('GET', `/${code}`, { key: ada })).json as StudentView;
    expect(view.mine).toEqual({ 1: { typed: '3' } });
  });

  test('a lecturer’s control is refused, in words, when it cannot apply', async () => {
    const deadlock = builtInTour('deadlock');
    const { code, key } = await server.start(deadlock);
    const control = async (body: unknown) => {
      const reply = await server.request('POST', `/${code}/control`, { key, body });
      return [reply.status, reply.json];
    };
    const steps = deadlock.steps.length;
    expect(await control({ action: 'step', step: steps })).toEqual([
      400,
      { error: `step must be from 1 to ${steps} (this lesson has ${steps})` },
    ]);
    // deadlock's step 2 asks nothing; step 4 asks for a choice.
    expect(await control({ action: 'reveal', step: 1, truth: { right: 0 } })).toEqual([
      400,
      { error: 'step 2 of this lesson asks no question' },
    ]);
    expect(await control({ action: 'reveal', step: 3, truth: truthFor(deadlock, 0) })).toEqual([
      400,
      { error: 'the answer to step 4 is a choice' },
    ]);
    expect(await control({ action: 'pause' })).toEqual([
      400,
      { error: 'paused: Invalid input: expected boolean, received undefined' },
    ]);
    expect(await control({ action: 'end' })).toEqual([204, null]);
    expect(await control({ action: 'step', step: 1 })).toEqual([
      409,
      { error: 'The class has ended.' },
    ]);
  });

  test('a pseudonym or an answer with markup stays text, and no CSV cell is a formula', async () => {
    const { code, key } = await server.start(tour);
    // [pseudonym, typed answer]: markup, formulas, and negative numbers that must stay numbers.
    const students = [
      ['<script>alert(1)</script>', '=HYPERLINK("http://x.example","1")'],
      ['+SUM(1)', '-5'],
      ['@cmd', '-1.5e3'],
      ['-2+3+cmd|/C calc', '-2+3+cmd|/C calc'],
    ];
    for (const [name, typed] of students) {
      const student = await server.join(code, name!);
      const reply = await server.request('POST', `/${code}/answer`, {
        key: student,
        body: { step: 0, prediction: { typed } },
      });
      expect(reply.status).toBe(204);
    }

    const view = (await server.request('GET', `/${code}`, { key })).json as LecturerView;
    expect(view.students.map((s) => s.pseudonym)).toEqual(students.map(([name]) => name));
    expect(view.answers.map((a) => a.prediction)).toEqual(students.map(([, typed]) => ({ typed })));

    const rows = parseCsv((await server.request('GET', `/${code}/answers.csv`, { key })).text);
    expect(rows.slice(1).map((r) => r.slice(2, 4))).toEqual([
      ['<script>alert(1)</script>', `'=HYPERLINK("http://x.example","1")`],
      ["'+SUM(1)", '-5'],
      ["'@cmd", '-1.5e3'],
      ["'-2+3+cmd|/C calc", "'-2+3+cmd|/C calc"],
    ]);
    for (const cell of rows.flat()) expect(cell).not.toMatch(/^[=+@\t\r]|^-(?!\d[\d.,]*(e\d+)?$)/i);
  });

  describe('retention', () => {
    const days = (query: string) => `now() - interval '${query}'`;
    async function aged(set: string): Promise<number> {
      const { code } = await server.start(tour);
      const student = await server.join(code, 'Ada');
      await server.request('POST', `/${code}/answer`, {
        key: student,
        body: { step: 0, prediction: { typed: '1' } },
      });
      const db = server.server!.db;
      const [row] = await db.query<{ id: number }>(
        `UPDATE classes SET ${set} WHERE code = $1 RETURNING id`,
        [code],
      );
      return row!.id;
    }
    const count = async (table: string, id: number, column = 'class_id') =>
      (
        await server.server!.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
          [id],
        )
      )[0]!.n;

    test('purge() deletes a class 30 days after its end, keeps a younger one, ends a silent one', async () => {
      const old = await aged(`ended_at = ${days('31 days')}`);
      const young = await aged(`ended_at = ${days('29 days')}`);
      const silent = await aged(`active_at = ${days('25 hours')}`);
      const busy = await aged(`active_at = ${days('23 hours')}`);
      expect([await count('students', old), await count('answers', old)]).toEqual([1, 1]);

      expect(await server.server!.classes.purge()).toEqual({ deleted: 1, ended: 1 });
      expect([
        await count('classes', old, 'id'),
        await count('students', old),
        await count('answers', old),
      ]).toEqual([0, 0, 0]);
      expect([await count('classes', young, 'id'), await count('answers', young)]).toEqual([1, 1]);
      const ended = await server.server!.db.query<{ id: number; ended: boolean }>(
        'SELECT id, ended_at IS NOT NULL AS ended FROM classes WHERE id = ANY($1::int[]) ORDER BY id',
        [[silent, busy]],
      );
      expect(ended).toEqual([
        { id: silent, ended: true },
        { id: busy, ended: false },
      ]);
    });
  });
}
