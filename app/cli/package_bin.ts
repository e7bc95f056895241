// The packed package's bin, `archex`: the repository's CLI (main.ts) on the presets the package
// ships, its archex.wasm and its engine threads (node_worker.js), so it runs where Node is all
// there is (a cluster's nodes): `npx archex run <preset> --shard 3/10`. app/lib/build.ts bundles
// it as the package's cli.js.
import shipped from 'archex:presets';

import { packageDir, startPackageThread } from '../headless/package_thread';
import { setCliHost } from './host';

setCliHost({
  command: 'archex',
  presets: () => structuredClone(shipped),
  wasmDir: packageDir,
  startThread: startPackageThread,
});
// After the host is set: main.ts reads it as it starts.
await import('./main');
