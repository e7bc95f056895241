// Loaded with `--import` before the CLI, so that the chart components it renders can import their
// stylesheets in Node.
import { register } from 'node:module';

register('./css_hooks.ts', import.meta.url);
