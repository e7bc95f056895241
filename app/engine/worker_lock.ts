// A worker's life as a Web Lock (see worker_engine.ts). Web Locks exist only in secure contexts
// (https, localhost), and a browser may refuse them where it refuses storage (a frame of another
// site without storage access: SecurityError). Either way the engine starts; only a worker's
// silent end goes unseen, and the reason is kept to be said.

/** Why this context cannot hold or watch Web Locks, or null when it can try. */
export function locksMissing(): string | null {
  if (typeof navigator === 'undefined' || navigator.locks === undefined) {
    return 'this page has no Web Locks (they need a secure context: https or localhost)';
  }
  return null;
}

/** A refused lock request in words. */
export function lockRefused(error: unknown): string {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `the browser refused Web Locks here, as it does in a frame of another site without storage access (${detail})`;
}

/**
 * Takes the lock `name` and keeps it while this worker lives. Settles once the lock is held
 * (null) or cannot be (why not, in words); it never waits for a refusal that will not come.
 */
export function holdForLife(name: string): Promise<string | null> {
  const missing = locksMissing();
  if (missing !== null) return Promise.resolve(missing);
  if (name === '') return Promise.resolve('the worker has no name to lock');
  return new Promise((settle) => {
    try {
      navigator.locks
        .request(name, () => {
          settle(null);
          return new Promise<never>(() => {});
        })
        .catch((error: unknown) => settle(lockRefused(error)));
    } catch (error) {
      settle(lockRefused(error));
    }
  });
}
