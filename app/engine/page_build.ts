// The engine build the page runs, as Vite's config read it beside the wasm it bundles: what the
// explorer's exports (SVG, PDF, CSV, JSON) say made them.
import type { EngineBuild, MadeBy } from './engine_build';
import { madeBy } from './engine_build';

declare const __ARCHEX_BUILD__: EngineBuild | null;

/** What made the page's exports; null where the page was served before an engine was built. */
export const pageMadeBy: MadeBy | null = __ARCHEX_BUILD__ && madeBy(__ARCHEX_BUILD__);
