import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { createWorkerEngine } from './engine/worker_engine';
import { presets } from './presets/bundled';
import { registerServiceWorker } from './offline/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App engine={createWorkerEngine()} presets={presets} />
  </StrictMode>,
);
registerServiceWorker();
