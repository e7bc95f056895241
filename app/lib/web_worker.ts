// The library's engine worker in browsers. The wasm's address comes in this script's own
// address, after the '#' (browser.ts puts it there): a bundler that moves and renames the
// package's files rewrites both addresses where browser.ts names them, and they stay paired.
import createArchexModule from '#wasm/archex';

import { hostWorker } from '../engine/worker_host';

const wasm = decodeURIComponent(new URL(import.meta.url).hash.slice(1));
hostWorker(createArchexModule(wasm ? { locateFile: () => wasm } : {}));
