import { describe, expect, it } from 'vitest';

import type { EmbedMessage } from '../link/embed_snippet';
import { scriptRefused, tellHost, watchScriptLoads } from './embed_boot';

/** A page whose load errors the test fires; what it showed and told. */
function bootPage(origin: string, what = 'This chart') {
  let listener: (event: Event) => void = () => undefined;
  const shown: string[] = [];
  const told: EmbedMessage[] = [];
  watchScriptLoads({
    origin,
    what: () => what,
    addEventListener: (_type, l, capture) => {
      expect(capture).toBe(true);
      listener = l;
    },
    show: (message) => shown.push(message),
    tell: (message) => told.push(message),
  });
  const fail = (target: object) => listener({ target } as unknown as Event);
  return { shown, told, fail };
}

const script = (src: string) => ({ localName: 'script', src });

describe('watchScriptLoads(page)', () => {
  it('says the first script refused in an opaque frame, what it needs, and tells the host archex:error', () => {
    const page = bootPage('null');
    page.fail(script('https://archex.example/assets/embed-1.js'));
    page.fail(script('https://archex.example/assets/shared-2.js'));
    expect(page.shown).toHaveLength(1);
    expect(page.shown[0]).toMatch(
      /^This chart cannot load in this frame: .*allow-same-origin.*Access-Control-Allow-Origin.*refused embed-1\.js/,
    );
    expect(page.told).toEqual([{ type: 'archex:error', message: page.shown[0] }]);
  });

  it('says a script that did not arrive elsewhere, and leaves other load errors alone', () => {
    const page = bootPage('https://archex.example');
    page.fail({ localName: 'img', src: 'https://archex.example/favicon.svg' });
    page.fail({ localName: 'link', href: 'https://archex.example/assets/styles.css' });
    expect(page.shown).toEqual([]);
    page.fail(script('https://archex.example/assets/embed-1.js'));
    expect(page.shown).toEqual([scriptRefused('https://archex.example', 'embed-1.js')]);
    expect(page.shown[0]).toBe(
      'This chart could not load: its script embed-1.js did not arrive. Reload the page to try again.',
    );
  });

  it('names the page it is: a lesson framed whole is the explorer, not a chart', () => {
    const page = bootPage('null', 'archex');
    page.fail(script('http://127.0.0.1:5173/@vite/client'));
    expect(page.shown[0]).toMatch(/^archex cannot load in this frame: .*refused @vite\/client\./);
  });
});

describe('tellHost(message, page)', () => {
  it('posts to the parent, to any origin, only from inside a frame', () => {
    const posted: unknown[][] = [];
    const parent = { postMessage: (...args: unknown[]) => posted.push(args) };
    const message: EmbedMessage = { type: 'archex:error', message: 'x' };
    tellHost(message, { parent } as unknown as Window);
    const top = { parent: undefined as unknown };
    top.parent = top;
    tellHost(message, top as unknown as Window);
    expect(posted).toEqual([[message, '*']]);
  });
});
