// What the page says of a BookSim2 file it opened: every key archex leaves out or reads
// differently, in the words `run --booksim` prints (the notes of booksimToCustomNetwork), or why
// it refused the file. The file's text is shown as text only. An opened file's notes are the
// link's (BooksimLink), so a shared link shows them too.
import { Rich } from '../i18n/Rich';
import { useT } from '../i18n/i18n';
import type { BooksimLink } from '../link/link_types';
import type { BooksimRefused } from './booksim_open';
import './booksim_banner.css';

export function BooksimBanner({
  said,
  onDismiss,
}: {
  said: BooksimLink | BooksimRefused;
  onDismiss(): void;
}) {
  const t = useT('explorer');
  const dismiss = (
    <button type="button" className="dismiss" onClick={onDismiss} aria-label={t('booksim.dismiss')}>
      ×
    </button>
  );
  if ('refused' in said)
    return (
      <div className="banner error booksim-banner" role="alert">
        <p>{t('booksim.refused', { name: said.name, why: said.refused.replace(/\.$/, '') })}</p>
        {dismiss}
      </div>
    );
  const { notes } = said;
  return (
    <section
      className="banner warning booksim-banner"
      aria-label={t('booksim.banner')}
      role="status"
    >
      <div>
        <p>{t('booksim.opened', { name: said.name, count: notes.length })}</p>
        {notes.length > 0 ? (
          <ul>
            {notes.map((n, i) => (
              <li key={i}>
                <Rich
                  k="explorer:booksim.note"
                  values={{ reason: n.reason }}
                  parts={{ key: <code translate="no">{n.key}</code> }}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {dismiss}
    </section>
  );
}
