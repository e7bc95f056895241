// What keeps people out before a request reaches a class: join codes that cannot be enumerated,
// sockets that must say who they are in time and in bounded, well-formed messages, and origins.
import type { IncomingMessage } from 'node:http';

import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { MAX_MESSAGE_BYTES, NO_CLASS } from '../app/classroom/protocol';
import { embedded } from './db/database';
import { Guards } from './guards';
import { MAX_WAITING } from './socket';
import type { Running } from './test_harness';
import { builtInTour, serve } from './test_harness';

const tour = builtInTour('deadlock');
const ALLOWED = 'https://course.example';
/** The rate limits' clock, moved by the tests. */
let now = Date.parse('2026-01-05T09:00:00Z');

let server: Running;
beforeAll(async () => {
  server = await serve(await embedded(null), { now: () => now, origins: [ALLOWED], helloMs: 300 });
});
afterAll(() => server?.close());

const from = (address: string) => ({ 'x-forwarded-for': address });
const join = async (code: string, address: string, headers: Record<string, string> = {}) => {
  const reply = await server.request('POST', '/join', {
    body: { code, pseudonym: 'Ada' },
    headers: { ...from(address), ...headers },
  });
  return { status: reply.status, type: reply.headers.get('content-type'), body: reply.text };
};

