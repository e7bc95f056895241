// The class's live socket: a client says who it is (its class's code and its key), then gets its
// view at once and again on every change; a student answers and a lecturer acts over it too, with
// the same checks as over HTTP. Messages are size-limited and checked by the protocol's schemas.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

import type { WebSocket } from 'ws';
import { WebSocketServer } from 'ws';

import type { ServerMessage } from '../app/classroom/protocol';
import { ClientMessage, MAX_MESSAGE_BYTES, SOCKET_PATH } from '../app/classroom/protocol';
import type { Classes } from './classes';
import { ONLY_LECTURER, Refused } from './classes';
import type { Guards } from './guards';
import type { Client, Hub } from './live';

/** How long a socket may stay silent before saying who it is, unless told otherwise. */
const HELLO_MS = 10_000;
/** How many of a socket's messages may wait their turn; a page has one or two at a time. */
export const MAX_WAITING = 32;
/** How often a socket is pinged; one that has not answered the last ping is closed. */
const PING_MS = 30_000;

export interface SocketOptions {
  classes: Classes;
  hub: Hub;
  guards: Guards;
  /** How long a socket may take to say hello (HELLO_MS by default). */
  helloMs?: number;
}

export class ClassSockets {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private readonly alive = new WeakSet<WebSocket>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly options: SocketOptions) {
    this.timer = setInterval(() => {
      for (const ws of this.wss.clients) {
        if (!this.alive.has(ws)) ws.terminate();
        else {
          this.alive.delete(ws);
          ws.ping();
        }
      }
    }, PING_MS);
    this.timer.unref();
  }

  /**
   * Takes an HTTP upgrade on the class's path (true), after checking its origin; leaves any other
   * (the development server's own) to its owner (false).
   */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if (new URL(req.url ?? '/', 'http://x').pathname !== SOCKET_PATH) return false;
    if (!this.options.guards.sameOrigin(req.headers.origin, req.headers.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return true;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.connected(ws));
    return true;
  }

  private connected(ws: WebSocket) {
    const { classes, hub } = this.options;
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    // A frame over the size limit or not WebSocket at all: ws closes the socket (1009, 1002) and
    // reports it here; without a listener the report would throw and end the whole process.
    ws.on('error', () => {});
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    let client: Client | null = null;
    const hello = setTimeout(
      () => ws.close(4408, 'say hello first'),
      this.options.helloMs ?? HELLO_MS,
    );
    // One message at a time, in the order they came: a student's answer before their next one.
    // A client sending faster than it is answered is closed, so what waits stays bounded.
    let queue = Promise.resolve();
    let waiting = 0;
    ws.on('message', (data, binary) => {
      if (++waiting > MAX_WAITING) {
        ws.close(1008, 'too many messages at once');
        return;
      }
      queue = queue.then(async () => {
        let id: number | null = null;
        try {
          let raw: unknown;
          try {
            // A binary frame is not text: refused as malformed JSON is, in the same words.
            if (binary) throw new Error('binary');
            raw = JSON.parse(String(data));
          } catch {
            throw new Refused(400, 'a message is JSON text');
          }
          id =
            typeof raw === 'object' && raw && 'id' in raw && typeof raw.id === 'number'
              ? raw.id
              : null;
          const parsed = ClientMessage.safeParse(raw);
          if (!parsed.success) {
            const issue = parsed.error.issues[0]!;
            throw new Refused(
              400,
              `${issue.path.map(String).join('.') || 'message'}: ${issue.message}`,
            );
          }
          const message = parsed.data;
          if (message.type === 'hello') {
            if (client) throw new Refused(400, 'hello was said already');
            const who = await classes.who(message.code, message.key);
            if (!who) throw new Refused(403, 'This key is not of this class.');
            // Closed while the key was looked up: its close found no client to let go of.
            if (ws.readyState !== ws.OPEN) return;
            clearTimeout(hello);
            client = { who, send, close: (code, reason) => ws.close(code, reason) };
            hub.add(client);
            send({ type: 'view', view: await hub.view(who) });
            return;
          }
          if (!client) throw new Refused(403, 'say who you are (hello) first');
          if (message.type === 'answer') {
            if (client.who.role !== 'student')
              throw new Refused(403, 'Only a student of this class answers.');
            await classes.answer(client.who, {
              step: message.step,
              prediction: message.prediction,
            });
          } else {
            if (client.who.role !== 'lecturer') throw new Refused(403, ONLY_LECTURER);
            await classes.control(client.who.classId, message.control);
          }
          send({ type: 'done', id: message.id });
        } catch (error) {
          if (error instanceof Refused)
            send({ type: 'refused', id, status: error.status, error: error.message });
          else {
            console.error('class socket:', error);
            send({ type: 'refused', id, status: 500, error: 'the class server failed; try again' });
          }
        } finally {
          waiting--;
        }
      });
    });
    ws.on('close', () => {
      clearTimeout(hello);
      if (client) hub.remove(client);
    });
  }

  close(): void {
    clearInterval(this.timer);
    for (const ws of this.wss.clients) ws.terminate();
    this.wss.close();
  }
}
