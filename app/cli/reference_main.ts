// npm run docs:reference: writes docs/reference.md from the wasm engine's declarations.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { loadNodeModule } from '../engine/node_module';
import { referenceMarkdown } from './reference';

const target = fileURLToPath(new URL('../../docs/reference.md', import.meta.url));
const archex = await loadNodeModule();
const text = referenceMarkdown(archex.listModels());
writeFileSync(target, text);
console.log(`${target}: ${text.split('\n').length - 1} lines`);
