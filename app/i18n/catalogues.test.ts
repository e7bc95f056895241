// Every language's catalogues say what the source language's say: the same keys, each an ICU
// message that parses with the same arguments.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';

import { NAMESPACES } from './i18n';
import { LANGUAGES, SOURCE_LANG } from './languages';

const dir = fileURLToPath(new URL('./locales/', import.meta.url));

/** Each message by its dotted key. */
function messages(lang: string, ns: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') out.set(path.join('.'), node);
    else for (const [k, v] of Object.entries(node as object)) walk(v, [...path, k]);
  };
  walk(JSON.parse(readFileSync(`${dir}${lang}/${ns}.json`, 'utf8')), []);
  return out;
}

/** A message's arguments, by name (a plural's and a select's within their branches too). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    if ('value' in e && typeof e.value === 'string') into.add(e.value);
    if ('options' in e) for (const o of Object.values(e.options)) argumentsOf(o.value, into);
    if (e.type === TYPE.tag) argumentsOf(e.children, into);
  }
  return into;
}

describe('catalogues', () => {
  it('are one folder a language, one file a namespace', () => {
    expect(readdirSync(dir).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
    for (const { code } of LANGUAGES)
      expect(readdirSync(`${dir}${code}`).sort()).toEqual(
        NAMESPACES.map((ns) => `${ns}.json`).sort(),
      );
  });

  for (const ns of NAMESPACES) {
    const source = messages(SOURCE_LANG, ns);
    for (const { code } of LANGUAGES) {
      it(`${code}/${ns}: the source's keys, each an ICU message with its arguments`, () => {
        const own = messages(code, ns);
        expect([...own.keys()].sort()).toEqual([...source.keys()].sort());
        for (const [key, text] of own) {
          const args = [...argumentsOf(parse(text))].sort();
          expect(args, `${code}/${ns} ${key}`).toEqual(
            [...argumentsOf(parse(source.get(key)!))].sort(),
          );
          expect(text.trim(), `${code}/${ns} ${key} is empty`).not.toBe('');
        }
      });
    }
  }
});
