// The languages archex speaks, each by its code and its own name for the menu; a language is added
// by a line here and its catalogues (app/i18n/locales/<code>/, presets' <file>.<code>.json).
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ja', name: '日本語' },
] as const;

/**
 * The tests' pseudo-language: English with every message and every word of a preset, tour or
 * glossary wrapped in ⟦ ⟧, so a word on a page that nothing translates stands out. A link can ask
 * for it (lang=en-XA); the menu never offers it.
 */
export const PSEUDO = 'en-XA';

export type Lang = (typeof LANGUAGES)[number]['code'] | typeof PSEUDO;

/** The language of a reader whose browser asks for none archex speaks, and of every source text. */
export const SOURCE_LANG: Lang = 'en';

export function isLang(code: unknown): code is Lang {
  return code === PSEUDO || LANGUAGES.some((l) => l.code === code);
}

/** The codes, for a message naming the valid ones: "en or ja". */
export const LANG_CODES = LANGUAGES.map((l) => l.code).join(' or ');

/**
 * The reader's language: the link's, else the one they chose before, else the first of their
 * browser's languages archex speaks ("ja-JP" is ja), else English.
 */
export function chooseLang(
  fromLink: Lang | undefined,
  chosen: string | null,
  browser: readonly string[],
): Lang {
  if (fromLink) return fromLink;
  if (isLang(chosen)) return chosen;
  for (const tag of browser) {
    const code = tag.toLowerCase().split('-')[0];
    if (isLang(code)) return code;
  }
  return SOURCE_LANG;
}
