// archex's own lint rules (an oxlint JS plugin).
import { dirname, relative, resolve, sep } from 'node:path';

// The app's rooms, lowest first. A file may import from its own room, a room on a lower line or a
// room beside it on the same line; never from a higher line. Files directly in app/ (the entry
// points) belong to the page. Tests may reach higher (a chart's test draws what it built), and
// stylesheets are shared by every room.
export const LAYERS = [
  ['i18n'],
  ['engine'],
  ['presets'],
  ['link'],
  ['results'],
  ['charts', 'views', 'ui', 'glossary'],
  ['chart_kinds'],
  ['exports'],
  ['tours', 'compare'],
  ['lessons'],
  ['builder', 'classroom'],
  ['page', 'offline'],
  ['headless'],
  ['cli', 'bench', 'lib', 'pycore'],
];

// Rooms on one line that import nothing of each other: the CLI, the library and the Python
// package's core all sit on the core they share (headless/), which none owns.
export const APART = [['cli', 'lib', 'pycore']];

const appRoot = resolve(dirname(new URL(import.meta.url).pathname), '..', 'app');

/** The room a file lies in and its line, or undefined for a file outside app/. */
export function roomOf(file) {
  const rel = relative(appRoot, file);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(sep);
  const room = parts.length === 1 ? 'page' : parts[0];
  const level = LAYERS.findIndex((line) => line.includes(room));
  return { room, level };
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'app/ rooms import only from their own line of LAYERS or lower ones' },
  },
  create(context) {
    const from = roomOf(context.filename);
    if (!from || /\.test\.tsx?$/.test(context.filename)) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const path = source.value.replace(/\?.*$/, '');
      if (path.endsWith('.css')) return;
      const to = roomOf(resolve(dirname(context.filename), path));
      if (!to) return;
      if (to.level === -1 || from.level === -1) {
        const room = to.level === -1 ? to.room : from.room;
        context.report({ node, message: `app/${room}/ is not a room in lint/archex.mjs LAYERS` });
      } else if (to.level > from.level) {
        context.report({
          node,
          message: `app/${from.room}/ imports upward from app/${to.room}/ (lint/archex.mjs LAYERS)`,
        });
      } else if (APART.some((rooms) => rooms.includes(from.room) && rooms.includes(to.room))) {
        if (from.room !== to.room) {
          context.report({
            node,
            message: `app/${from.room}/ imports from app/${to.room}/, which it stays apart from (lint/archex.mjs APART)`,
          });
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export default { meta: { name: 'archex' }, rules: { layers } };