describe('join codes', () => {
  test('a wrong code answers exactly as an ended or a deleted class', async () => {
    const ended = await server.start(tour);
    await server.request('POST', `/${ended.code}/control`, {
      key: ended.key,
      body: { action: 'end' },
    });
    const deleted = await server.start(tour);
    await server.request('DELETE', `/${deleted.code}`, { key: deleted.key });
    const wrong = ended.code === 'XXXXXX' || deleted.code === 'XXXXXX' ? 'YYYYYY' : 'XXXXXX';

    const answers = [
      await join(wrong, '192.0.2.1'),
      await join(ended.code, '192.0.2.2'),
      await join(deleted.code, '192.0.2.3'),
    ];
    expect(answers[0]).toEqual({
      status: 404,
      type: 'application/json',
      body: JSON.stringify({ error: NO_CLASS }),
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  test('20 wrong codes from an address refuse it even a right one (429) until the window ends', async () => {
    const { code } = await server.start(tour);
    const wrong = code === 'XXXXXX' ? 'YYYYYY' : 'XXXXXX';
    for (let i = 0; i < 20; i++) expect((await join(wrong, '198.51.100.7')).status).toBe(404);
    expect(await join(code, '198.51.100.7')).toMatchObject({
      status: 429,
      body: JSON.stringify({ error: 'Too many tries from this address: wait a few minutes.' }),
    });
    expect((await join(code, '198.51.100.8')).status, 'another address').toBe(201);
    now += 10 * 60_000 - 1;
    expect((await join(code, '198.51.100.7')).status, 'a moment early').toBe(429);
    now += 1;
    expect((await join(code, '198.51.100.7')).status, 'the window over').toBe(201);
  });

  test('an address starts 30 classes an hour', async () => {
    const start = () =>
      server.request('POST', '', { body: { tour }, headers: from('203.0.113.9') });
    for (let i = 0; i < 30; i++) expect((await start()).status).toBe(201);
    expect(await start()).toMatchObject({
      status: 429,
      json: { error: 'Too many classes started from this address: wait an hour.' },
    });
    now += 60 * 60_000;
    expect((await start()).status).toBe(201);
  });

  test(`a join's body over ${MAX_MESSAGE_BYTES} bytes is refused (413) before it is read`, async () => {
    const reply = await server.request('POST', '/join', {
      body: { code: 'XXXXXX', pseudonym: 'x'.repeat(MAX_MESSAGE_BYTES) },
      headers: from('192.0.2.70'),
    });
    expect([reply.status, reply.json]).toEqual([
      413,
      { error: `the request is over ${MAX_MESSAGE_BYTES} bytes` },
    ]);
  });

  test('a body that is not JSON, or not a join, is refused (400) in words', async () => {
    const post = (options: { raw?: string; body?: unknown }) =>
      server
        .request('POST', '/join', { ...options, headers: from('192.0.2.71') })
        .then((r) => [r.status, r.json]);
    expect(await post({ raw: '{"code": "XXXXXX",' })).toEqual([
      400,
      { error: 'the request needs a JSON body' },
    ]);
    expect(await post({ body: { code: 'XXXXXX' } })).toEqual([
      400,
      { error: 'pseudonym: Invalid input: expected string, received undefined' },
    ]);
    expect(await post({ body: { code: 'XXXXXX', pseudonym: '   ' } })).toEqual([
      400,
      { error: 'pseudonym: a pseudonym is needed' },
    ]);
  });

  test('X-Forwarded-For is believed only behind a proxy the server was told of', () => {
    const incoming = {
      headers: { 'x-forwarded-for': '198.51.100.1, 10.0.0.1' },
      socket: { remoteAddress: '10.0.0.1' },
    } as unknown as IncomingMessage;
    expect(new Guards().address(incoming, '10.0.0.1')).toBe('10.0.0.1');
    expect(new Guards({ trustProxy: true }).address(incoming, '10.0.0.1')).toBe('198.51.100.1');
  });
});

describe('the socket', () => {
  /** Holds the (one-query-at-a-time) embedded database until the function returned is called. */
  async function holdDatabase(): Promise<() => void> {
    let release!: () => void;
    await new Promise<void>((holding) => {
      void server.server!.db.transaction(async () => {
        holding();
        await new Promise<void>((r) => (release = r));
      });
    });
    return release;
  }

  async function student() {
    const { code } = await server.start(tour);
    return { code, key: await server.join(code, 'Ada', from('192.0.2.50')) };
  }

  test('a socket closed while its hello is looked up is not kept', async () => {
    const { code, key } = await student();
    const { db, hub } = server.server!;
    const before = hub.size;
    // The database held, so the hello's lookup waits until the socket has closed.
    const release = await holdDatabase();
    const socket = await server.socket();
    socket.send({ type: 'hello', code, key });
    socket.close();
    await socket.closed;
    // The server (this process) has handled the close by the time it answers another request.
    expect((await server.request('GET', '/health')).status).toBe(200);
    release();
    // Queries run in turn: when this one is done, the hello's lookup was done and handled.
    await db.query('SELECT 1');
    expect(hub.size).toBe(before);
  });

  test(`a socket with over ${MAX_WAITING} messages waiting their turn is closed (1008)`, async () => {
    const { code, key } = await student();
    const socket = await server.hello(code, key);
    const release = await holdDatabase();
    for (let id = 1; id <= MAX_WAITING + 2; id++)
      socket.send({ type: 'answer', id, step: 0, prediction: { typed: String(id) } });
    expect(await socket.closed).toEqual({ code: 1008, reason: 'too many messages at once' });
    release();
  });

  test(`a message over ${MAX_MESSAGE_BYTES} bytes closes the socket (1009); one at the limit is read`, async () => {
    const socket = await server.socket();
    socket.send('x'.repeat(MAX_MESSAGE_BYTES));
    expect(await socket.reply(null)).toMatchObject({
      status: 400,
      error: 'a message is JSON text',
    });
    socket.send('x'.repeat(MAX_MESSAGE_BYTES + 1));
    expect((await socket.closed).code).toBe(1009);
  });

  test('malformed JSON, a binary frame and an unknown type are refused in words', async () => {
    const { code, key } = await student();
    const socket = await server.hello(code, key);
    socket.send('{"type": "answer", ');
    expect(await socket.reply(null)).toEqual({
      type: 'refused',
      id: null,
      status: 400,
      error: 'a message is JSON text',
    });
    socket.ws.send(Buffer.from('{"type":"hello"}'), { binary: true });
    expect(await socket.reply(null)).toMatchObject({
      status: 400,
      error: 'a message is JSON text',
    });
    socket.send({ type: 'shout', id: 5 });
    expect(await socket.reply(5)).toEqual({
      type: 'refused',
      id: 5,
      status: 400,
      error: "type: Invalid discriminator value. Expected 'hello' | 'answer' | 'control'",
    });
    socket.send({ type: 'answer', id: 6, step: 0, prediction: { typed: '1' }, also: 'this' });
    expect(await socket.reply(6)).toMatchObject({
      status: 400,
      error: 'message: Unrecognized key: "also"',
    });
    socket.send({ type: 'hello', code, key });
    expect(await socket.reply(null)).toMatchObject({
      status: 400,
      error: 'hello was said already',
    });
    // After all that the socket still works.
    socket.send({ type: 'answer', id: 7, step: 0, prediction: { typed: '1' } });
    expect(await socket.reply(7)).toEqual({ type: 'done', id: 7 });
    socket.close();
  });

  test('a socket that never says hello is closed (4408)', async () => {
    const socket = await server.socket();
    expect(await socket.closed).toEqual({ code: 4408, reason: 'say hello first' });
    expect(socket.log).toEqual([]);
  });
});

describe('origins', () => {
  test('a request from another site’s page is refused (403); its own and an allowed one pass', async () => {
    const { code } = await server.start(tour);
    for (const origin of ['https://evil.example', 'null', `${server.url}.evil.example`]) {
      expect(await join(code, '192.0.2.60', { origin }), origin).toMatchObject({
        status: 403,
        body: JSON.stringify({ error: 'requests from another site are refused' }),
      });
    }
    for (const origin of [server.url, ALLOWED])
      expect((await join(code, '192.0.2.61', { origin })).status, origin).toBe(201);
  });

  test('a socket from another site’s page is refused (403); its own and an allowed one open', async () => {
    const { code } = await server.start(tour);
    const key = await server.join(code, 'Ada', from('192.0.2.62'));
    const evil = server.socket({ origin: 'https://evil.example' });
    await expect(evil).rejects.toThrow('Unexpected server response: 403');
    for (const origin of [server.url, ALLOWED]) {
      const socket = await server.socket({ origin });
      socket.send({ type: 'hello', code, key });
      expect((await socket.next('view')).view.role, origin).toBe('student');
      socket.close();
    }
  });
});
