// A lesson as a file: the tours' own JSON, laid out as prettier lays out presets/tours/, so the
// file can be added there as it is (the tour walker checks it, and the formatting check passes).
import type { Tour } from '../tours/schema';
import { TourSchema } from '../tours/schema';

/** The repository's prettier printWidth, which the tour files are laid out to. */
const WIDTH = 100;

const isPlain = (v: unknown) => v === null || typeof v !== 'object';

/**
 * A JSON value at `indent`, its line carrying `lead` characters before it and `tail` after it:
 * objects one key a line, arrays of plain values on one line when they fit (else numbers filled
 * line by line, other values one a line), as prettier does.
 */
export function layout(value: unknown, indent: string, lead: number, tail: number): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPlain)) {
      const items = value.map((v) => JSON.stringify(v));
      const line = `[${items.join(', ')}]`;
      if (lead + line.length + tail <= WIDTH) return line;
      if (value.every((v) => typeof v === 'number')) {
        const lines: string[] = [];
        for (const item of items) {
          const last = lines.length - 1;
          if (last >= 0 && `${lines[last]!} ${item},`.length <= WIDTH)
            lines[last] = `${lines[last]!} ${item},`;
          else lines.push(`${inner}${item},`);
        }
        return `[\n${lines.join('\n').slice(0, -1)}\n${indent}]`;
      }
    }
    const items = value.map((v, i) => layout(v, inner, inner.length, i < value.length - 1 ? 1 : 0));
    return `[\n${items.map((s) => `${inner}${s}`).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([k, v], i) => {
      const key = `${JSON.stringify(k)}: `;
      const last = i === entries.length - 1;
      return `${inner}${key}${layout(v, inner, inner.length + key.length, last ? 0 : 1)}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The file of a lesson: its JSON in the tours' schema and nothing else, ending in a newline. */
export function lessonFileText(lesson: Tour): string {
  return `${layout(TourSchema.parse(lesson), '', 0, 0)}\n`;
}

/** The name the file takes, as presets/tours/ names a tour: its id. */
export function lessonFileName(lesson: Tour): string {
  return `${lesson.id}.json`;
}
