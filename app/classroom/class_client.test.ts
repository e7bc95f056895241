// The page's class client against a real class server in this process (an in-memory database):
// views arrive, answers are confirmed or refused in words, and a dropped server is reconnected by
// itself, with an answer sent while it was away kept and counted once.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket as NodeSocket } from 'ws';

import transputers from '../../presets/tours/transputers.json' with { type: 'json' };
import type { ClassServer } from '../../server/class_server';
import { classServer } from '../../server/class_server';
import { embedded } from '../../server/db/database';
import type { Tour } from '../tours/schema';
import type { Connection } from './class_client';
import { ClassClient, retryDelay } from './class_client';
import type { ClassView, LecturerView, StudentView } from './protocol';

let server: ClassServer;
let http = createServer();
let port = 0;
/** Every connection the server holds, sockets included, to cut as a dying server would. */
const connections = new Set<Socket>();

function listen(on: number): Promise<number> {
  http = createServer((req, res) => {
    if (!server.handle(req, res)) res.writeHead(404).end();
  });
  http.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  http.on('upgrade', (req, socket, head) => {
    if (!server.upgrade(req, socket, head)) socket.destroy();
  });
  return new Promise((resolve) =>
    http.listen(on, '127.0.0.1', () => resolve((http.address() as AddressInfo).port)),
  );
}

/** Every connection cut at once, as a server that died would. */
function drop(): Promise<void> {
  const closed = new Promise<void>((resolve) => http.close(() => resolve()));
  for (const socket of connections) socket.destroy();
  return closed;
}

beforeAll(async () => {
  server = await classServer(await embedded(null));
  port = await listen(0);
});
afterAll(async () => {
  await drop();
  await server.close();
});

/** A client that keeps every view and connection state, with a way to wait for one. */
function connect(code: string, key: string) {
  const views: ClassView[] = [];
  const states: Connection[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const client = new ClassClient({
    code,
    key,
    url: `ws://127.0.0.1:${port}/api/class/socket`,
    WebSocket: NodeSocket as unknown as typeof WebSocket,
    onView: (v) => {
      views.push(v);
      wake();
    },
    onConnection: (s) => {
      states.push(s);
      wake();
    },
  });
  const until = async (test: () => boolean) => {
    while (!test()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { client, views, states, until };
}

async function post<T>(path: string, body: unknown, key?: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${port}/api/class${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T;
}

describe('ClassClient', () => {
  it('waits longer after each failure, up to ten seconds', () => {
    expect(retryDelay(0, () => 0.5)).toBe(500);
    expect(retryDelay(3, () => 0.5)).toBe(4000);
    expect(retryDelay(30, () => 1)).toBe(12_500);
    expect(retryDelay(30, () => 0)).toBe(7500);
  });

  it('gets views, answers once, and reconnects by itself when the server comes back', async () => {
    const tour = { ...(transputers as Tour), steps: (transputers as Tour).steps.slice(0, 3) };
    const started = await post<{ code: string; key: string }>('', { tour });
    const joined = await post<{ code: string; key: string }>('/join', {
      code: started.code,
      pseudonym: 'Ada',
    });
    const lead = connect(started.code, started.key);
    const ada = connect(joined.code, joined.key);
    await ada.until(() => ada.views.length > 0);
    expect(ada.views[0]).toMatchObject({ role: 'student', pseudonym: 'Ada', step: 0 });

    await ada.client.answer({ step: 0, prediction: { choice: 1 } });
    await lead.until(() => (lead.views.at(-1) as LecturerView | undefined)?.answers.length === 1);
    // A second, different answer to the same step is kept as the first.
    await ada.client.answer({ step: 0, prediction: { choice: 0 } });
    await expect(ada.client.answer({ step: 0, prediction: { typed: '3' } })).rejects.toThrow(
      'step 1 asks for a choice, not a number',
    );

    // The lecturer moves on; the server goes; an answer sent meanwhile waits, and goes once it
    // is back.
    await lead.client.control({ action: 'step', step: 1 });
    await drop();
    await ada.until(() => ada.states.at(-1) === 'reconnecting');
    const sent = ada.client.answer({ step: 1, prediction: { typed: '12' } });
    await listen(port);
    await sent;
    await ada.until(() => ada.states.at(-1) === 'open');
    await lead.until(() => (lead.views.at(-1) as LecturerView | undefined)?.answers.length === 2);
    const answers = (lead.views.at(-1) as LecturerView).answers;
    expect(answers.map((a) => [a.step, a.prediction])).toEqual([
      [0, { choice: 1 }],
      [1, { typed: '12' }],
    ]);
    await ada.until(() => (ada.views.at(-1) as StudentView).mine[1] !== undefined);

    // A lecturer's control, refused to a student over the socket.
    await expect(ada.client.control({ action: 'step', step: 1 })).rejects.toThrow(
      'Only the lecturer of this class may do this.',
    );
    lead.client.close();
    ada.client.close();
  });

  it('says a class deleted is gone, and stops trying', async () => {
    const tour = { ...(transputers as Tour), steps: (transputers as Tour).steps.slice(0, 1) };
    const started = await post<{ code: string; key: string }>('', { tour });
    const lead = connect(started.code, started.key);
    await lead.until(() => lead.views.length > 0);
    await fetch(`http://127.0.0.1:${port}/api/class/${started.code}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${started.key}` },
    });
    await lead.until(() => lead.states.at(-1) === 'gone');
    // Gone is the last word: no reconnection follows it.
    expect(lead.states.filter((s) => s === 'reconnecting')).toEqual([]);
    lead.client.close();
  });
});
