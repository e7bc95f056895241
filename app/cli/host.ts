// Where the CLI finds its presets and its engine: the repository's (presets/, wasm/build, threads
// run through tsx) unless the entry that starts it says otherwise (the packed library's bin,
// app/cli/package_bin.ts: the presets it ships, its own archex.wasm and node_worker.js).
import type { ThreadStart } from '../engine/thread_engine';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { Preset } from '../presets/schema';

export interface CliHost {
  /** How a user starts the CLI, as its usage text writes it. */
  command: string;
  presets: () => Preset[];
  /** The folder holding archex.wasm, for a run on one thread (default: wasm/build). */
  wasmDir?: URL;
  /** Starts an engine thread, for --jobs (default: thread_worker.ts through tsx). */
  startThread?: ThreadStart;
}

let host: CliHost = { command: 'npm run cli --', presets: () => loadPresetsFromDisk() };

/** Set by an entry before it imports main.ts. */
export function setCliHost(next: CliHost): void {
  host = next;
}

export function cliHost(): CliHost {
  return host;
}
