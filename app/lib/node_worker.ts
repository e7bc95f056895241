// The library's engine thread in Node: the engine whose archex.wasm ships beside this file.
import { hostThread } from '../engine/thread_host';

hostThread(new URL('./', import.meta.url));
