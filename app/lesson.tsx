// The compact lesson view's entry (lesson.html): a lesson's steps alone, for a course page's frame.
import { CompactLesson } from './page/CompactLesson';
import { createPageEngine } from './engine/page_engine';
import { bootPage } from './page/boot';
import { presets } from './presets/bundled';
import './styles.css';

bootPage('lesson.html', <CompactLesson engine={createPageEngine()} presets={presets} />);
