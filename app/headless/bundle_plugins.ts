// esbuild plugins the bundles of the app's code share (the npm package's, the Python package's
// core): the presets shipped as data, and stylesheets loaded as Vite loads them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Plugin } from 'esbuild';

import { loadPresetsFromDisk } from '../presets/from_disk';

/** `archex:presets`: every preset, resolved and checked, as the code's data. */
export const presetsModule: Plugin = {
  name: 'archex-presets',
  setup(plugin) {
    plugin.onResolve({ filter: /^archex:presets$/ }, () => ({
      path: 'presets',
      namespace: 'archex',
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'archex' }, () => ({
      contents: JSON.stringify(loadPresetsFromDisk().sort((a, b) => a.id.localeCompare(b.id))),
      loader: 'json',
    }));
  },
};

/** Stylesheets as Vite loads them: `x.css` as nothing (a page links it), `x.css?raw` as text. */
export const stylesheets: Plugin = {
  name: 'archex-css',
  setup(plugin) {
    plugin.onResolve({ filter: /\.css(\?raw)?$/ }, (args) => ({
      path: join(args.resolveDir, args.path.replace(/\?raw$/, '')),
      namespace: args.path.endsWith('?raw') ? 'css-raw' : 'css-none',
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'css-raw' }, (args) => ({
      contents: readFileSync(args.path, 'utf8'),
      loader: 'text',
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'css-none' }, () => ({ contents: '', loader: 'js' }));
  },
};
