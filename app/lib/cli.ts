// The packed library's bin, `archex`: the repository's CLI (app/cli/main.ts) on the presets the
// package ships, its archex.wasm and its engine threads (node_worker.js), so it runs where Node
// is all there is (a cluster's nodes): `npx archex run <preset> --shard 3/10`.
import shipped from 'archex:presets';

import { setCliHost } from '../cli/host';
import { packageDir, startPackageThread } from './node_thread';

setCliHost({
  command: 'archex',
  presets: () => structuredClone(shipped),
  wasmDir: packageDir,
  startThread: startPackageThread,
});
// After the host is set: main.ts reads it as it starts.
await import('../cli/main');
