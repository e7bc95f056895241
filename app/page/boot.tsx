// Every page's start: the reader's language first (its catalogues loaded, so the first paint is in
// it), then the page drawn, then the offline worker.
import type { ReactNode } from 'react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { startLanguage } from '../i18n/i18n';
import { readLang } from '../link/lang_param';
import { registerServiceWorker } from '../offline/register';

/** Draws `page` (its element made now, so its engine starts loading meanwhile) in #root. */
export function bootPage(file: string, page: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error(`${file} has no #root`);
  const draw = () => createRoot(root).render(<StrictMode>{page}</StrictMode>);
  startLanguage(readLang(window.location.search).lang).then(draw, (error: unknown) => {
    // A catalogue that would not load: the page in English rather than none.
    console.error(error);
    draw();
  });
  registerServiceWorker();
}
