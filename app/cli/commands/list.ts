// `list`: every preset, with its machine and title.
import type { Preset } from '../../presets/schema';
import { formatTable } from '../text';

export function list(presets: Preset[]): number {
  console.log(
    formatTable(
      ['id', 'machine', 'title'],
      presets.map((p) => [p.id, p.machine, p.title]),
    ),
  );
  return 0;
}
