// The Python package's core as one classic script (python/archex/_core.js, built by build.ts):
// `globalThis.archexCore` holds the calls of api.ts, over the presets shipped in it, and `call`,
// which gives a call's value or its error as JSON, so Python sees the parameter an error names.
import shipped from 'archex:presets';

import type { Core } from './api';
import { makeCore } from './api';
import { installPrelude } from './prelude';

installPrelude();
const core = makeCore(shipped);

/** `core[name](...args)` as `{"value": ...}`, or `{"error": {"message", "param"?}}`. */
function call(name: keyof Core, ...args: unknown[]): string {
  try {
    const value = (core[name] as (...a: unknown[]) => unknown)(...args);
    return JSON.stringify({ value: value ?? null });
  } catch (error) {
    const { message, param } = error as { message?: string; param?: string };
    return JSON.stringify({ error: { message: String(message ?? error), param } });
  }
}

(globalThis as { archexCore?: unknown }).archexCore = { ...core, call };
