// The class API over HTTP: start a class, join one, read one's view, answer, pace and reveal,
// download the answers, delete. Every body is checked by the protocol's schemas; every lecturer
// action needs the lecturer's key (Authorization: Bearer), and is refused (403) to anyone else.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getConnInfo } from '@hono/node-server/conninfo';
import { z } from 'zod';

import type { Health } from '../app/classroom/protocol';
import {
  AnswerRequest,
  API,
  Code,
  Control,
  JoinRequest,
  MAX_MESSAGE_BYTES,
  MAX_TOUR_BYTES,
  NO_CLASS,
} from '../app/classroom/protocol';
import { TourSchema } from '../app/tours/schema';
import { answersCsv } from './answers_csv';
import type { Classes } from './classes';
import { ONLY_LECTURER, Refused } from './classes';
import type { Hub } from './live';
import type { Guards } from './guards';

export interface ApiOptions {
  classes: Classes;
  hub: Hub;
  guards: Guards;
  database: Health['database'];
  /** The server's addresses on the room's networks, once it listens. */
  lan: () => string[];
}

/** A class's start: the lesson it runs, checked as every tour is. */
const TourBody = z.object({ tour: TourSchema }).strict();

/** A request's key: `Authorization: Bearer <key>`; null without one. */
function bearer(c: Context): string | null {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]{1,100})$/.exec(header);
  return match ? match[1]! : null;
}

/** A schema's first problem in words, with its field. */
function problem(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new Refused(400, 'the request needs a JSON body');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new Refused(400, problem(parsed.error));
  return parsed.data;
}

function codeOf(c: Context): string {
  const parsed = Code.safeParse(c.req.param('code'));
  // A malformed code answers as a wrong one: nothing tells codes apart but a running class.
  if (!parsed.success) throw new Refused(403, ONLY_LECTURER);
  return parsed.data;
}

const tooLarge = (limit: number) =>
  bodyLimit({
    maxSize: limit,
    onError: (c) => c.json({ error: `the request is over ${limit} bytes` }, 413),
  });

export function classApi({ classes, hub, guards, database, lan }: ApiOptions): Hono {
  const api = new Hono();
  const address = (c: Context) => guards.address(c.env?.incoming, getConnInfo(c).remote.address);

  api.onError((error, c) => {
    if (error instanceof Refused) return c.json({ error: error.message }, error.status);
    console.error('class API:', error);
    return c.json({ error: 'the class server failed; try again' }, 500);
  });

  // A page of another origin may not act in a class: its requests are refused before anything.
  api.use('*', async (c, next) => {
    if (!guards.sameOrigin(c.req.header('origin'), c.req.header('host')))
      throw new Refused(403, 'requests from another site are refused');
    await next();
  });

  api.get('/health', (c) => c.json({ ok: true, database, lan: lan() } satisfies Health));

  api.post('/', tooLarge(MAX_TOUR_BYTES), async (c) => {
    if (!guards.starts.take(address(c)))
      throw new Refused(429, 'Too many classes started from this address: wait an hour.');
    const { tour } = await body(c, TourBody);
    return c.json(await classes.start(tour), 201);
  });

  api.post('/join', tooLarge(MAX_MESSAGE_BYTES), async (c) => {
    const from = address(c);
    if (guards.wrongCodes.over(from) || !guards.joins.take(from))
      throw new Refused(429, 'Too many tries from this address: wait a few minutes.');
    const { code, pseudonym } = await body(c, JoinRequest);
    const joined = await classes.join(code, pseudonym);
    if (!joined) {
      guards.wrongCodes.take(from);
      throw new Refused(404, NO_CLASS);
    }
    return c.json(joined, 201);
  });

  api.get('/:code', async (c) => {
    const key = bearer(c);
    const who = key ? await classes.who(codeOf(c), key) : null;
    if (!who) throw new Refused(403, 'This key is not of this class.');
    return c.json(await hub.view(who));
  });

  api.post('/:code/answer', tooLarge(MAX_MESSAGE_BYTES), async (c) => {
    const key = bearer(c);
    const who = key ? await classes.who(codeOf(c), key) : null;
    if (who?.role !== 'student') throw new Refused(403, 'Only a student of this class answers.');
    await classes.answer(who, await body(c, AnswerRequest));
    return c.body(null, 204);
  });

  api.post('/:code/control', tooLarge(MAX_MESSAGE_BYTES), async (c) => {
    const classId = await classes.lecturer(codeOf(c), bearer(c));
    await classes.control(classId, await body(c, Control));
    return c.body(null, 204);
  });

  api.get('/:code/answers.csv', async (c) => {
    const view = await classes.lecturerView(await classes.lecturer(codeOf(c), bearer(c)));
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="archex-class-${view.code}.csv"`);
    return c.body(answersCsv(view));
  });

  api.delete('/:code', async (c) => {
    const classId = await classes.lecturer(codeOf(c), bearer(c));
    await classes.remove(classId);
    return c.body(null, 204);
  });

  const root = new Hono();
  // The API's answers are never cached: a view is the class as it is now.
  root.use(`${API}/*`, async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });
  root.route(API, api);
  return root;
}
