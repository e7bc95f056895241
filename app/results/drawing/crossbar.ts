// One crossbar switch at picker size: its grid of input lines across and output lines down. The
// channel maps draw its crosspoints as a matrix (charts/CrosspointMap.tsx) from its crosspoints.
import type { Drawing } from './drawing';
import type { Point, SchematicGeometry } from './schematic_parts';
import { chartsT, shapeName } from './words';
import { MAX_SWITCHES, PAD, SIZE, spread, switchedGeometry } from './schematic_parts';

export function crossbarSchematic(drawing: Drawing, shape: string): SchematicGeometry {
  const ports = Math.max(1, Math.round(drawing.radix));
  const shown = Math.min(ports, 2 * MAX_SWITCHES);
  const lines: [Point, Point][] = [];
  spread(shown, PAD, true).forEach((p) => lines.push([p, { x: SIZE - PAD, y: p.y }]));
  spread(shown, PAD, false).forEach((p) => lines.push([p, { x: p.x, y: SIZE - PAD }]));
  const corners = [
    { x: PAD, y: PAD },
    { x: SIZE - PAD, y: PAD },
    { x: SIZE - PAD, y: SIZE - PAD },
    { x: PAD, y: SIZE - PAD },
  ];
  const label = chartsT('schematic.crossbar', { shape: shapeName(shape), ports: String(ports) });
  return switchedGeometry(label, {
    corners,
    lines,
    dots: [],
  });
}
