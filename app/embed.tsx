import { EmbeddedChart } from './page/EmbeddedChart';
import { FitRequests } from './page/embed_frame';
import { createPageEngine } from './engine/page_engine';
import { bootPage } from './page/boot';
import { presets } from './presets/bundled';
import './styles.css';

// Listening before the first render: the snippet's script asks the frame to fit as it loads.
const fitRequests = new FitRequests(window);
bootPage(
  'embed.html',
  <EmbeddedChart engine={createPageEngine()} presets={presets} fitRequests={fitRequests} />,
);
