// The Japanese terms archex coined or chose where the glossary has none (presets/about/ja/
// terms.json): every Japanese text (catalogues, presets, tours, the glossary) writes each one the
// one way, none of the forms it avoids.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import raw from '../../presets/about/ja/terms.json';

const Terms = z
  .object({
    terms: z.array(
      z
        .object({
          en: z.string().min(1),
          ja: z.string().min(1),
          /** Forms not to write (a regular expression each). */
          avoid: z.array(z.string().min(1)).min(1),
          /** Where the choice comes from. */
          from: z.string().min(1),
        })
        .strict(),
    ),
  })
  .strict();

const root = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = [
  'app/i18n/locales/ja',
  'presets/ja',
  'presets/tours/ja',
  'presets/about/ja',
  'presets/models/ja',
];
const texts = FOLDERS.flatMap((dir) =>
  readdirSync(`${root}${dir}`)
    .filter((f) => f.endsWith('.json') && !(dir === 'presets/about/ja' && f === 'terms.json'))
    .map((f) => ({ file: `${dir}/${f}`, text: readFileSync(`${root}${dir}/${f}`, 'utf8') })),
);

describe('Japanese terms', () => {
  const { terms } = Terms.parse(raw);
  it('are each written one way in every Japanese text', () => {
    const found = terms.flatMap(({ en, avoid }) =>
      avoid.flatMap((form) =>
        texts
          .filter(({ text }) => new RegExp(form, 'u').test(text))
          .map(({ file }) => `${file}: ${form} (for ${en})`),
      ),
    );
    expect(found).toEqual([]);
  });
  it('do not avoid their own form', () => {
    for (const { ja, avoid } of terms)
      for (const form of avoid) expect(new RegExp(form, 'u').test(ja), form).toBe(false);
  });
});
