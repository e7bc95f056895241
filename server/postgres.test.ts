// The class server on PostgreSQL: the same flow as on the embedded database, and one class served
// by two server processes, the lecturer on one and the students on the other, kept in step only
// by the database's LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import type { Control } from '../app/classroom/protocol';
import { server as postgresServer } from './db/database';
import { migrate, migrations } from './db/migrate';
import type { Postgres } from './db/postgres_fixture';
import { startPostgres, withDatabase } from './db/postgres_fixture';
import { flowTests } from './flow_suite';
import type { Running, Socket } from './test_harness';
import { builtInTour, truthFor } from './test_harness';
import type { ServerProcess } from './test_process';
import { startServerProcess } from './test_process';

let pg: Postgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(() => pg?.stop());

describe('a class on PostgreSQL', () => {
  flowTests(() => postgresServer(pg.url));
});

test('servers starting together on a new database migrate it once, none failing', async () => {
  const name = `archex_migrate_${process.pid}`;
  const admin = await postgresServer(pg.url);
  await admin.exec(`CREATE DATABASE ${name}`);
  try {
    const url = withDatabase(pg.url, name);
    const servers = await Promise.all([1, 2, 3, 4].map(() => postgresServer(url)));
    const applied = await Promise.all(servers.map((db) => migrate(db)));
    await Promise.all(servers.map((db) => db.close()));
    expect(applied.sort()).toEqual([0, 0, 0, migrations().length]);
  } finally {
    await admin.exec(`DROP DATABASE ${name}`);
    await admin.close();
  }
});

const COURSE = 'https://course.example';

describe('two server processes on one PostgreSQL', () => {
  const processes: ServerProcess[] = [];
  afterAll(() => Promise.all(processes.map((p) => p.running.close())));

  test('the lecturer on one, three students on the other: every change reaches the other side', async () => {
    // Started together, as behind one address: both migrate the same database at once.
    processes.push(
      ...(await Promise.all([
        startServerProcess({ DATABASE_URL: pg.url }),
        startServerProcess({
          DATABASE_URL: pg.url,
          ARCHEX_ORIGINS: `${COURSE}, https://b.example`,
        }),
      ])),
    );
    const [a, b] = processes.map((p) => p.running) as [Running, Running];
    for (const running of [a, b])
      // On loopback alone, the server knows no address on a room's network to give.
      expect((await running.request('GET', '/health')).json).toEqual({
        ok: true,
        database: 'postgresql',
        lan: [],
      });

    // ARCHEX_ORIGINS lets a course site's pages in on B, and only there.
    const from = (origin: string) => ({ headers: { origin } });
    expect((await b.request('GET', '/health', from(COURSE))).status).toBe(200);
    expect((await a.request('GET', '/health', from(COURSE))).status).toBe(403);
    expect((await b.request('GET', '/health', from('https://evil.example'))).status).toBe(403);

    const tour = builtInTour('multipsi');
    const { code, key } = await a.start(tour);
    const lecturer = await a.hello(code, key);
    const keys = [await b.join(code, 'Ada'), await b.join(code, 'Bob'), await b.join(code, 'Cy')];
    const students: Socket[] = [];
    for (const student of keys) students.push(await b.hello(code, student));
    await lecturer.lecturerView((v) => v.students.length === 3);

    // Ada and Bob answer over their sockets on B, Cy by HTTP on B.
    for (const [i, socket] of students.slice(0, 2).entries()) {
      socket.send({ type: 'answer', id: 1, step: 0, prediction: { typed: String(10 * (i + 1)) } });
      expect(await socket.reply(1)).toEqual({ type: 'done', id: 1 });
    }
    const posted = await b.request('POST', `/${code}/answer`, {
      ...from(COURSE),
      key: keys[2],
      body: { step: 0, prediction: { typed: '30' } },
    });
    expect(posted.status).toBe(204);

    const seen = await lecturer.lecturerView((v) => v.answers.length === 3);
    const byId = new Map(seen.students.map((s) => [s.id, s.pseudonym]));
    expect(seen.answers.map((answer) => [byId.get(answer.student), answer.value])).toEqual([
      ['Ada', 10],
      ['Bob', 20],
      ['Cy', 30],
    ]);

    const send = async (id: number, control: Control) => {
      lecturer.send({ type: 'control', id, control });
      expect(await lecturer.reply(id)).toEqual({ type: 'done', id });
    };
    await send(2, { action: 'reveal', step: 0, truth: truthFor(tour, 0, 20) });
    for (const socket of students) {
      const view = await socket.studentView((v) => 0 in v.revealed);
      expect(view.revealed[0]!.values).toEqual([10, 20, 30]);
    }
    await send(3, { action: 'step', step: 2 });
    for (const socket of students)
      expect((await socket.studentView((v) => v.step === 2)).step).toBe(2);
  });
});
