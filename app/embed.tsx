import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { EmbeddedChart } from './page/EmbeddedChart';
import { FitRequests } from './page/embed_frame';
import { createPageEngine } from './engine/page_engine';
import { presets } from './presets/bundled';
import { registerServiceWorker } from './offline/register';
import './styles.css';

// Listening before the first render: the snippet's script asks the frame to fit as it loads.
const fitRequests = new FitRequests(window);
const root = document.getElementById('root');
if (!root) throw new Error('embed.html has no #root');
createRoot(root).render(
  <StrictMode>
    <EmbeddedChart engine={createPageEngine()} presets={presets} fitRequests={fitRequests} />
  </StrictMode>,
);
registerServiceWorker();
