// Killing the server mid-class loses nothing: the production process (the site and the class API)
// on the embedded database in a directory is killed (SIGKILL, no chance to tidy up) and started again on the same directory and
// port; the class, its step and every answer are there, and a student's socket comes back by
// itself.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, expect, test } from 'vitest';
import { WebSocket } from 'ws';

import type { LecturerView, ServerMessage, StudentView } from '../app/classroom/protocol';
import { SOCKET_PATH } from '../app/classroom/protocol';
import { freePort } from './db/postgres_fixture';
import { builtInTour, truthFor } from './test_harness';
import type { ServerProcess } from './test_process';
import { startServerProcess } from './test_process';
import { CSP } from './site_headers';

/**
 * A student's socket that says hello again whenever it is reopened, reopening after a close with a
 * growing wait (0.1 s, doubling, at most 1 s), as the page's class client does.
 */
class ReconnectingStudent {
  /** Each view with the number of the connection it came on (1 for the first). */
  readonly views: { connection: number; view: StudentView }[] = [];
  private connections = 0;
  private wait = 100;
  private stopped = false;
  private ws: WebSocket | null = null;
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly url: string,
    private readonly code: string,
    private readonly key: string,
  ) {
    this.open();
  }

  private open() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.on('open', () => {
      this.connections++;
      this.wait = 100;
      ws.send(JSON.stringify({ type: 'hello', code: this.code, key: this.key }));
    });
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      if (message.type !== 'view') return;
      this.views.push({ connection: this.connections, view: message.view as StudentView });
      for (const wake of this.waiting) wake();
    });
    // A refused connection (the server not back yet) ends in close too.
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.stopped) return;
      setTimeout(() => this.open(), this.wait);
      this.wait = Math.min(this.wait * 2, 1000);
    });
  }

  /** The first view kept for which `matches` holds, when it comes. */
  async view(
    matches: (entry: { connection: number; view: StudentView }) => boolean,
  ): Promise<{ connection: number; view: StudentView }> {
    for (;;) {
      const found = this.views.find(matches);
      if (found) return found;
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(wake);
          resolve();
        };
        this.waiting.add(wake);
      });
    }
  }

  close() {
    this.stopped = true;
    this.ws?.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'archex-classes-'));
// A stand-in for the built explorer, so the production command serves a site without a build.
const dist = join(dir, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>archex</title>\n');
copyFileSync(join(import.meta.dirname, '..', 'public', '_headers'), join(dist, '_headers'));
const processes: ServerProcess[] = [];
let client: ReconnectingStudent | undefined;
afterAll(async () => {
  client?.close();
  await Promise.all(processes.map((p) => p.running.close()));
  rmSync(dir, { recursive: true, force: true });
});

test('a class survives its server killed and started again, and a socket reconnects by itself', async () => {
  const port = await freePort();
  const start = async () => {
    const started = await startServerProcess({ ARCHEX_CLASS_DATA: join(dir, 'classes') }, port, [
      '--dist',
      dist,
    ]);
    processes.push(started);
    return started;
  };
  const first = await start();
  const server = first.running;
  // The site goes out with its policy and the headers its static hosts give it; the API uncached.
  const page = await fetch(`${server.url}/`);
  expect([page.status, await page.text()]).toEqual([200, '<!doctype html><title>archex</title>\n']);
  expect(page.headers.get('content-security-policy')).toBe(CSP);
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('access-control-allow-origin')).toBe('*');
  const health = await server.request('GET', '/health');
  expect(health.headers.get('cache-control')).toBe('no-store');

  const tour = builtInTour('multipsi');
  const { code, key } = await server.start(tour);
  const [ada, bob, cy] = [
    await server.join(code, 'Ada'),
    await server.join(code, 'Bob'),
    await server.join(code, 'Cy'),
  ];
  const answer = async (student: string, step: number, typed: string) =>
    (
      await server.request('POST', `/${code}/answer`, {
        key: student,
        body: { step, prediction: { typed } },
      })
    ).status;
  const control = async (body: unknown) =>
    (await server.request('POST', `/${code}/control`, { key, body })).status;
  expect([
    await answer(ada, 0, '5'),
    await answer(bob, 0, '50'),
    await answer(cy, 0, '500'),
  ]).toEqual([204, 204, 204]);
  expect(await control({ action: 'reveal', step: 0, truth: truthFor(tour, 0, 50) })).toBe(204);
  expect(await control({ action: 'step', step: 1 })).toBe(204);
  expect(await answer(ada, 1, '7')).toBe(204);
  const before = (await server.request('GET', `/${code}`, { key })).json as LecturerView;

  client = new ReconnectingStudent(`${server.url.replace('http', 'ws')}${SOCKET_PATH}`, code, ada);
  expect((await client.view((v) => v.connection === 1)).view.step).toBe(1);

  first.child.kill('SIGKILL');
  expect(await first.exited).toBeNull();
  const second = await start();
  expect(second.running.url).toBe(server.url);

  const after = (await second.running.request('GET', `/${code}`, { key })).json as LecturerView;
  expect(after).toEqual(before);
  expect(after.step).toBe(1);
  expect(after.students.map((s) => s.pseudonym)).toEqual(['Ada', 'Bob', 'Cy']);
  expect(after.answers.map((a) => [a.step, a.prediction])).toEqual([
    [0, { typed: '5' }],
    [0, { typed: '50' }],
    [0, { typed: '500' }],
    [1, { typed: '7' }],
  ]);
  expect(after.revealed[0]!.values).toEqual([5, 50, 500]);

  // The student's socket came back on its own and holds the class as it was.
  const back = await client.view((v) => v.connection > 1);
  expect(back.view).toMatchObject({ step: 1, mine: { 0: { typed: '5' }, 1: { typed: '7' } } });
  expect(back.view.revealed[0]!.values).toEqual([5, 50, 500]);
});
