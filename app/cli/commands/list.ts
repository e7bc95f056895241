// `list`: every preset, with its machine and title.
import type { Preset } from '../../presets/schema';
import { formatTable } from '../text';

export function list(presets: Preset[]): number {
  console.log(
    formatTable(
      ['id', 'machine', 'title'],
      presets.map((p) => [p.id, p.machine, p.title]),
      // Words, so each column starts under its heading.
      [1, 2],
    ),
  );
  return 0;
}
