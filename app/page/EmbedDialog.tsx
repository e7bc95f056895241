// The dialog that gives a chart's embed code: the snippet to copy and the embed page to open.
import type { RefObject } from 'react';
import { useState } from 'react';

import { useT } from '../i18n/i18n';
import { embedSnippet } from '../link/embed_snippet';
import { copyText } from '../ui/clipboard';

export function EmbedDialog({
  dialog,
  id,
  title,
  embedUrl,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  /** The card's id, which the dialog's heading id extends. */
  id: string;
  title: string;
  /** The embed page's address, read when the dialog opens; empty until then. */
  embedUrl: string;
}) {
  const t = useT('explorer');
  const [copied, setCopied] = useState(false);
  const snippet = embedUrl ? embedSnippet(embedUrl, title) : '';
  return (
    <dialog
      ref={dialog}
      className="embed-dialog"
      aria-labelledby={`${id}-embed`}
      onClose={() => setCopied(false)}
    >
      <h3 id={`${id}-embed`}>{t('embedDialog.title')}</h3>
      <p>{t('embedDialog.text')}</p>
      <textarea
        readOnly
        value={snippet}
        rows={6}
        aria-label={t('embedDialog.code')}
        onFocus={(e) => e.target.select()}
      />
      <p>
        <a href={embedUrl} target="_blank" rel="noreferrer">
          {t('embedDialog.open')}
        </a>
      </p>
      <div className="dialog-buttons">
        <button
          type="button"
          onClick={() =>
            void copyText(snippet).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? t('embedDialog.copied') : t('embedDialog.copy')}
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          {t('embedDialog.close')}
        </button>
      </div>
    </dialog>
  );
}
