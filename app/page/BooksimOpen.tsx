// The header's "Open BookSim2 file": a file chosen, or dropped anywhere on the page, opens as the
// custom network. BookSim's configurations have no extension of their own, so any file is offered.
import { useT } from '../i18n/i18n';
import { useEffect, useRef } from 'react';

import type { BooksimFile } from './booksim_open';

/** Whether a drag carries files (not text or a link dragged inside the page). */
const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

export function BooksimOpen({ onFile }: { onFile(file: BooksimFile): void }) {
  const t = useT('explorer');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const over = (e: DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!carriesFiles(e) || !file) return;
      // The browser would otherwise open the file in place of the page.
      e.preventDefault();
      onFile(file);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [onFile]);
  return (
    <>
      <button type="button" title={t('booksim.openTitle')} onClick={() => input.current?.click()}>
        {t('booksim.open')}
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t('booksim.file')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so that choosing the same file again (edited meanwhile) opens it again.
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
