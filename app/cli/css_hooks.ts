// Node module hooks that load stylesheets as Vite does: `x.css` as an empty module (a chart's own
// styles, which the page links and a figure embeds itself) and `x.css?raw` as its text.
import { readFile } from 'node:fs/promises';
import type { LoadHook } from 'node:module';

export const load: LoadHook = async (url, context, nextLoad) => {
  const file = new URL(url);
  if (file.protocol !== 'file:' || !file.pathname.endsWith('.css')) return nextLoad(url, context);
  const raw = file.search === '?raw';
  file.search = '';
  const source = raw ? `export default ${JSON.stringify(await readFile(file, 'utf8'))};` : '';
  return { format: 'module', source, shortCircuit: true };
};
