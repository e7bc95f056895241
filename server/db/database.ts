// The class server's database: one interface over PostgreSQL itself (when DATABASE_URL names one)
// and PGlite, PostgreSQL compiled to WebAssembly, embedded in the process with nothing to install.
// The same SQL, migrations and LISTEN/NOTIFY serve both.
import { mkdirSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

/** Runs one statement with $1… parameters and returns its rows. */
export type Query = <T>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface Database {
  kind: 'embedded' | 'postgresql';
  query: Query;
  /** Runs `f` in one transaction: all of it or none. */
  transaction<R>(f: (query: Query) => Promise<R>): Promise<R>;
  /** Runs a script of several statements (a migration). */
  exec(sql: string): Promise<void>;
  /** Calls `on` with each notification's payload on `channel`, from any process. */
  listen(channel: string, on: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

/** PGlite's name for a database kept in memory only. */
export const IN_MEMORY = 'memory://';

/** The embedded database, kept in `dir` (created when missing); in memory when `dir` is null. */
export async function embedded(dir: string | null): Promise<Database> {
  if (dir && !dir.startsWith(IN_MEMORY)) mkdirSync(dir, { recursive: true });
  const db = await PGlite.create(dir ?? undefined);
  const query: Query = async <T>(sql: string, params: unknown[] = []) =>
    (await db.query<T>(sql, params)).rows;
  return {
    kind: 'embedded',
    query,
    // PGlite runs one query at a time: a transaction holds it, so others wait their turn.
    transaction: (f) =>
      db.transaction((tx) =>
        f(async <T>(sql: string, params: unknown[] = []) => {
          return (await tx.query<T>(sql, params)).rows;
        }),
      ),
    exec: async (sql) => {
      await db.exec(sql);
    },
    listen: async (channel, on) => {
      await db.listen(channel, on);
    },
    close: () => db.close(),
  };
}

/** A PostgreSQL server at `url` (postgres://user:password@host:port/database). */
export async function server(url: string): Promise<Database> {
  // Timestamps and JSON come back as the embedded database gives them: Date and parsed objects;
  // a notice (e.g. "relation already exists, skipping") is not the server's to print.
  const sql = postgres(url, {
    max: 10,
    onnotice: () => {},
    connect_timeout: 10,
    types: {
      // A JSON parameter given as text ($3::jsonb with JSON.stringify(x)) goes as it is, as PGlite
      // sends it: postgres.js would encode the text again, storing one JSON string.
      json: {
        to: 114,
        from: [114, 3802],
        serialize: (x: unknown) => (typeof x === 'string' ? x : JSON.stringify(x)),
        parse: (x: string) => JSON.parse(x) as unknown,
      },
    },
  });
  // Fails here, in words, when the server cannot be reached.
  await sql`SELECT 1`;
  const run =
    (s: postgres.Sql | postgres.TransactionSql): Query =>
    async <T>(text: string, params: unknown[] = []) =>
      (await s.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[];
  return {
    kind: 'postgresql',
    query: run(sql),
    transaction: async (f) => (await sql.begin((tx) => f(run(tx)))) as never,
    exec: async (text) => {
      await sql.unsafe(text);
    },
    listen: async (channel, on) => {
      await sql.listen(channel, on);
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
