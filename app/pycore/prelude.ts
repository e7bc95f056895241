// What the core uses of the web platform that a bare V8 (mini-racer) lacks, given where missing.
// Only calls use these, never a module as it loads, so core.ts gives them before its first call.
import { ShimUrl } from './url_shim';

export function installPrelude(): void {
  const host = globalThis as { URL?: unknown; structuredClone?: (value: unknown) => unknown };
  host.URL ??= ShimUrl;
  // The core clones only what came to it as JSON (models, presets), which JSON copies whole.
  host.structuredClone ??= (value) => JSON.parse(JSON.stringify(value)) as unknown;
}
