// The page's words in the reader's language: one i18next instance with ICU messages (plurals,
// numbers), the source language's catalogues bundled, another's loaded when a reader picks it; and
// the reader's language, kept across visits once they chose it.
import type { i18n as I18n } from 'i18next';
import { createInstance } from 'i18next';
import ICU from 'i18next-icu';
import { useSyncExternalStore } from 'react';
import { initReactI18next, useTranslation } from 'react-i18next';

import charts from './locales/en/charts.json' with { type: 'json' };
import common from './locales/en/common.json' with { type: 'json' };
import explorer from './locales/en/explorer.json' with { type: 'json' };
import teaching from './locales/en/teaching.json' with { type: 'json' };
import views from './locales/en/views.json' with { type: 'json' };
import type { Lang } from './languages';
import { chooseLang, isLang, PSEUDO, SOURCE_LANG } from './languages';
import { wrap } from './pseudo';

/** The catalogues' namespaces: a file per language and namespace, app/i18n/locales/<lang>/<ns>.json. */
export const NAMESPACES = ['common', 'explorer', 'charts', 'views', 'teaching'] as const;

const STORED = 'archex.lang';

export const i18n: I18n = createInstance();
void i18n
  .use(ICU)
  .use(initReactI18next)
  // The pseudo-language: the source's messages, each wrapped.
  .use({
    type: 'postProcessor',
    name: 'pseudo',
    process: (value: string) => (i18n.language === PSEUDO ? wrap(value) : value),
  })
  .init({
    postProcess: ['pseudo'],
    lng: SOURCE_LANG,
    fallbackLng: SOURCE_LANG,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    resources: { [SOURCE_LANG]: { common, explorer, charts, views, teaching } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });

/** The reader's language, and whether they chose it (by a link or the menu) or the browser did. */
export interface Reading {
  lang: Lang;
  chosen: boolean;
}

let reading: Reading = { lang: SOURCE_LANG, chosen: false };
const listeners = new Set<() => void>();

function storedChoice(): string | null {
  try {
    return window.localStorage.getItem(STORED);
  } catch {
    return null; // storage refused: the choice lasts for this page
  }
}

/** What other rooms load with a language's catalogues: a tour's, a preset's words. */
const alsoLoaded: ((lang: Lang) => Promise<void>)[] = [];

/**
 * `loader` runs whenever the page is to speak a language, and the page speaks it once all have
 * loaded (no paint in English between): for the words a room above this one keeps per language.
 */
export function loadWithLanguage(loader: (lang: Lang) => Promise<void>): void {
  alsoLoaded.push(loader);
}

/** Loads a language's catalogues (Vite's glob: each file its own chunk, fetched when needed). */
async function load(lang: Lang): Promise<void> {
  await Promise.all(alsoLoaded.map((loader) => loader(lang)));
  if (lang === SOURCE_LANG || lang === PSEUDO || i18n.hasResourceBundle(lang, 'common')) return;
  // The source language's are bundled (above), not a chunk of their own.
  const files = import.meta.glob<{ default: Record<string, unknown> }>([
    './locales/*/*.json',
    '!./locales/en/*.json',
  ]);
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      const file = files[`./locales/${lang}/${ns}.json`];
      if (!file) throw new Error(`no catalogue app/i18n/locales/${lang}/${ns}.json`);
      i18n.addResourceBundle(lang, ns, (await file()).default);
    }),
  );
}

async function apply(next: Reading): Promise<void> {
  await load(next.lang);
  await i18n.changeLanguage(next.lang);
  if (typeof document !== 'undefined') document.documentElement.lang = next.lang;
  reading = next;
  for (const listener of listeners) listener();
}

/** The language the page opens in: the link's (`?lang=`), the reader's last choice, the browser's. */
export function startLanguage(fromLink: Lang | undefined): Promise<void> {
  const stored = storedChoice();
  const lang = chooseLang(fromLink, stored, navigator.languages ?? []);
  return apply({ lang, chosen: fromLink !== undefined || isLang(stored) });
}

/** The reader picks a language: the page speaks it now, and on their next visits. */
export function chooseLanguage(lang: Lang): Promise<void> {
  try {
    window.localStorage.setItem(STORED, lang);
  } catch {
    // Refused storage: the page speaks it until it is closed.
  }
  return apply({ lang, chosen: true });
}

export function useReading(): Reading {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reading,
    // Drawn to a string (tests, exports): the language as it stands.
    () => reading,
  );
}

/**
 * The locale Intl writes the page's numbers and lists in: the reader's language, English for the
 * pseudo-language (and for the CLI, which never switches).
 */
export function intlLocale(): string {
  return i18n.language === PSEUDO ? SOURCE_LANG : i18n.language;
}

/** This instance's `t` for a component, redrawn when the reader's language changes. */
export function useT(ns: (typeof NAMESPACES)[number] = 'common') {
  return useTranslation(ns, { i18n }).t;
}
