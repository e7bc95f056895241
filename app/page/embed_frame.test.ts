import { describe, expect, it } from 'vitest';

import { FitRequests } from './embed_frame';

/** A window whose parent can be told apart from any other sender. */
function fakeWindow() {
  const parent = {};
  let handler: (event: MessageEvent) => void = () => undefined;
  const target = {
    parent,
    addEventListener: (_type: string, h: (event: MessageEvent) => void) => (handler = h),
  } as unknown as Window;
  const send = (source: unknown, data: unknown) =>
    handler({ source, data } as unknown as MessageEvent);
  return { target, parent, send };
}

describe('FitRequests', () => {
  it('turns to asked when the parent page says archex:fit, and tells its subscribers once', () => {
    const { target, parent, send } = fakeWindow();
    const requests = new FitRequests(target);
    let told = 0;
    requests.subscribe(() => told++);
    expect(requests.fitAsked()).toBe(false);
    send(parent, { type: 'archex:fit' });
    send(parent, { type: 'archex:fit' });
    expect(requests.fitAsked()).toBe(true);
    expect(told).toBe(1);
  });

  it('ignores other senders and other messages', () => {
    const { target, parent, send } = fakeWindow();
    const requests = new FitRequests(target);
    send({}, { type: 'archex:fit' });
    send(parent, { type: 'archex:resized', height: 3 });
    send(parent, 'archex:fit');
    expect(requests.fitAsked()).toBe(false);
  });
});
