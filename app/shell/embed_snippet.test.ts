import { describe, expect, it } from 'vitest';

import { EMBED_HEIGHT_MESSAGE, embedSnippet } from './embed_snippet';

const url = 'https://example.org/archex/embed.html?s=zABC&chart=comm-rate';

/** Runs the snippet's script against two fake frames; returns them and the message handler. */
function load(snippet: string) {
  const code = /<script>([\s\S]*)<\/script>/.exec(snippet)?.[1] ?? '';
  const frames = [0, 1].map((i) => ({ contentWindow: { i }, style: { height: '500px' } }));
  let handler: (e: { origin: string; source: unknown; data: unknown }) => void = () => undefined;
  const listen = (type: string, h: typeof handler) => {
    if (type === 'message') handler = h;
  };
  const document = { querySelectorAll: () => frames };
  new Function('addEventListener', 'document', code)(listen, document);
  return { frames, send: (e: Parameters<typeof handler>[0]) => handler(e) };
}

describe('embedSnippet()', () => {
  it('writes the frame with its address and title escaped, full width, no border', () => {
    const snippet = embedSnippet(url, 'Rate "R" <fast>');
    const frame = /<iframe [\s\S]*?<\/iframe>/.exec(snippet)?.[0] ?? '';
    expect(frame).toContain(
      'src="https://example.org/archex/embed.html?s=zABC&amp;chart=comm-rate"',
    );
    expect(frame).toContain('title="Rate &quot;R&quot; &lt;fast>"');
    expect(frame).toContain('width:100%');
    expect(frame).not.toContain('aspect-ratio');
  });

  it("sets the height of the frame that sent the embed page's message, and of no other", () => {
    const { frames, send } = load(embedSnippet(url, 't'));
    const data = { type: EMBED_HEIGHT_MESSAGE, height: 612.4 };
    send({ origin: 'https://example.org', source: frames[1]!.contentWindow, data });
    expect(frames.map((f) => f.style.height)).toEqual(['500px', '613px']);
  });

  it('ignores messages from other origins, of other types or without a height', () => {
    const { frames, send } = load(embedSnippet(url, 't'));
    const source = frames[0]!.contentWindow;
    send({
      origin: 'https://evil.example',
      source,
      data: { type: EMBED_HEIGHT_MESSAGE, height: 9 },
    });
    send({ origin: 'https://example.org', source, data: { type: 'other', height: 9 } });
    send({ origin: 'https://example.org', source, data: { type: EMBED_HEIGHT_MESSAGE } });
    send({ origin: 'https://example.org', source, data: null });
    expect(frames[0]!.style.height).toBe('500px');
  });
});
