// The Japanese words of every preset (presets/ja/<id>.json):
// each laid over its English (extends resolved) is still a preset, says every word the English
// has where PRESET_WORD_PATHS names one and nothing else, in Japanese, keeping its numbers and
// placeholders.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { overlay } from '../i18n/overlay';
import { resolveExtends } from './extend';
import { presetFiles } from './from_disk';
import { PRESET_WORDS, PRESET_WORD_PATHS } from './preset_words';
import { parsePreset } from './schema';

const jaDir = fileURLToPath(new URL('../../presets/ja/', import.meta.url));
const files = presetFiles();
const ids = [...files.keys()].filter((name) => !name.startsWith('bases/')).sort();

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

interface Place {
  /** The pattern of PRESET_WORD_PATHS it matches. */
  pattern: string;
  /** Keys and list indices joined by dots: charts.3.bars.0.label. */
  path: string;
  value: unknown;
}

/**
 * Every place in `node` that `pattern` names (a path of keys, `[]` for every item of a list, `*`
 * for every key of an object).
 */
function places(node: unknown, pattern: string): Place[] {
  let found: Place[] = [{ pattern, path: '', value: node }];
  for (const step of pattern.split('.')) {
    const key = step.replace(/\[\]$/, '');
    if (key === '*') {
      found = found.flatMap(({ path, value }) =>
        isObject(value)
          ? Object.entries(value).map(([k, v]) => ({
              pattern,
              path: path ? `${path}.${k}` : k,
              value: v,
            }))
          : [],
      );
      continue;
    }
    found = found.flatMap(({ path, value }) => {
      const at = isObject(value) ? value[key] : undefined;
      const here = path ? `${path}.${key}` : key;
      if (!step.endsWith('[]')) return at === undefined ? [] : [{ pattern, path: here, value: at }];
      return Array.isArray(at)
        ? at.map((item, i) => ({ pattern, path: `${here}.${i}`, value: item }))
        : [];
    });
  }
  return found;
}

/** The words of `node`: each string at a place of PRESET_WORD_PATHS. */
const words = (node: unknown) =>
  PRESET_WORD_PATHS.flatMap((pattern) => places(node, pattern)).filter(
    (p) => typeof p.value === 'string',
  );

/** Every string in `node`, with its path. */
function strings(node: unknown, path = ''): string[] {
  const at = (key: string | number) => (path ? `${path}.${key}` : `${key}`);
  if (typeof node === 'string') return [path];
  if (Array.isArray(node)) return node.flatMap((item, i) => strings(item, at(i)));
  if (isObject(node)) return Object.entries(node).flatMap(([k, v]) => strings(v, at(k)));
  return [];
}

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
/** Axis and bar labels and parameters' sources, which may be only a symbol, a unit or a name. */
const LABELS = new Set([
  'charts[].x.label',
  'charts[].y.label',
  'charts[].bars[].label',
  'charts[].bars[].segments[].label',
  'charts[].marks[].label',
  'params.*.source',
]);
/**
 * An axis, bar or mark label left as the English writes it because it is only symbols, units and
 * names (alpha = Tw / p, Ts + Te + Tb N, p = 0.0001, 25 MHz T805, LCS, ½ N=2): no word of three
 * lower-case letters or more but the unit MHz and the symbol alpha.
 */
const onlySymbols = (pattern: string, en: string, ja: string) =>
  LABELS.has(pattern) &&
  ja === en &&
  (!/[A-Za-z]{3,}/.test(en.replace(/\b(?:MHz|alpha)\b/g, '')) || /^[\p{Lu}\d½=+\-/. ]+$/u.test(en));

/** Its placeholders and optional parts' brackets, in any order (a language orders its own). */
const placeholders = (text: string) =>
  [...text.matchAll(/\{[^{}]*\}|[[\]]/g)].map((m) => m[0]).sort();
const numbers = (text: string) => new Set(text.match(/\d+(?:\.\d+)?/g) ?? []);
/** です / ます at a sentence's end: the reference prose is in the plain (である) style. */
const POLITE = /(です|ます|でした|ました)[。）]/u;

const english = (id: string) => resolveExtends(id, files);
/** The Japanese file's words; none where it is missing (the first test names it). */
const japanese = (id: string): unknown =>
  existsSync(`${jaDir}${id}.json`) ? JSON.parse(readFileSync(`${jaDir}${id}.json`, 'utf8')) : {};

describe('presets/ja', () => {
  it('has every preset’s Japanese file', () => {
    expect(ids.filter((id) => !existsSync(`${jaDir}${id}.json`))).toEqual([]);
  });

  describe.each(ids)('%s', (id) => {
    const en = english(id);
    const ja = japanese(id);
    const jaAt = new Map(words(ja).map((p) => [p.path, p.value]));

    it('lays over the English and is still a preset', () => {
      const laid = overlay(en, ja, PRESET_WORDS, `ja/${id}.json`);
      expect(parsePreset(laid, `ja/${id}.json`).id).toBe(id);
    });

    it('says every word the English has, and nothing else', () => {
      const missing = words(en)
        .filter((p) => typeof jaAt.get(p.path) !== 'string')
        .map((p) => p.path);
      expect(missing).toEqual([]);
      const known = new Set(words(en).map((p) => p.path));
      expect(strings(ja).filter((path) => !known.has(path))).toEqual([]);
    });

    it('says each in Japanese, keeping its numbers, placeholders and plain style', () => {
      const problems = words(en).flatMap(({ pattern, path, value }) => {
        const source = value as string;
        const text = jaAt.get(path);
        if (typeof text !== 'string') return [];
        const found: string[] = [];
        if (!JAPANESE.test(text) && !onlySymbols(pattern, source, text))
          found.push(`${path}: no Japanese: ${text}`);
        if (placeholders(text).join(' ') !== placeholders(source).join(' '))
          found.push(`${path}: placeholders ${placeholders(text).join(' ')}`);
        const kept = numbers(text);
        const lost = [...numbers(source)].filter((n) => !kept.has(n));
        if (lost.length) found.push(`${path}: numbers lost: ${lost.join(', ')}`);
        if (POLITE.test(text)) found.push(`${path}: です/ます: ${text}`);
        return found;
      });
      expect(problems).toEqual([]);
    });
  });
});
