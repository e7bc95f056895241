// The dialog that gives a chart's embed code: the snippet to copy and the embed page to open.
import type { RefObject } from 'react';
import { useState } from 'react';

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
  const [copied, setCopied] = useState(false);
  const snippet = embedUrl ? embedSnippet(embedUrl, title) : '';
  return (
    <dialog
      ref={dialog}
      className="embed-dialog"
      aria-labelledby={`${id}-embed`}
      onClose={() => setCopied(false)}
    >
      <h3 id={`${id}-embed`}>Embed this chart</h3>
      <p>The page shows this chart only, with these parameters, and links back to the explorer.</p>
      <textarea
        readOnly
        value={snippet}
        rows={6}
        aria-label="Embed code"
        onFocus={(e) => e.target.select()}
      />
      <p>
        <a href={embedUrl} target="_blank" rel="noreferrer">
          Open the embed page
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
          {copied ? 'Copied' : 'Copy code'}
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          Close
        </button>
      </div>
    </dialog>
  );
}
