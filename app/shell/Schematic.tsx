export interface SchematicProps {
  topology: 'mesh' | 'torus' | 'ring';
  nodes: number;
}

/** More nodes than this are drawn as this many, with the real count in the label. */
const MAX_DRAWN = 64;
const SIZE = 96;

/** Grid of a mesh or torus: columns and rows as near square as the node count allows. */
export function gridShape(nodes: number): { columns: number; rows: number } {
  const columns = Math.max(1, Math.ceil(Math.sqrt(nodes)));
  return { columns, rows: Math.max(1, Math.ceil(nodes / columns)) };
}

/** A small drawing of a machine's topology for the picker card, sized from its parameters. */
export function Schematic({ topology, nodes }: SchematicProps) {
  const count = Math.max(1, Math.min(MAX_DRAWN, Math.round(nodes)));
  const label = `${topology} of ${nodes} nodes`;
  const points: { x: number; y: number }[] = [];
  const links: [number, number][] = [];
  if (topology === 'ring') {
    const r = SIZE / 2 - 8;
    for (let i = 0; i < count; i++) {
      const a = (2 * Math.PI * i) / count - Math.PI / 2;
      points.push({ x: SIZE / 2 + r * Math.cos(a), y: SIZE / 2 + r * Math.sin(a) });
      if (count > 1) links.push([i, (i + 1) % count]);
    }
  } else {
    const { columns, rows } = gridShape(count);
    const gap = (SIZE - 16) / Math.max(1, Math.max(columns, rows) - 1);
    for (let i = 0; i < count; i++) {
      const c = i % columns;
      const r = Math.floor(i / columns);
      points.push({ x: 8 + c * gap, y: 8 + r * gap });
      if (c + 1 < columns && i + 1 < count) links.push([i, i + 1]);
      if (i + columns < count) links.push([i, i + columns]);
    }
  }
  const radius = Math.max(1.5, Math.min(5, 40 / Math.sqrt(count)));
  return (
    <svg className="schematic" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={label}>
      <title>{label}</title>
      {topology === 'torus' ? (
        <rect x={3} y={3} width={SIZE - 6} height={SIZE - 6} rx={10} className="wrap" />
      ) : null}
      {links.map(([a, b]) => (
        <line
          key={`${a}-${b}`}
          x1={points[a]?.x}
          y1={points[a]?.y}
          x2={points[b]?.x}
          y2={points[b]?.y}
        />
      ))}
      {points.map((p, i) => (
        <circle key={i} cx={p.x} cy={p.y} r={radius} />
      ))}
    </svg>
  );
}
