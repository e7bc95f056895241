// What the class server's tests share: a real server on a loopback port, its HTTP API called with
// fetch, sockets as the ws package's client with every message kept to await, and the built-in
// tours a class runs.
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { WebSocket } from 'ws';

import type {
  ClassView,
  LecturerView,
  ServerMessage,
  StudentView,
  Truth,
} from '../app/classroom/protocol';
import { API, SOCKET_PATH } from '../app/classroom/protocol';
import type { Tour } from '../app/tours/schema';
import type { ClassServer, ServerOptions } from './class_server';
import { classServer } from './class_server';
import type { Database } from './db/database';

/** A built-in tour, as a lecturer starts a class with it. */
export function builtInTour(name: string): Tour {
  const file = join(import.meta.dirname, '..', 'presets', 'tours', `${name}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as Tour;
}

/** A truth of the kind step `step`'s question asks for: its expected choice, or a number. */
export function truthFor(tour: Tour, step: number, value = 100): Truth {
  const question = tour.steps[step]?.question;
  if (!question) throw new Error(`step ${step + 1} asks no question`);
  return question.kind === 'choice'
    ? { right: question.expect }
    : { value, unit: 'x', text: `${value} x`, close: 0.2 };
}

/** CSV text (RFC 4180, CRLF rows) as rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length > 0) throw new Error('CSV text does not end with CRLF');
  return rows;
}

export interface Reply {
  status: number;
  /** The body read as JSON when it is JSON, else null. */
  json: unknown;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  key?: string | null;
  body?: unknown;
  /** A raw body, sent as it is (malformed JSON). */
  raw?: string;
  headers?: Record<string, string>;
}

let starts = 0;

/** A class server reached over loopback: `url` is its origin, http://127.0.0.1:port. */
export class Running {
  constructor(
    readonly url: string,
    readonly server: ClassServer | null = null,
    private readonly stop: () => Promise<void> = async () => {},
  ) {}

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${this.url}${API}${path}`, { method, headers, body });
    const text = await res.text();
    let json: unknown = null;
    if (res.headers.get('content-type')?.startsWith('application/json')) json = JSON.parse(text);
    return { status: res.status, json, text, headers: res.headers };
  }

  /**
   * Starts a class with `tour`; its code and the lecturer's key. Each start comes from an address
   * of its own (the server trusts X-Forwarded-For), so tests never meet the hourly limit.
   */
  async start(tour: Tour): Promise<{ code: string; key: string }> {
    const headers = { 'x-forwarded-for': `10.0.${Math.floor(++starts / 250)}.${starts % 250}` };
    const reply = await this.request('POST', '', { body: { tour }, headers });
    if (reply.status !== 201) throw new Error(`start: ${reply.status} ${reply.text}`);
    return reply.json as { code: string; key: string };
  }

  /** Joins class `code` as `pseudonym`; the student's key. */
  async join(code: string, pseudonym: string, headers?: Record<string, string>): Promise<string> {
    const reply = await this.request('POST', '/join', { body: { code, pseudonym }, headers });
    if (reply.status !== 201) throw new Error(`join: ${reply.status} ${reply.text}`);
    return (reply.json as { key: string }).key;
  }

  /** A socket to this server, not yet said hello on. */
  async socket(headers?: Record<string, string>): Promise<Socket> {
    const socket = new Socket(
      new WebSocket(`${this.url.replace('http', 'ws')}${SOCKET_PATH}`, { headers }),
    );
    await socket.opened;
    return socket;
  }

  /** A socket that said hello as `key` in class `code`, once its first view came. */
  async hello(code: string, key: string): Promise<Socket> {
    const socket = await this.socket();
    socket.send({ type: 'hello', code, key });
    await socket.next('view');
    return socket;
  }

  close(): Promise<void> {
    return this.stop();
  }
}

/**
 * A class server on `db` in this process, on a Node HTTP server on a free loopback port. It trusts
 * X-Forwarded-For, so a test sends as many addresses as it needs.
 */
export async function serve(db: Database, options: ServerOptions = {}): Promise<Running> {
  const server = await classServer(db, { trustProxy: true, ...options });
  const http = createServer((req, res) => {
    if (!server.handle(req, res)) res.writeHead(404).end();
  });
  http.on('upgrade', (req, socket, head) => {
    if (!server.upgrade(req, socket, head)) socket.destroy();
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const { port } = http.address() as AddressInfo;
  return new Running(`http://127.0.0.1:${port}`, server, async () => {
    http.closeAllConnections();
    await server.close();
    await new Promise((resolve) => http.close(resolve));
  });
}

type Message<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/** A ws client whose every message is kept, so a test awaits the one it expects. */
export class Socket {
  private readonly messages: ServerMessage[] = [];
  /** Every message the socket got, in order, taken or not. */
  readonly log: ServerMessage[] = [];
  private readonly waiting = new Set<() => void>();
  readonly opened: Promise<void>;
  /** The close's code and reason, when the socket closes. */
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      this.messages.push(message);
      this.log.push(message);
      for (const wake of this.waiting) wake();
    });
    ws.on('close', () => {
      for (const wake of this.waiting) wake();
    });
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
    // A refused upgrade or a closed socket is an outcome tests await, not an uncaught error.
    this.opened.catch(() => {});
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * The first message not yet taken that `matches`. Taking a view drops the views before it: they
   * are superseded, and a later wait must not find a stale one.
   */
  async take(matches: (message: ServerMessage) => boolean): Promise<ServerMessage> {
    for (;;) {
      const index = this.messages.findIndex(matches);
      if (index >= 0) {
        const found = this.messages[index]!;
        const kept = this.messages.filter(
          (m, i) => i > index || (i < index && (found.type !== 'view' || m.type !== 'view')),
        );
        this.messages.splice(0, this.messages.length, ...kept);
        return found;
      }
      if (this.ws.readyState === this.ws.CLOSED)
        throw new Error('the socket closed before the message awaited came');
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiting.delete(wake);
          resolve();
        };
        this.waiting.add(wake);
      });
    }
  }

  /** The first message not yet taken of type `type` that `matches`. */
  async next<T extends ServerMessage['type']>(
    type: T,
    matches: (message: Message<T>) => boolean = () => true,
  ): Promise<Message<T>> {
    return (await this.take((m) => m.type === type && matches(m as Message<T>))) as Message<T>;
  }

  /** The first view, from now on, for which `matches` holds. */
  async view<V extends ClassView = ClassView>(matches: (view: V) => boolean): Promise<V> {
    return (await this.next('view', (m) => matches(m.view as V))).view as V;
  }

  lecturerView(matches: (view: LecturerView) => boolean): Promise<LecturerView> {
    return this.view<LecturerView>(matches);
  }

  studentView(matches: (view: StudentView) => boolean): Promise<StudentView> {
    return this.view<StudentView>(matches);
  }

  /** The answer to request `id`: done, or refused with its status and words. */
  async reply(id: number | null): Promise<Message<'done'> | Message<'refused'>> {
    return (await this.take((m) => (m.type === 'done' || m.type === 'refused') && m.id === id)) as
      Message<'done'> | Message<'refused'>;
  }

  close(): void {
    this.ws.close();
  }
}
