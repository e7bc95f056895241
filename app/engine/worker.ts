// The explorer's engine worker: the module built beside the page (wasm/build, bundled by Vite).
import createArchexModule from '#wasm/archex';

import { hostWorker } from './worker_host';

hostWorker(createArchexModule());
