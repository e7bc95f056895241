// One request to a worker of its own, answered once: how the exports build their files off the
// page's thread. A browser that refuses the worker gets the refusal in words, not a page that
// stops. The caller opens the worker (`new Worker(new URL(...))` must be written where the
// bundler can see it).

/** What an export worker posts back: its result, or why it has none. */
export type WorkerAnswer<R> = { result: R } | { error: string };

export function callWorker<R>(
  open: () => Worker,
  message: unknown,
  transfer: Transferable[] = [],
): Promise<R> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = open();
    } catch (error) {
      reject(new Error(`the browser refused a worker to build the file (${String(error)})`));
      return;
    }
    worker.addEventListener('message', (event: MessageEvent<WorkerAnswer<R>>) => {
      worker.terminate();
      if ('result' in event.data) resolve(event.data.result);
      else reject(new Error(event.data.error));
    });
    worker.addEventListener('error', (event) => {
      worker.terminate();
      reject(new Error(`the worker building the file failed: ${event.message || 'refused'}`));
    });
    worker.postMessage(message, transfer);
  });
}

/** What a worker's global scope offers it (the DOM's types describe a window). */
interface WorkerScope {
  postMessage(message: WorkerAnswer<unknown>, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/**
 * Answers each request with `work`'s result (its transferables moved, not copied) or its error's
 * words. Called from the worker's module.
 */
export function answerRequests<T, R>(
  work: (request: T) => Promise<R> | R,
  transfer: (result: R) => Transferable[] = () => [],
): void {
  const scope = globalThis as unknown as WorkerScope;
  scope.addEventListener('message', (event: MessageEvent<T>) => {
    Promise.resolve()
      .then(() => work(event.data))
      .then(
        (result) => scope.postMessage({ result }, transfer(result)),
        (error: unknown) =>
          scope.postMessage({ error: error instanceof Error ? error.message : String(error) }),
      );
  });
}
