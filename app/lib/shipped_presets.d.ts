// The presets the library ships: every preset in presets/, checked against the schema and
// resolved when the package is built (app/lib/build.ts writes this module).
declare module 'archex:presets' {
  import type { Preset } from '../presets/schema';
  const presets: Preset[];
  export default presets;
}
