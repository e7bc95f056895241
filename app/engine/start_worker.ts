// Starting the engine's module worker where the page may not start it from its address.

/** What the classic worker's scope offers the bootstrap (a worker's, or a test's fakes). */
export type BootstrapScope = Pick<
  EventTarget,
  'addEventListener' | 'removeEventListener' | 'dispatchEvent'
>;

/**
 * Loads the engine's module into a classic worker's `scope` by `load` (a dynamic import) and hands
 * it the messages that arrived meanwhile: a dynamic import settles only after the module has run,
 * and the module adds its listeners as it runs. A failed load is thrown from a task of its own
 * (`later`), so the page gets it as the worker's `error` event, in words, rather than a worker
 * that never answers. Self-contained: its source is the worker's (bootstrapSource).
 */
export function loadHoldingMessages(
  scope: BootstrapScope,
  load: () => Promise<unknown>,
  later: (task: () => void) => void,
): void {
  const held: unknown[] = [];
  const hold = (event: Event) => {
    event.stopImmediatePropagation();
    held.push((event as MessageEvent).data);
  };
  scope.addEventListener('message', hold);
  load().then(
    () => {
      scope.removeEventListener('message', hold);
      for (const data of held) scope.dispatchEvent(new MessageEvent('message', { data }));
    },
    (error: unknown) =>
      later(() => {
        throw error;
      }),
  );
}

/** The source of a classic worker that loads the module at `url` (loadHoldingMessages). */
export function bootstrapSource(url: string): string {
  return `(${loadHoldingMessages.toString()})(self, () => import(${JSON.stringify(url)}), setTimeout);`;
}

/**
 * Starts the module worker at `url`, named `name`. A page may start a worker only from an address
 * of its own origin, which the engine's is not in a frame sandboxed without allow-same-origin (its
 * origin is opaque: `null`); there the worker is a classic one started from a blob: address the
 * page makes (of the page's own origin), which imports the module. The import is a CORS request
 * from origin `null`: archex's site must answer it (`Access-Control-Allow-Origin: *`). Chromium
 * refuses a module worker from a blob: address in an opaque origin, hence a classic one.
 */
export function startModuleWorker(url: URL, name: string): Worker {
  try {
    return new Worker(url, { type: 'module', name });
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'SecurityError')) throw error;
    const blob = URL.createObjectURL(
      new Blob([bootstrapSource(url.href)], { type: 'text/javascript' }),
    );
    const worker = new Worker(blob, { name });
    const release = () => URL.revokeObjectURL(blob);
    worker.addEventListener('message', release, { once: true });
    worker.addEventListener('error', release, { once: true });
    return worker;
  }
}
