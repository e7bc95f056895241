// The Japanese words of the J-Machine's and the Multi-PSI's presets (presets/ja/<id>.json): each
// laid over its English preset (as resolved from the files it extends) is still a preset; every
// field a reader reads is said, in Japanese, with the English's placeholders; nothing else is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { overlay } from '../i18n/overlay';
import { resolveExtends } from './extend';
import { presetFiles } from './from_disk';
import { PRESET_WORDS, PRESET_WORD_PATHS } from './preset_words';
import { parsePreset } from './schema';

const files = presetFiles();
const ids = [...files.keys()].filter((name) => /^(jmachine|multipsi)-/.test(name)).sort();
const jaDir = new URL('../../presets/ja/', import.meta.url);

const isObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** Each string at a path pattern ('charts[].about.what'), by its path ('charts.0.about.what'). */
function wordsAt(node: unknown, pattern: string): [string, string][] {
  const walk = (at: unknown, keys: string[], path: string[]): [string, string][] => {
    const [key, ...rest] = keys;
    if (key === undefined) return typeof at === 'string' ? [[path.join('.'), at]] : [];
    if (!isObject(at)) return [];
    if (!key.endsWith('[]')) return walk(at[key], rest, [...path, key]);
    const name = key.slice(0, -2);
    const list = at[name];
    if (!Array.isArray(list)) return [];
    return list.flatMap((item, i) => walk(item, rest, [...path, name, String(i)]));
  };
  return walk(node, pattern.split('.'), []);
}

/** Every string in a JSON value, by its path. */
function allStrings(node: unknown, path: string[] = []): [string, string][] {
  if (typeof node === 'string') return [[path.join('.'), node]];
  if (Array.isArray(node)) return node.flatMap((item, i) => allStrings(item, [...path, String(i)]));
  if (isObject(node)) return Object.entries(node).flatMap(([k, v]) => allStrings(v, [...path, k]));
  return [];
}

/** A path pattern as a pattern of concrete paths: `[]` is any index. */
const pathRegex = (pattern: string) =>
  new RegExp(`^${pattern.replaceAll('.', '\\.').replaceAll('[]', '\\.\\d+')}$`);
const WORD_PATHS = PRESET_WORD_PATHS.map(pathRegex);

const japanese = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
/**
 * The one exception to "in Japanese": a chart's axis, bar, segment or mark label that is only a
 * symbol, a unit or a name (K, T9000, LCS, ½ N=2), no word in it, kept as the English writes it.
 */
const LABELS_KEPT = ['charts[].x.label', 'charts[].y.label', 'charts[].bars[].label']
  .concat(['charts[].bars[].segments[].label', 'charts[].marks[].label'])
  .map(pathRegex);
const symbolOrName = /^[\p{Lu}\d½=+\-/. ]+$/u;
const keptLabel = (path: string, ja: string, en: string | undefined) =>
  ja === en && symbolOrName.test(ja) && LABELS_KEPT.some((r) => r.test(path));

/** A template's placeholders (`{ref}`, `{ref:%}`), sorted, and its optional [parts]. */
const placeholders = (text: string) => (text.match(/\{[^{}]*\}/g) ?? []).sort();
const brackets = (text: string) => (text.match(/[[\]]/g) ?? []).join('');
/** Prose is in the plain (である) style: no です / ます at a sentence's end. */
const politeEnding = /(です|ます|でした|ました)。/u;
const PROSE = ['description', 'charts[].about.what', 'charts[].about.mechanism'].map(pathRegex);

describe.each(ids)('presets/ja/%s.json', (id) => {
  const file = `presets/ja/${id}.json`;
  const english = parsePreset(resolveExtends(id, files), `${id}.json`);
  const ja: unknown = JSON.parse(readFileSync(new URL(`${id}.json`, jaDir), 'utf8'));
  const englishAt = new Map(PRESET_WORD_PATHS.flatMap((p) => wordsAt(english, p)));
  const jaStrings = allStrings(ja);

  it('lays over the English preset, and the result is still a preset', () => {
    const laid = overlay(english, ja, PRESET_WORDS, file);
    expect(() => parsePreset(laid, file)).not.toThrow();
  });

  it('says every field a reader reads, and nothing else', () => {
    const jaAt = new Map(jaStrings);
    const unsaid = [...englishAt.keys()].filter((path) => !jaAt.get(path)?.trim());
    expect(unsaid).toEqual([]);
    const others = jaStrings
      .map(([path]) => path)
      .filter((p) => !WORD_PATHS.some((r) => r.test(p)));
    expect(others).toEqual([]);
  });

  it('says them in Japanese, but for labels that are only a symbol or a name', () => {
    const notJapanese = jaStrings
      .filter(([path, text]) => !japanese.test(text) && !keptLabel(path, text, englishAt.get(path)))
      .map(([path, text]) => `${path}: ${text}`);
    expect(notJapanese).toEqual([]);
  });

  it("keeps the English's placeholders and optional parts, and the である style", () => {
    for (const [path, text] of jaStrings) {
      const en = englishAt.get(path) ?? '';
      expect(placeholders(text), path).toEqual(placeholders(en));
      expect(brackets(text), path).toEqual(brackets(en));
    }
    const polite = jaStrings.filter(
      ([path, text]) => PROSE.some((r) => r.test(path)) && politeEnding.test(text),
    );
    expect(polite.map(([path]) => path)).toEqual([]);
  });
});

describe('the J-Machine and Multi-PSI presets in Japanese', () => {
  it('are all there', () => {
    expect(ids).toHaveLength(20);
  });
});
