// A worker's life as a Web Lock (see worker_engine.ts): Web Locks exist only in secure contexts
// (https, localhost), so elsewhere a worker's silent end goes unseen, as before.

/** Web Locks can be used here. */
export function holdsLock(): boolean {
  return typeof navigator !== 'undefined' && navigator.locks !== undefined;
}

/** Takes the lock `name` and keeps it while this worker lives; resolves once it is held. */
export function holdForLife(name: string): Promise<void> {
  if (!holdsLock() || name === '') return Promise.resolve();
  return new Promise((held) => {
    void navigator.locks.request(name, () => {
      held();
      return new Promise<never>(() => {});
    });
  });
}
