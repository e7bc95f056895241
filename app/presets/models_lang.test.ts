// The engine's words in each language (presets/models/<lang>/*.json): every text a model declares
// (title, description, parameters' labels, help and choices, outputs' descriptions) and every unit
// it names has its word, once, and nothing else; each in the language, keeping the English's
// numbers and code names; and the page lays them over the models without touching what links
// and presets read. A run's own words (curves' labels, axes' names, networks' labels, timelines'
// rows) over every preset's run, each by a pattern of presets/models/<lang>/run_words.json.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { chooseLanguage } from '../i18n/i18n';
import { RUNS_FILE, runPatterns, runWordBy, UNITS_FILE } from '../i18n/engine_words';
import { LANGUAGES, SOURCE_LANG } from '../i18n/languages';
import { loadPresetsFromDisk } from './from_disk';
import { choiceNamesAt, valueText } from './param_values';
import { presetRun } from './shared_runs';
import { modelIn } from './translated';
import { unitSymbol } from './units';

const models: ModelInfo[] = (await loadNodeModule()).listModels();
const dir = (lang: string) =>
  fileURLToPath(new URL(`../../presets/models/${lang}/`, import.meta.url));

/** Every text the engine declares for a reader. */
function engineTexts(): Set<string> {
  const texts = new Set<string>();
  const add = (text: string) => text !== '' && texts.add(text);
  for (const m of models) {
    add(m.title);
    add(m.description);
    for (const p of m.params) {
      [p.label, p.description, ...p.choices, ...p.choiceNames.map((n) => n.name)].forEach(add);
    }
    for (const o of m.outputs) add(o.description);
  }
  return texts;
}

/**
 * Every unit a reader sees: the params', the outputs', those a choice names (unitFrom), and the
 * presets' own (a readout's "of peak").
 */
function shownUnits(): Set<string> {
  const units = new Set<string>();
  const inPreset = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(inPreset);
    else if (typeof node === 'object' && node !== null)
      for (const [key, value] of Object.entries(node))
        if (key === 'unit' && typeof value === 'string') units.add(value);
        else inPreset(value);
  };
  loadPresetsFromDisk().forEach(inPreset);
  for (const m of models) {
    for (const p of m.params) {
      units.add(p.unit);
      if (p.unitFrom)
        m.params.find((q) => q.name === p.unitFrom)!.choices.forEach((c) => units.add(c));
    }
    for (const o of m.outputs) units.add(o.unit);
  }
  return new Set([...units].filter((u) => u !== '' && u !== 'ratio'));
}

/**
 * Words a run's labels keep in every language: the transputers' raw links, the models' symbols
 * (sigma m + l, alpha = Tw / p).
 */
const KEPT_WORDS = new Set(['raw', 'sigma', 'alpha']);

const SCRIPT: Record<string, RegExp> = {
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
};
/** A name, an acronym or a symbol, the same in every language: no word of 3 lower-case letters. */
const nameOnly = (text: string) => !/\b[a-z]{3,}/.test(text);
/** Choices the field names in Latin letters in every language (BookSim2's anynet, d-mod-k). */
const LATIN_NAMES = new Set(['fly', 'spidergon', 'anynet', 'd-mod-k']);
const numbers = (text: string) => new Set(text.replaceAll(',', '').match(/\d+(?:\.\d+)?/g) ?? []);
/** parameter and key names in code form: fly_radix, dim_order_torus. */
const codeNames = (text: string) => text.match(/\b[a-z0-9]+(?:_[a-z0-9]+)+\b/g) ?? [];
const POLITE = /(です|ます|でした|ました)[。）]/u;

const others = LANGUAGES.map((l) => l.code).filter((code) => code !== SOURCE_LANG);

