// The presets a bundle ships (the npm package, the Python package's core): every preset in
// presets/, checked against the schema and resolved when it is built (bundle_plugins.ts writes
// this module).
declare module 'archex:presets' {
  import type { Preset } from '../presets/schema';
  const presets: Preset[];
  export default presets;
}
