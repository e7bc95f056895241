import type { Point, SchematicProps } from '../results/drawing/schematic';
import { SIZE, schematicGeometry } from '../results/drawing/schematic';
import './schematic.css';

export type { SchematicProps } from '../results/drawing/schematic';
export { schematicGeometry } from '../results/drawing/schematic';

/** HTML's translate="no", which React's SVG types do not list. */
const NAMES = { translate: 'no' };

const points = (ps: Point[]) => ps.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ');

/** A small drawing of a machine's network for the picker card, by the drawing it declares. */
export function Schematic(props: SchematicProps) {
  const g = schematicGeometry(props);
  return (
    <svg className="schematic" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={g.label}>
      <title>{g.label}</title>
      {g.wrap ? (
        <rect x={3} y={3} width={SIZE - 6} height={SIZE - 6} rx={10} className="wrap" />
      ) : null}
      {g.depth.map(([a, b], i) => (
        <line key={`d${i}`} className="depth" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
      ))}
      {/* The networks' own names (PIE64's PAN and DAN): names, in every language. */}
      {(g.captions ?? []).map((c) => (
        <text key={c.text} className="caption" x={c.x} y={c.y} textAnchor="middle" {...NAMES}>
          {c.text}
        </text>
      ))}
      {g.planes.map((plane, z) => (
        <g key={z} className="plane" data-plane={z}>
          {plane.corners.length > 0 ? <polygon points={points(plane.corners)} /> : null}
          {plane.lines.map(([a, b], i) => (
            <line key={i} x1={a.x} y1={a.y} x2={b.x} y2={b.y} style={{ strokeWidth: g.stroke }} />
          ))}
          {plane.dots.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={g.radius} />
          ))}
        </g>
      ))}
    </svg>
  );
}
