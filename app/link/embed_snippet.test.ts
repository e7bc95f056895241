import { describe, expect, it } from 'vitest';

import {
  LESSON_FRAME_HEIGHT_PX,
  SNIPPET_HEIGHT_PX,
  embedSnippet,
  isFitMessage,
  lessonSnippet,
  readEmbedMessage,
} from './embed_snippet';

const url = 'https://example.org/archex/embed.html?s=zABC&chart=comm-rate';

describe('embedSnippet()', () => {
  it('writes the frame with its address and title escaped, full width, its height as attributes', () => {
    const snippet = embedSnippet(url, 'Rate "R" <fast>');
    const frame = /<iframe [\s\S]*?<\/iframe>/.exec(snippet)?.[0] ?? '';
    expect(frame).toContain(
      'src="https://example.org/archex/embed.html?s=zABC&amp;chart=comm-rate"',
    );
    expect(frame).toContain('title="Rate &quot;R&quot; &lt;fast>"');
    // Attributes, not a style, hold where a host's policy refuses style attributes.
    expect(frame).toContain(`width="100%" height="${SNIPPET_HEIGHT_PX}"`);
  });

  it('loads the fitting script from beside the embed page, never inline script', () => {
    const snippet = embedSnippet(url, 't');
    const scripts = [...snippet.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]![1]).toBe(' src="https://example.org/archex/embed.js" async');
    expect(scripts[0]![2]).toBe('');
  });
});

describe('lessonSnippet()', () => {
  it('frames the whole lesson at its height, escaped, with no script', () => {
    const snippet = lessonSnippet('https://example.org/archex/?s=z"<', 'My <lesson>');
    expect(snippet).toBe(
      '<iframe src="https://example.org/archex/?s=z&quot;&lt;" title="My &lt;lesson>" ' +
        `width="100%" height="${LESSON_FRAME_HEIGHT_PX}" frameborder="0" loading="lazy"></iframe>`,
    );
  });
});

describe('readEmbedMessage()', () => {
  it('reads each message of the embed API', () => {
    const ready = { type: 'archex:ready', chart: 'comm-rate', title: 'Rate', height: 412 };
    expect(readEmbedMessage(ready)).toEqual(ready);
    expect(readEmbedMessage({ type: 'archex:resized', height: 380.5 })).toEqual({
      type: 'archex:resized',
      height: 380.5,
    });
    expect(readEmbedMessage({ type: 'archex:error', message: 'no chart' })).toEqual({
      type: 'archex:error',
      message: 'no chart',
    });
  });

  it('refuses anything else: other types, missing or bad fields, not an object', () => {
    for (const data of [
      null,
      'archex:resized',
      { type: 'archex:resized' },
      { type: 'archex:resized', height: -1 },
      { type: 'archex:resized', height: Number.NaN },
      { type: 'archex:resized', height: '400' },
      { type: 'archex:ready', height: 4 },
      { type: 'archex:error' },
      { type: 'archex:embed-height', height: 4 },
    ]) {
      expect(readEmbedMessage(data), JSON.stringify(data)).toBeNull();
    }
    expect(isFitMessage({ type: 'archex:fit' })).toBe(true);
    expect(isFitMessage({ type: 'archex:resized' })).toBe(false);
  });
});