describe.each(others)('presets/models/%s', (lang) => {
  const files = readdirSync(dir(lang)).filter((f) => f.endsWith('.json'));
  const read = (f: string): Record<string, string> =>
    JSON.parse(readFileSync(`${dir(lang)}${f}`, 'utf8'));
  const textFiles = files.filter((f) => f !== `${UNITS_FILE}.json` && f !== `${RUNS_FILE}.json`);

  it('has every engine text once, and no text the engine does not declare', () => {
    const texts = engineTexts();
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const f of textFiles)
      for (const text of Object.keys(read(f))) {
        if (seen.has(text)) twice.push(`${text} (${seen.get(text)}, ${f})`);
        seen.set(text, f);
      }
    expect(twice).toEqual([]);
    expect([...texts].filter((t) => !seen.has(t))).toEqual([]);
    expect([...seen.keys()].filter((t) => !texts.has(t))).toEqual([]);
  });

  it('has every unit a reader sees, and no other', () => {
    const units = shownUnits();
    const own = Object.keys(read(`${UNITS_FILE}.json`));
    expect([...units].filter((u) => !own.includes(u))).toEqual([]);
    expect(own.filter((u) => !units.has(u))).toEqual([]);
  });

  it('says each in the language, keeping numbers and code names', () => {
    const problems = textFiles.flatMap((f) =>
      Object.entries(read(f)).flatMap(([en, word]) => {
        const found: string[] = [];
        if (!SCRIPT[lang]!.test(word) && !(nameOnly(en) && word === en) && !LATIN_NAMES.has(en))
          found.push(`not in ${lang}: ${word}`);
        const kept = numbers(word);
        const lost = [...numbers(en)].filter((n) => !kept.has(n));
        if (lost.length) found.push(`numbers lost (${lost.join(', ')}): ${en}`);
        const code = codeNames(en).filter((c) => !word.includes(c));
        if (code.length) found.push(`code names lost (${code.join(', ')}): ${en}`);
        if (lang === 'ja' && POLITE.test(word)) found.push(`です/ます: ${word}`);
        return found.map((p) => `${f}: ${p}`);
      }),
    );
    expect(problems).toEqual([]);
  });
});

describe.each(others)('the words of every preset’s run in %s', (lang) => {
  const own: Record<string, string> = JSON.parse(
    readFileSync(`${dir(lang)}${RUNS_FILE}.json`, 'utf8'),
  );
  const patterns = runPatterns(own);

  it('are each in the language by a pattern, every pattern used', async () => {
    const used = new Set<string>();
    const problems = new Set<string>();
    const presets = loadPresetsFromDisk();
    // All asked at once, as the other tests of every preset ask: the suite runs each once.
    const outcomes = await Promise.all(presets.map((preset) => presetRun(preset)));
    for (const [i, preset] of presets.entries()) {
      const { result } = outcomes[i]!;
      const texts = [
        ...result.series.flatMap((s) => [s.label, s.xName, s.yName]),
        ...result.networks.map((n) => n.label),
        ...result.timelines.flatMap((t) => t.rows),
      ];
      for (const text of texts) {
        const word = runWordBy(patterns, text, used);
        const kept = (text.match(/\b[a-z]{3,}/g) ?? []).every((w) => KEPT_WORDS.has(w));
        if (text !== '' && !SCRIPT[lang]!.test(word) && !kept)
          problems.add(`${preset.id}: ${text}`);
      }
    }
    expect([...problems]).toEqual([]);
    expect(Object.keys(own).filter((english) => !used.has(english))).toEqual([]);
  }, 600_000);

  it('keep numbers and place every placeholder', () => {
    const names = (text: string) => (text.match(/\{[a-z]+\d*\}/g) ?? []).sort().join(' ');
    const problems = Object.entries(own).filter(([en, word]) => names(en) !== names(word));
    expect(problems).toEqual([]);
    expect(runWordBy(patterns, 'MP-Write, 1 word, p = 0.0025')).toBe(
      `${runWordBy(patterns, 'MP-Write, 1 word')}${own['{label}, p = {n}']!.replace('{label}', '').replace('{n}', '0.0025')}`,
    );
  });
});

describe('a model in Japanese', () => {
  beforeAll(() => chooseLanguage('ja'));
  afterAll(() => chooseLanguage(SOURCE_LANG));
  const words = Object.fromEntries(
    readdirSync(dir('ja'))
      .filter((f) => f !== `${UNITS_FILE}.json` && f !== `${RUNS_FILE}.json`)
      .flatMap((f) => Object.entries(JSON.parse(readFileSync(`${dir('ja')}${f}`, 'utf8')))),
  ) as Record<string, string>;
  const network = models.find((m) => m.name === 'network_traffic')!;
  const topology = network.params.find((p) => p.name === 'topology')!;

  it('reads its labels, help and outputs in Japanese, its choices as links name them', () => {
    const shown = modelIn(network);
    expect(shown.title).toBe(words[network.title]);
    const spec = shown.params.find((p) => p.name === 'topology')!;
    expect(spec.label).toBe(words[topology.label]);
    expect(spec.description).toBe(words[topology.description]);
    expect(spec.choices).toEqual(topology.choices);
    expect(shown.outputs[0]!.description).toBe(words[network.outputs[0]!.description]);
  });

  it('shows a choice and a unit in Japanese', () => {
    const torus = topology.choices.indexOf('torus');
    expect(valueText(topology, torus)).toBe(words.torus);
    expect(choiceNamesAt(topology, network.params, {})[torus]).toBe(words.torus);
    expect(unitSymbol('cycles')).toBe('サイクル');
    expect(unitSymbol('us')).toBe('µs');
  });
});
