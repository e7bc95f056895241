// The page's side of the class server: HTTP to start and join a class, and a socket that stays
// connected by itself (a dropped connection or a changed network is reconnected with growing
// waits, at once when the browser is back online), says who it is, hands each view to the page
// and sends answers and controls, each confirmed or refused in words.
import { i18n } from '../i18n/i18n';
import type {
  AnswerRequest,
  ClassView,
  ClientMessage,
  Control,
  Health,
  Joined,
  ServerMessage,
  Started,
} from './protocol';
import { API, SOCKET_PATH } from './protocol';

/** The class API's address on the page's own server, beside the page. */
export function apiUrl(path = '', base = document.baseURI): URL {
  return new URL(`.${API}${path}`, base);
}

/** A refusal from the class server, with its status. */
export class ClassRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit & { key?: string } = {}): Promise<T> {
  const { key, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      ...rest,
      headers: {
        ...(rest.body ? { 'Content-Type': 'application/json' } : {}),
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
      },
    });
  } catch {
    throw new ClassRefused(0, i18n.t('teaching:classClient.unreachable'));
  }
  if (response.ok) {
    const type = response.headers.get('content-type') ?? '';
    return (type.includes('json') ? await response.json() : await response.text()) as T;
  }
  const said = (await response.json().catch(() => null)) as { error?: string } | null;
  throw new ClassRefused(
    response.status,
    said?.error ?? i18n.t('teaching:classClient.said', { status: response.status }),
  );
}

/** Whether a class server answers beside the page (a static host has none). */
export async function classServerHealth(): Promise<Health | null> {
  try {
    const response = await fetch(apiUrl('/health'));
    if (!response.ok) return null;
    const health = (await response.json()) as Partial<Health>;
    return health.ok === true ? (health as Health) : null;
  } catch {
    return null;
  }
}

export const startClass = (tour: unknown) =>
  call<Started>('', { method: 'POST', body: JSON.stringify({ tour }) });

export const joinClass = (code: string, pseudonym: string) =>
  call<Joined>('/join', { method: 'POST', body: JSON.stringify({ code, pseudonym }) });

export const answersCsv = (code: string, key: string) =>
  call<string>(`/${code}/answers.csv`, { key });

export const deleteClass = (code: string, key: string) =>
  call<void>(`/${code}`, { method: 'DELETE', key });

export type Connection = 'connecting' | 'open' | 'reconnecting' | 'gone';

export interface ClientOptions {
  code: string;
  key: string;
  onView(view: ClassView): void;
  /** The connection's state; `gone` with why when the class is no more (ended and deleted). */
  onConnection(state: Connection, why?: string): void;
  /** Where the socket is (tests); the page's own server otherwise. */
  url?: string;
  WebSocket?: typeof WebSocket;
}

/** Waits before reconnecting: half a second, doubling to ten, with a little chance in it. */
export function retryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(10_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + 0.5 * random()));
}

type Request = { type: 'answer'; request: AnswerRequest } | { type: 'control'; control: Control };

interface Waiting {
  message: Request;
  resolve(): void;
  reject(error: Error): void;
}

export class ClassClient {
  private socket: WebSocket | null = null;
  /** The socket said who it is and the server took it: requests may go. */
  private ready = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private nextId = 1;
  /** Requests sent and not yet answered, by id: sent again after a reconnection. */
  private readonly waiting = new Map<number, Waiting>();
  private readonly online = () => this.reconnectNow();

  constructor(private readonly options: ClientOptions) {
    this.connect();
    globalThis.addEventListener?.('online', this.online);
  }

  private url(): string {
    if (this.options.url) return this.options.url;
    const url = apiUrl(SOCKET_PATH.slice(API.length));
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    return url.href;
  }

  private connect() {
    if (this.closed) return;
    this.options.onConnection(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const Socket = this.options.WebSocket ?? WebSocket;
    const socket = new Socket(this.url());
    this.socket = socket;
    this.ready = false;
    socket.onopen = () => {
      const { code, key } = this.options;
      this.raw({ type: 'hello', code, key });
    };
    socket.onmessage = (event) => this.received(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      if (this.closed) return;
      this.options.onConnection('reconnecting');
      this.timer = setTimeout(() => this.connect(), retryDelay(this.attempt++));
    };
  }

  private reconnectNow() {
    if (this.closed || this.socket?.readyState === 1) return;
    if (this.timer) clearTimeout(this.timer);
    this.attempt = 0;
    this.socket?.close();
    this.socket = null;
    this.connect();
  }

  private raw(message: ClientMessage) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private sendWaiting(id: number, { message }: Waiting) {
    if (!this.ready) return;
    this.raw(
      message.type === 'answer'
        ? { type: 'answer', id, ...message.request }
        : { type: 'control', id, control: message.control },
    );
  }

  private received(text: string) {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'view') {
      this.attempt = 0;
      if (!this.ready) {
        this.ready = true;
        this.options.onConnection('open');
        // What waited for the connection goes now (the server keeps each answer once).
        for (const [id, w] of this.waiting) this.sendWaiting(id, w);
      }
      this.options.onView(message.view);
      return;
    }
    if (message.type === 'refused' && message.id === null) {
      // About the connection itself: the class is no more, or this key is not of it.
      if (message.status === 403 || message.status === 404) {
        this.closed = true;
        this.options.onConnection('gone', message.error);
        this.socket?.close();
      }
      return;
    }
    if (message.id === null) return;
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    this.waiting.delete(message.id);
    if (message.type === 'done') waiting.resolve();
    else waiting.reject(new ClassRefused(message.status, message.error));
  }

  private request(message: Request): Promise<void> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const waiting = { message, resolve, reject };
      this.waiting.set(id, waiting);
      this.sendWaiting(id, waiting);
    });
  }

  /** Sends a student's answer; kept until the server confirms it, across reconnections. */
  answer(request: AnswerRequest): Promise<void> {
    return this.request({ type: 'answer', request });
  }

  /** Sends a lecturer's control. */
  control(control: Control): Promise<void> {
    return this.request({ type: 'control', control });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    globalThis.removeEventListener?.('online', this.online);
    this.socket?.close();
    this.socket = null;
    for (const w of this.waiting.values())
      w.reject(new ClassRefused(0, i18n.t('teaching:classClient.left')));
    this.waiting.clear();
  }
}
