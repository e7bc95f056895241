// The printable worksheet's entry (worksheet.html): a lesson's or tour's worksheet and answer key.
import { WorksheetPage } from './page/WorksheetPage';
import { createPageEngine } from './engine/page_engine';
import { bootPage } from './page/boot';
import { presets } from './presets/bundled';
import './styles.css';

bootPage('worksheet.html', <WorksheetPage engine={createPageEngine()} presets={presets} />);
