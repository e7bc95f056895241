// The page's header: the name, and the explorer's tools (back to every machine, copy the link,
// the theme); and the skip link that is the keyboard's first stop.
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';

import { chooseLanguage, useReading, useT } from '../i18n/i18n';
import { isLang, LANGUAGES } from '../i18n/languages';

import type { UrlState } from '../link/url_state';
import { emptyState } from '../link/url_state';
import { copyText } from '../ui/clipboard';
import { framed } from './embed_boot';
import { OpenInArchex } from './OpenInArchex';
import './app_header.css';

/** How long "Link copied" stays: long enough to read, then the header is as it was. */
const COPIED_MS = 4000;

export function Header({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <header className="app-header">
      <h1>
        <a href="./" className="home" translate="no">
          archex
        </a>{' '}
        <span className="tagline">{t('header.tagline')}</span>
      </h1>
      {children}
    </header>
  );
}

/**
 * The keyboard's first stop: past the header and the parameter panel (over a hundred fields on the
 * custom network) to the charts, or to the results while the charts are not drawn yet.
 */
export function SkipLink() {
  const t = useT();
  return (
    <a
      className="skip-link"
      href="#charts"
      onClick={(e) => {
        e.preventDefault();
        (document.getElementById('charts') ?? document.getElementById('results'))?.focus();
      }}
    >
      {t('header.skip')}
    </a>
  );
}

/** The header's tools; `search` is the page's link as it stands, `experiment` that one is open. */
export function HeaderTools({
  experiment,
  search,
  theme,
  onState,
  children,
}: {
  experiment: boolean;
  search: string;
  theme: UrlState['theme'];
  onState(update: (state: UrlState) => UrlState): void;
  /** Tools the page adds (opening a file). */
  children?: ReactNode;
}) {
  const t = useT();
  // What "Copy link" did, and the address it copied: said only while that is still the address.
  const [copied, setCopied] = useState<{ text: string; search: string; failed?: boolean } | null>(
    null,
  );
  useEffect(() => {
    // A link to copy by hand stays until the state changes.
    if (!copied || copied.failed) return;
    const timer = setTimeout(() => setCopied(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  // From the state: a sandboxed frame's address is not kept in step (use_url_history.ts).
  const link = new URL(search === '' ? window.location.pathname : search, window.location.href)
    .href;
  // In a frame (a lesson on a course page) the address bar shows the page around it.
  const inFrame = framed();
  const copyLink = () => {
    copyText(link).then(
      () => setCopied({ text: t('header.linkCopied'), search }),
      () =>
        setCopied({
          text: inFrame ? t('header.copyFailedFrame') : t('header.copyFailed'),
          search,
          failed: inFrame,
        }),
    );
  };

  return (
    <nav className="header-tools" aria-label={t('header.tools')}>
      {experiment ? (
        <a
          href="./"
          onClick={(e) => {
            e.preventDefault();
            onState((s) => ({
              ...emptyState(),
              pins: s.pins,
              ...(s.theme ? { theme: s.theme } : {}),
            }));
          }}
        >
          {t('header.allMachines')}
        </a>
      ) : null}
      {children}
      {inFrame ? <OpenInArchex href={link} /> : null}
      <button type="button" onClick={copyLink}>
        {t('header.copyLink')}
      </button>
      {copied?.search === search ? (
        <span role="status" className="copied">
          {copied.text}
          {copied.failed ? (
            <input
              readOnly
              value={link}
              aria-label={t('header.pageLink')}
              onFocus={(event) => event.currentTarget.select()}
            />
          ) : null}
        </span>
      ) : null}
      <LanguageMenu />
      <label>
        {t('header.theme')}{' '}
        <select
          name="theme"
          value={theme ?? 'system'}
          onChange={(e) => {
            const value = e.target.value;
            onState((s) => {
              const next = { ...s };
              if (value === 'light' || value === 'dark') next.theme = value;
              else delete next.theme;
              return next;
            });
          }}
        >
          <option value="system">{t('header.themes.system')}</option>
          <option value="light">{t('header.themes.light')}</option>
          <option value="dark">{t('header.themes.dark')}</option>
        </select>
      </label>
    </nav>
  );
}

/** What the link held that the page could not use, until dismissed. */
export function DroppedBanner({ dropped, onDismiss }: { dropped: string[]; onDismiss(): void }) {
  const t = useT();
  if (dropped.length === 0) return null;
  return (
    <div className="banner warning" role="status">
      {t('header.dropped', { what: dropped.join('; ') })}
      <button type="button" onClick={onDismiss} aria-label={t('header.dismiss')}>
        ×
      </button>
    </div>
  );
}

/** The reader's language, each named in itself; their choice is kept for their next visits. */
function LanguageMenu() {
  const t = useT();
  const { lang } = useReading();
  return (
    <label>
      {t('header.language')}{' '}
      <select
        name="lang"
        value={lang}
        onChange={(e) => {
          if (isLang(e.target.value)) void chooseLanguage(e.target.value);
        }}
      >
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code} translate="no">
            {l.name}
          </option>
        ))}
      </select>
    </label>
  );
}
