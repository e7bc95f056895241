import { describe, expect, it } from 'vitest';

import { fitArchexFrames } from './embed_host';

const ORIGIN = 'https://archex.example';

/** A host page of fake frames; returns them, what each was sent, and a way to send messages. */
function hostPage(sources: string[]) {
  const sent: unknown[][] = sources.map(() => []);
  const loads: (() => void)[] = [];
  const frames = sources.map((src, i) => ({
    src,
    style: { height: '480px' } as Record<string, string>,
    contentWindow: { postMessage: (m: unknown, to: string) => sent[i]!.push([m, to]) },
    addEventListener: (type: string, h: () => void) => {
      if (type === 'load') loads[i] = h;
    },
  }));
  let handler: (event: MessageEvent) => void = () => undefined;
  const found = fitArchexFrames(
    {
      document: { querySelectorAll: () => frames } as unknown as Document,
      addEventListener: (_type, h) => (handler = h),
    },
    ORIGIN,
  );
  const send = (origin: string, frame: number, data: unknown) =>
    handler({ origin, source: frames[frame]!.contentWindow, data } as unknown as MessageEvent);
  return { frames, sent, loads, found, send };
}

describe('fitArchexFrames(host, origin)', () => {
  it("asks archex's frames to fit, now and on each load, and leaves the host's other frames", () => {
    const page = hostPage([`${ORIGIN}/embed.html?s=z1`, 'https://video.example/x']);
    expect(page.found).toBe(1);
    expect(page.sent[0]).toEqual([[{ type: 'archex:fit' }, '*']]);
    page.loads[0]!();
    expect(page.sent[0]).toHaveLength(2);
    expect(page.sent[1]).toEqual([]);
  });

  it('sets the height of the frame that said it, and of no other', () => {
    const page = hostPage([`${ORIGIN}/embed.html?a`, `${ORIGIN}/embed.html?b`]);
    page.send(ORIGIN, 1, { type: 'archex:resized', height: 612.4 });
    expect(page.frames.map((f) => f.style.height)).toEqual(['480px', '613px']);
    page.send(ORIGIN, 0, { type: 'archex:ready', chart: 'c', title: 't', height: 300 });
    expect(page.frames.map((f) => f.style.height)).toEqual(['300px', '613px']);
  });

  it("sizes a sandboxed archex frame, whose page speaks from the opaque origin 'null'", () => {
    const page = hostPage([`${ORIGIN}/embed.html?a`, 'https://video.example/x']);
    page.send('null', 0, { type: 'archex:resized', height: 530 });
    // A sandboxed frame of another site is not archex's, whatever it says.
    page.send('null', 1, { type: 'archex:resized', height: 9 });
    expect(page.frames.map((f) => f.style.height)).toEqual(['530px', '480px']);
  });

  it('ignores messages from other origins, of other types or without a height', () => {
    const page = hostPage([`${ORIGIN}/embed.html`]);
    page.send('https://evil.example', 0, { type: 'archex:resized', height: 9 });
    page.send(ORIGIN, 0, { type: 'other', height: 9 });
    page.send(ORIGIN, 0, { type: 'archex:resized' });
    page.send(ORIGIN, 0, { type: 'archex:error', message: 'x', height: 9 });
    page.send(ORIGIN, 0, null);
    expect(page.frames[0]!.style.height).toBe('480px');
  });
});
