// Migrations: the numbered SQL files in migrations/, each applied once, in order, in one
// transaction under an advisory lock, so servers starting together on one PostgreSQL agree.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from './database';

const DIR = join(import.meta.dirname, 'migrations');
/** The advisory lock's key: any number no other part of a shared database takes. */
const LOCK = 7_430_168;

/** The migrations by their number: 001_classes.sql is 1. */
export function migrations(): { version: number; file: string }[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({ version: Number(file.slice(0, 3)), file }));
}

/** Applies the migrations the database lacks; returns how many it applied. */
export async function migrate(db: Database): Promise<number> {
  return db.transaction(async (query) => {
    await query('SELECT pg_advisory_xact_lock($1)', [LOCK]);
    // Under the lock: two servers creating it at once would both try, and one fail.
    await query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (r) => r.version,
      ),
    );
    let applied = 0;
    for (const { version, file } of migrations()) {
      if (done.has(version)) continue;
      // One statement at a time: the extended protocol both clients speak in a transaction takes one.
      for (const statement of statements(readFileSync(join(DIR, file), 'utf8')))
        await query(statement);
      await query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      applied++;
    }
    return applied;
  });
}

/** A script's statements: split at each ';' that ends a line, comments left out. */
export function statements(script: string): string[] {
  return script
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}
