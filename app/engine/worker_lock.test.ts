import { afterEach, describe, expect, it, vi } from 'vitest';

import { holdForLife } from './worker_lock';

/** A promise's state after pending callbacks have run: its value, or 'pending'. */
async function settledValue<T>(promise: Promise<T>): Promise<T | 'pending'> {
  return Promise.race([promise, new Promise<'pending'>((r) => setTimeout(() => r('pending'), 0))]);
}

afterEach(() => vi.unstubAllGlobals());

describe('holdForLife(name)', () => {
  it('settles with the reason when the browser refuses the lock (a frame of another site)', async () => {
    const refused = new DOMException('The request was denied.', 'SecurityError');
    vi.stubGlobal('navigator', { locks: { request: () => Promise.reject(refused) } });
    const reason = await settledValue(holdForLife('archex-engine-1'));
    expect(reason).toMatch(/refused Web Locks.*SecurityError: The request was denied\./);
  });

  it('settles with the reason when the request throws at once', async () => {
    vi.stubGlobal('navigator', {
      locks: {
        request: () => {
          throw new TypeError('locks are not allowed');
        },
      },
    });
    expect(await settledValue(holdForLife('archex-engine-1'))).toMatch(
      /TypeError: locks are not allowed/,
    );
  });

  it('settles with null once the lock is held, and keeps holding it', async () => {
    let released = false;
    vi.stubGlobal('navigator', {
      locks: {
        request: (_name: string, callback: () => Promise<never>) =>
          callback().finally(() => (released = true)),
      },
    });
    expect(await settledValue(holdForLife('archex-engine-1'))).toBeNull();
    expect(released).toBe(false);
  });

  it('says so where there are no Web Locks (not a secure context)', async () => {
    vi.stubGlobal('navigator', {});
    expect(await holdForLife('archex-engine-1')).toMatch(/no Web Locks/);
  });
});
