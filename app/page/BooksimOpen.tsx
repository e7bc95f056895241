// The header's "Open BookSim2 file": a file chosen, or dropped anywhere on the page, opens as the
// custom network. BookSim's configurations have no extension of their own, so any file is offered.
import { useEffect, useRef } from 'react';

import type { BooksimFile } from './booksim_open';

/** Whether a drag carries files (not text or a link dragged inside the page). */
const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

export function BooksimOpen({ onFile }: { onFile(file: BooksimFile): void }) {
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
      <button
        type="button"
        title="A BookSim2 configuration file (key = value; lines), as the custom network; or drop one on the page"
        onClick={() => input.current?.click()}
      >
        Open BookSim2 file
      </button>
      <input
        ref={input}
        type="file"
        hidden
        aria-label="BookSim2 configuration file"
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
