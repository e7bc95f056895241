import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { createPageEngine } from './engine/page_engine';
import { presets } from './presets/bundled';
import { registerServiceWorker } from './offline/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App engine={createPageEngine()} presets={presets} />
  </StrictMode>,
);
registerServiceWorker();
