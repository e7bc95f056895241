// What the page says of a BookSim2 file it opened: every key archex leaves out or reads
// differently, in the words `run --booksim` prints (the notes of booksimToCustomNetwork), or why
// it refused the file. The file's text is shown as text only. An opened file's notes are the
// link's (BooksimLink), so a shared link shows them too.
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
  const dismiss = (
    <button type="button" className="dismiss" onClick={onDismiss} aria-label="Dismiss">
      ×
    </button>
  );
  if ('refused' in said)
    return (
      <div className="banner error booksim-banner" role="alert">
        <p>
          Not opened: {said.name}. {said.refused.replace(/\.$/, '')}. The explorer is as it was.
        </p>
        {dismiss}
      </div>
    );
  const { notes } = said;
  return (
    <section className="banner warning booksim-banner" aria-label="BookSim2 file" role="status">
      <div>
        <p>
          Opened {said.name} as the custom network; its link carries it.{' '}
          {notes.length === 0
            ? 'archex models every key the file sets.'
            : `archex leaves out or reads differently ${notes.length === 1 ? 'one key' : `${notes.length} keys`}:`}
        </p>
        {notes.length > 0 ? (
          <ul>
            {notes.map((n, i) => (
              <li key={i}>
                <code>{n.key}</code>: {n.reason}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      {dismiss}
    </section>
  );
}
