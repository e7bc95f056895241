import { App } from './App';
import { createPageEngine } from './engine/page_engine';
import { bootPage } from './page/boot';
import { presets } from './presets/bundled';
import './styles.css';

bootPage('index.html', <App engine={createPageEngine()} presets={presets} />);
