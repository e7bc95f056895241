// The class server's parts put together on one database: the classes, the hub that pushes
// changes to sockets, the HTTP API and the socket, and the daily purge of what is kept no longer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import { getRequestListener } from '@hono/node-server';

import { API } from '../app/classroom/protocol';
import { Classes } from './classes';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import type { GuardOptions } from './guards';
import { Guards } from './guards';
import { classApi } from './http';
import { Hub } from './live';
import { ClassSockets } from './socket';

/** How often ended classes past their time are deleted. */
const PURGE_MS = 60 * 60_000;

export interface ClassServer {
  db: Database;
  classes: Classes;
  hub: Hub;
  /** Answers a request on the class API (true), or leaves it to the caller (false). */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
  /** Takes a socket upgrade on the class's path (true), or leaves it to the caller (false). */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  close(): Promise<void>;
}

export interface ServerOptions extends GuardOptions {
  /** How long a new socket may take to say who it is. */
  helloMs?: number;
  /** The server's addresses on the room's networks, for the join link (see Health). */
  lan?: () => string[];
}

export async function classServer(db: Database, options: ServerOptions = {}): Promise<ClassServer> {
  await migrate(db);
  const classes = new Classes(db);
  const hub = new Hub(classes);
  await hub.listen(db);
  const guards = new Guards(options);
  const lan = options.lan ?? (() => []);
  const listener = getRequestListener(
    classApi({ classes, hub, guards, database: db.kind, lan }).fetch,
  );
  const sockets = new ClassSockets({ classes, hub, guards, helloMs: options.helloMs });
  const purge = async () => {
    try {
      const { deleted, ended } = await classes.purge();
      if (deleted + ended > 0)
        console.log(`classes: ${ended} silent for a day ended, ${deleted} past 30 days deleted`);
    } catch (error) {
      console.error('classes: the purge failed:', error);
    }
  };
  await purge();
  const timer = setInterval(purge, PURGE_MS);
  timer.unref();
  return {
    db,
    classes,
    hub,
    handle(req, res) {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path !== API && !path.startsWith(`${API}/`)) return false;
      void listener(req, res);
      return true;
    },
    upgrade: (req, socket, head) => sockets.upgrade(req, socket, head),
    async close() {
      clearInterval(timer);
      sockets.close();
      await hub.close();
      await db.close();
    },
  };
}
