// The compact lesson view's entry (lesson.html): a lesson's steps alone, for a course page's frame.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { CompactLesson } from './page/CompactLesson';
import { createPageEngine } from './engine/page_engine';
import { presets } from './presets/bundled';
import { registerServiceWorker } from './offline/register';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('lesson.html has no #root');
createRoot(root).render(
  <StrictMode>
    <CompactLesson engine={createPageEngine()} presets={presets} />
  </StrictMode>,
);
registerServiceWorker();
