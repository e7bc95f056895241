import { describe, expect, it } from 'vitest';

import { bootstrapSource, loadHoldingMessages } from './start_worker';

/** A worker scope, and a module load that settles when the test says. */
function fakeWorker() {
  const scope = new EventTarget();
  let settle: { loaded(): void; failed(error: Error): void } = {
    loaded: () => {},
    failed: () => {},
  };
  const load = () =>
    new Promise<void>((loaded, failed) => {
      settle = { loaded, failed };
    });
  const later: (() => void)[] = [];
  loadHoldingMessages(scope, load, (task) => later.push(task));
  const send = (data: unknown) => scope.dispatchEvent(new MessageEvent('message', { data }));
  return { scope, settle: () => settle, later, send };
}

const flush = () => new Promise((done) => setTimeout(done));

describe('loadHoldingMessages(scope, load)', () => {
  it('hands the module, once loaded, the messages that arrived while it loaded, in order, then the rest', async () => {
    const { scope, settle, send } = fakeWorker();
    send(1);
    send(2);
    const got: unknown[] = [];
    // The module adds its listener as it runs, before the load settles.
    scope.addEventListener('message', (e) => got.push((e as MessageEvent).data));
    send(3);
    expect(got).toEqual([]);
    settle().loaded();
    await flush();
    expect(got).toEqual([1, 2, 3]);
    send(4);
    expect(got).toEqual([1, 2, 3, 4]);
  });

  it('throws a failed load from a task of its own, for the page to get as an error event', async () => {
    const { settle, later } = fakeWorker();
    settle().failed(new Error('Failed to fetch dynamically imported module'));
    await flush();
    expect(later).toHaveLength(1);
    expect(() => later[0]!()).toThrow('Failed to fetch dynamically imported module');
  });
});

describe('bootstrapSource(url)', () => {
  it('is a classic script calling the self-contained loader with an import of the url', () => {
    const source = bootstrapSource('https://archex.example/assets/worker-1.js');
    expect(source).toContain('import("https://archex.example/assets/worker-1.js")');
    expect(source.startsWith('(')).toBe(true);
    // It parses as a script: no module syntax at its top level.
    expect(() => new Function(source)).not.toThrow();
  });
});
