// Only the lecturer's key reveals, paces, ends, downloads or deletes, over HTTP and over the socket;
// a student sees their own answers and, after a reveal, the class's without names.
import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { Control, LecturerView, StudentView } from '../app/classroom/protocol';
import { API, Control as ControlSchema } from '../app/classroom/protocol';
import { ONLY_LECTURER } from './classes';
import { embedded } from './db/database';
import { Guards } from './guards';
import { classApi } from './http';
import type { Running } from './test_harness';
import { builtInTour, serve, truthFor } from './test_harness';

const tour = builtInTour('multipsi');

interface LecturerAction {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** The route as the API declares it, under API. */
  route: string;
  /** The socket's message for it, when the socket offers it. */
  control?: Control;
  /** What a student's key gets: a refusal, or (reading the class) their own view only. */
  student: [number, unknown];
}

const REFUSED: [number, unknown] = [403, { error: ONLY_LECTURER }];

const controls: Control[] = [
  { action: 'reveal', step: 0, truth: truthFor(tour, 0) },
  { action: 'step', step: 1 },
  { action: 'free', free: true },
  { action: 'pause', paused: true },
  { action: 'end' },
];

/** Every lecturer action: a new route or control must be added here, or the first test fails. */
const ACTIONS: LecturerAction[] = [
  ...controls.map((control): LecturerAction => ({
    name: control.action,
    method: 'POST',
    route: '/:code/control',
    control,
    student: REFUSED,
  })),
  { name: 'download CSV', method: 'GET', route: '/:code/answers.csv', student: REFUSED },
  { name: 'delete', method: 'DELETE', route: '/:code', student: REFUSED },
  {
    name: 'read the lecturer view',
    method: 'GET',
    route: '/:code',
    student: [200, expect.objectContaining({ role: 'student', pseudonym: 'Ada' })],
  },
];

/** Routes anyone may call, and the one a student's key opens. */
const OPEN = ['GET /health', 'POST ', 'POST /join'];
const STUDENT = ['POST /:code/answer'];

let server: Running;
beforeAll(async () => {
  server = await serve(await embedded(null));
});
afterAll(() => server?.close());

/** A class with one student who answered step 1, and another class's lecturer. */
async function classroom() {
  const { code, key } = await server.start(tour);
  const student = await server.join(code, 'Ada');
  const answered = await server.request('POST', `/${code}/answer`, {
    key: student,
    body: { step: 0, prediction: { typed: '7' } },
  });
  expect(answered.status).toBe(204);
  const other = await server.start(tour);
  return { code, key, student, otherLecturer: other.key };
}

const request = (action: LecturerAction, code: string, key: string | null) =>
  server.request(action.method, action.route.replace(':code', code), {
    key,
    body: action.control,
  });

/** The class as its lecturer reads it: nothing a refused action would have changed. */
async function untouched(code: string, key: string) {
  const reply = await server.request('GET', `/${code}`, { key });
  expect(reply.status).toBe(200);
  const view = reply.json as LecturerView;
  expect(view).toMatchObject({ step: 0, free: false, paused: false, ended: false, revealed: {} });
  expect(view.answers).toHaveLength(1);
}

test('the table names every route and control a lecturer has', () => {
  const { classes, hub } = server.server!;
  const api = classApi({
    classes,
    hub,
    guards: new Guards(),
    database: 'embedded',
    lan: () => [],
  });
  const routes = new Set(
    api.routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => `${r.method} ${r.path.slice(API.length)}`),
  );
  const listed = new Set([...OPEN, ...STUDENT, ...ACTIONS.map((a) => `${a.method} ${a.route}`)]);
  expect([...routes].sort()).toEqual([...listed].sort());
  const actions = ControlSchema.options.map((o) => o.shape.action.value);
  expect(controls.map((c) => c.action).sort()).toEqual([...actions].sort());
});

