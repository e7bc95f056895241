// archex's server: the explorer and the class server from one process, on one address.
//   tsx server/main.ts --dev   the development server (`npm start`): Vite, modules as they are
//   tsx server/main.ts         the built explorer in dist/ (`npm run serve`), as deployed
//   tsx server/main.ts --api-only   the class API alone: behind a proxy that serves dist/ itself
//                                   and sends /api/class to several such processes; tests run it
//                                   before any build
// Options: --port N (PORT, else 5173; 0 takes any free port), --host H (HOST, else every
// interface, so a class on the room's network reaches it), --dist DIR (the built explorer, else
// dist/). The database: PostgreSQL when DATABASE_URL names one, else the
// embedded one in ARCHEX_CLASS_DATA (else .archex/classes). docs/class.md says the rest.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';

import { classServer } from './class_server';
import type { Database } from './db/database';
import { embedded, server } from './db/database';
import { CSP, headersFor, readHeaderRules } from './site_headers';

const root = join(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    dev: { type: 'boolean', default: false },
    'api-only': { type: 'boolean', default: false },
    dist: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
  },
});

function fail(message: string): never {
  console.error(`archex server: ${message}`);
  process.exit(2);
}

const port = Number(values.port ?? process.env.PORT ?? 5173);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be a whole number from 0 to 65535 (got '${values.port ?? process.env.PORT}')`);
if (values.dev && values['api-only']) fail('--dev and --api-only exclude each other');
const host = values.host ?? process.env.HOST ?? '0.0.0.0';

async function database(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    try {
      return await server(url);
    } catch (error) {
      fail(`DATABASE_URL names a PostgreSQL this server cannot reach: ${(error as Error).message}`);
    }
  }
  return embedded(process.env.ARCHEX_CLASS_DATA ?? join(root, '.archex/classes'));
}

/** The built explorer, with the headers a static host gives it and its policy as a header. */
function builtSite(): (req: IncomingMessage, res: ServerResponse) => void {
  const dist = resolve(values.dist ?? join(root, 'dist'));
  if (!existsSync(join(dist, 'index.html')))
    fail(`${dist} holds no built explorer: run \`npm run build\` first (or use --dev)`);
  const rules = readHeaderRules(join(dist, '_headers'));
  const site = new Hono();
  site.use('*', async (c, next) => {
    await next();
    for (const [name, value] of headersFor(rules, c.req.path)) c.header(name, value);
    c.header('Content-Security-Policy', CSP);
    c.header('X-Content-Type-Options', 'nosniff');
  });
  site.use('*', serveStatic({ root: dist }));
  return getRequestListener(site.fetch);
}

/** The addresses a class joins by, on the room's networks: known once the server listens. */
let lan: string[] = [];
const db = await database();
const classes = await classServer(db, {
  lan: () => lan,
  origins: process.env.ARCHEX_ORIGINS?.split(',')
    .map((o) => o.trim())
    .filter(Boolean),
  trustProxy: process.env.ARCHEX_TRUST_PROXY === '1',
});
const http = createServer();

let site: (req: IncomingMessage, res: ServerResponse) => void;
if (values['api-only'])
  site = (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('This server answers the class API only (--api-only).\n');
  };
else if (values.dev) {
  const { createServer: createVite } = await import('vite');
  const vite = await createVite({
    configFile: join(root, 'vite.config.ts'),
    server: { middlewareMode: true, ws: { server: http } },
  });
  site = (req, res) => vite.middlewares(req, res);
} else site = builtSite();

http.on('request', (req, res) => {
  if (!classes.handle(req, res)) site(req, res);
});
// The class's socket; any other upgrade (the development server's own) is Vite's.
http.on('upgrade', (req, socket, head) => {
  classes.upgrade(req, socket, head);
});

http.listen(port, host, () => {
  const where = db.kind === 'embedded' ? 'the embedded database' : 'PostgreSQL';
  const what = values.dev ? 'development server' : values['api-only'] ? 'class API' : 'server';
  // The port listened on: the one asked for, or the one the system gave for 0.
  const { port: on } = http.address() as AddressInfo;
  console.log(`archex ${what}, classes kept in ${where}`);
  console.log(`  On this computer:  http://127.0.0.1:${on}/`);
  if (host === '0.0.0.0' || host === '::')
    lan = lanAddresses().map((address) => `http://${address}:${on}/`);
  for (const address of lan) console.log(`  For a class, on this network:  ${address}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    http.close();
    void classes.close().finally(() => process.exit(0));
  });

/** This computer's addresses on its networks (the ones a student's phone can reach). */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address);
}
