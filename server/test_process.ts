// The class server as a process of its own (server/main.ts, the production command), for tests
// that need more than one process or kill one: started on a port (0 for any free one) and awaited
// on the address it prints, never on a sleep.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { Running } from './test_harness';

const ROOT = join(import.meta.dirname, '..');

export interface ServerProcess {
  running: Running;
  child: ChildProcess;
  /** The exit code (null after a signal), when the process ends. */
  exited: Promise<number | null>;
}

/**
 * `tsx server/main.ts` on 127.0.0.1:`port` with `args` (the API alone unless told), and `env`
 * besides this process's own (never its DATABASE_URL: a test says which database it wants).
 */
export async function startServerProcess(
  env: Record<string, string>,
  port = 0,
  args = ['--api-only'],
): Promise<ServerProcess> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'server/main.ts', ...args, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: ROOT, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  let listening = false;
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      if (listening) return;
      output += String(chunk);
      const match = /On this computer:\s+(http:\/\/[\d.]+:\d+)\//.exec(output);
      listening = match !== null;
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) =>
      reject(new Error(`the server process ended (${code}) before it listened:\n${output}`)),
    );
  });
  // What goes wrong in the process later shows beside the test that failed.
  child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { running: new Running(url, null, stop), child, exited };
}