describe.each(ACTIONS)('$name', (action) => {
  test('over HTTP: refused (403) with no key, a wrong one, a student’s or another class’s lecturer’s', async () => {
    const { code, key, student, otherLecturer } = await classroom();
    const wrongKey = randomBytes(32).toString('base64url');
    for (const [who, credential] of [
      ['no key', null],
      ['a wrong key', wrongKey],
      ['another class’s lecturer', otherLecturer],
    ] as const) {
      const reply = await request(action, code, credential);
      expect(reply.status, who).toBe(403);
      expect(reply.json, who).toEqual({ error: expect.any(String) });
    }
    const asStudent = await request(action, code, student);
    expect([asStudent.status, asStudent.json]).toEqual(action.student);
    expect(asStudent.json).not.toHaveProperty('students');
    expect(asStudent.json).not.toHaveProperty('answers');
    await untouched(code, key);
    // The lecturer's own key does it: the refusals above were not of a broken request.
    expect((await request(action, code, key)).status).toBe(action.method === 'GET' ? 200 : 204);
  });

  test('over the socket: refused (403) to a student and to a socket that said no hello', async () => {
    const { code, key, student, otherLecturer } = await classroom();
    const studentSocket = await server.hello(code, student);
    expect(studentSocket.log[0]).toMatchObject({ type: 'view', view: { role: 'student' } });
    expect(studentSocket.log[0]).not.toHaveProperty('view.answers');
    const anonymous = await server.socket();
    const stranger = await server.socket();
    stranger.send({ type: 'hello', code, key: otherLecturer });
    expect(await stranger.reply(null)).toMatchObject({
      status: 403,
      error: 'This key is not of this class.',
    });
    if (!action.control) return;
    studentSocket.send({ type: 'control', id: 1, control: action.control });
    expect(await studentSocket.reply(1)).toEqual({
      type: 'refused',
      id: 1,
      status: 403,
      error: ONLY_LECTURER,
    });
    for (const socket of [anonymous, stranger]) {
      socket.send({ type: 'control', id: 2, control: action.control });
      expect(await socket.reply(2)).toEqual({
        type: 'refused',
        id: 2,
        status: 403,
        error: 'say who you are (hello) first',
      });
      // Messages come in order: no view reached a socket that never said who it is.
      expect(socket.log.filter((m) => m.type === 'view')).toEqual([]);
    }
    await untouched(code, key);
    const lecturer = await server.hello(code, key);
    lecturer.send({ type: 'control', id: 3, control: action.control });
    expect(await lecturer.reply(3)).toEqual({ type: 'done', id: 3 });
    for (const socket of [studentSocket, anonymous, stranger, lecturer]) socket.close();
  });
});

describe('what a student sees', () => {
  test('their own answer only, until the reveal; then the values, without names', async () => {
    const { code, key } = await server.start(tour);
    const lecturer = await server.hello(code, key);
    const ada = await server.join(code, 'Ada');
    const bob = await server.join(code, 'Bob Secret');
    const adaSocket = await server.hello(code, ada);
    adaSocket.send({ type: 'answer', id: 1, step: 0, prediction: { typed: '11' } });
    expect(await adaSocket.reply(1)).toEqual({ type: 'done', id: 1 });
    await server.request('POST', `/${code}/answer`, {
      key: bob,
      body: { step: 0, prediction: { typed: '987654' } },
    });
    await lecturer.lecturerView((v) => v.answers.length === 2);

    const before = (await server.request('GET', `/${code}`, { key: ada })).json as StudentView;
    expect(before.mine).toEqual({ 0: { typed: '11' } });
    expect(before.revealed).toEqual({});
    expect(Object.keys(before).sort()).toEqual([
      'code',
      'ended',
      'free',
      'mine',
      'paused',
      'pseudonym',
      'revealed',
      'role',
      'step',
      'tour',
    ]);

    const reveal = { action: 'reveal', step: 0, truth: truthFor(tour, 0) };
    expect((await server.request('POST', `/${code}/control`, { key, body: reveal })).status).toBe(
      204,
    );
    const after = await adaSocket.studentView((v) => 0 in v.revealed);
    expect(after.revealed[0]!.values).toEqual([11, 987654]);
    // Nothing Ada's socket ever got names Bob, nor carries his answer before the reveal.
    const got = adaSocket.log.map((m) => JSON.stringify(m));
    expect(got.filter((m) => m.includes('Bob Secret'))).toEqual([]);
    const firstWithBob = got.findIndex((m) => m.includes('987654'));
    expect(JSON.parse(got[firstWithBob]!)).toMatchObject({ view: { revealed: { 0: {} } } });
  });

  test('a student answers only in their own class, and a lecturer does not answer', async () => {
    const { code, key } = await server.start(tour);
    const other = await server.start(tour);
    const stranger = await server.join(other.code, 'Eve');
    for (const credential of [stranger, key, null]) {
      const reply = await server.request('POST', `/${code}/answer`, {
        key: credential,
        body: { step: 0, prediction: { typed: '1' } },
      });
      expect([reply.status, reply.json]).toEqual([
        403,
        { error: 'Only a student of this class answers.' },
      ]);
    }
  });
});
