// The printable worksheet's entry (worksheet.html): a lesson's or tour's worksheet and answer key.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { WorksheetPage } from './page/WorksheetPage';
import { createPageEngine } from './engine/page_engine';
import { presets } from './presets/bundled';
import { registerServiceWorker } from './offline/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('worksheet.html has no #root');
createRoot(root).render(
  <StrictMode>
    <WorksheetPage engine={createPageEngine()} presets={presets} />
  </StrictMode>,
);
registerServiceWorker();
