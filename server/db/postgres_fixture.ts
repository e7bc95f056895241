// A throwaway PostgreSQL for tests: a cluster made by initdb in a temporary directory, started by
// pg_ctl on a free loopback port (its unix socket in the same directory, so nothing of the
// machine's is touched), stopped and removed after. ARCHEX_TEST_DATABASE_URL names a server to
// use instead (its user creates a database for the run and drops it). Run as root (CI), the cluster's commands run as the postgres user, which initdb
// requires.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import { server } from './database';

const run = promisify(execFile);

export interface Postgres {
  /** postgres://… of a database the tests may fill. */
  url: string;
  stop(): Promise<void>;
}

/** Debian's PostgreSQL programs, the newest version installed. */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run ' +
        '`sudo apt-get install postgresql` (.ci/ready.sh --test does), or set ' +
        'ARCHEX_TEST_DATABASE_URL to a server the tests may use',
    );
  return join(root, versions[0]!, 'bin');
}

/** A port no one listens on now, from the system. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** `url` with its database named `name`. */
export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.href;
}

/**
 * A new database on ARCHEX_TEST_DATABASE_URL's server, dropped after: each run starts empty, and
 * nothing a run leaves (a class a day old) meets the next.
 */
async function onGivenServer(given: string): Promise<Postgres> {
  const name = `archex_test_${process.pid}_${Date.now()}`;
  const admin = await server(given);
  await admin.exec(`CREATE DATABASE ${name}`);
  return {
    url: withDatabase(given, name),
    stop: async () => {
      await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

/** Starts a cluster of its own, or a database on ARCHEX_TEST_DATABASE_URL's server. */
export async function startPostgres(): Promise<Postgres> {
  const given = process.env.ARCHEX_TEST_DATABASE_URL;
  if (given) return onGivenServer(given);

  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'archex-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const ids = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    chownSync(dir, await ids('-u'), await ids('-g'));
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args])
      : run(join(bin, program), args);

  const stop = async () => {
    if (existsSync(join(data, 'postmaster.pid')))
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    // Another process may take the free port before the cluster does: then try another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-c port=${port}`,
        '-c listen_addresses=127.0.0.1',
        `-c unix_socket_directories=${dir}`,
        // A test's data need not survive a crash of the machine.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      try {
        await pg('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', 'start']);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      } catch (error) {
        if (attempt === 3) {
          const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
          throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`, {
            cause: error,
          });
        }
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
}
