import { textWidth } from '../results/format';

/** Something the read-out can point at: a data point, a mark, a bar segment. */
export interface ReadoutTarget {
  /** The sequence it belongs to (a curve, a stack level): arrow keys move along and across. */
  series: number;
  /** Anchor in plot coordinates. */
  px: number;
  py: number;
  /** The area under the pointer that picks it (a bar segment); points are picked by distance. */
  rect?: { x: number; y: number; width: number; height: number };
  color: string;
  title: string;
  lines: string[];
}

/** Index of the target nearest to (px, py) in pixels, or null if none lies within maxDistance. */
export function nearestTarget(
  targets: ReadoutTarget[],
  px: number,
  py: number,
  maxDistance = Infinity,
): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  targets.forEach((t, i) => {
    const distance = Math.hypot(t.px - px, t.py - py);
    if (distance <= maxDistance && distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  return best;
}

/** Points this close to the pointer win over the area they lie on. */
const POINT_PICK_PX = 8;

/** The target under (px, py): a point within a few pixels first, then an area containing it. */
export function targetAt(targets: ReadoutTarget[], px: number, py: number): number | null {
  const points = targets.flatMap((target, index) => (target.rect ? [] : [{ target, index }]));
  const point = nearestTarget(
    points.map((p) => p.target),
    px,
    py,
    POINT_PICK_PX,
  );
  if (point !== null) return points[point]?.index ?? null;
  const index = targets.findIndex(
    ({ rect: r }) => r && px >= r.x && px <= r.x + r.width && py >= r.y && py <= r.y + r.height,
  );
  return index < 0 ? null : index;
}

/**
 * The target the read-out moves to on a key press: left/right step along the current series,
 * up/down go to the nearest target (in x) of the next/previous series, Escape hides the
 * read-out. Returns undefined for keys the read-out does not use.
 */
export function moveReadout(
  targets: ReadoutTarget[],
  current: number | null,
  key: string,
): number | null | undefined {
  if (key === 'Escape') return null;
  if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(key)) return undefined;
  const at = current === null ? undefined : targets[current];
  if (!at) return targets.length > 0 ? 0 : null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const along = indicesOf(targets, at.series);
    const position = along.indexOf(current ?? -1) + (key === 'ArrowRight' ? 1 : -1);
    return along[Math.min(Math.max(position, 0), along.length - 1)] ?? current;
  }
  const series = [...new Set(targets.map((t) => t.series))].sort((a, b) => a - b);
  const step = key === 'ArrowUp' ? 1 : -1;
  const next = series[(series.indexOf(at.series) + step + series.length) % series.length];
  let best = current;
  let bestDistance = Infinity;
  for (const i of indicesOf(targets, next ?? at.series)) {
    const distance = Math.abs((targets[i]?.px ?? Infinity) - at.px);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

function indicesOf(targets: ReadoutTarget[], series: number): number[] {
  return targets.flatMap((t, i) => (t.series === series ? [i] : []));
}

/** The chart around a plot area; every chart geometry is one. */
export interface PlotFrame {
  size: { width: number; height: number };
  margin: { top: number; left: number };
  innerWidth: number;
  innerHeight: number;
}

const PAD = 6;

/**
 * Where the read-out box goes, in plot coordinates: beside its anchor, flipped and clamped to
 * stay inside the chart.
 */
export function readoutBox(target: ReadoutTarget, frame: PlotFrame, fontSize: number) {
  const bounds = {
    left: -frame.margin.left,
    top: -frame.margin.top,
    right: frame.size.width - frame.margin.left,
    bottom: frame.size.height - frame.margin.top,
  };
  const lineHeight = fontSize + 4;
  const text = [target.title, ...target.lines];
  const width = Math.max(...text.map((l) => textWidth(l, fontSize))) + 2 * PAD + 14;
  const height = text.length * lineHeight + 2 * PAD - 4;
  const right = target.rect ? target.rect.x + target.rect.width : target.px;
  const left = target.rect ? target.rect.x : target.px;
  let x = right + 12;
  if (x + width > bounds.right) x = left - 12 - width;
  x = Math.min(Math.max(x, bounds.left + 2), bounds.right - width - 2);
  let y = target.py - height - 8;
  if (y < bounds.top) y = target.py + 12;
  y = Math.min(Math.max(y, bounds.top + 2), bounds.bottom - height - 2);
  return { x, y, width, height, lineHeight };
}

/** The hover/keyboard read-out; excluded from exports as it is transient. */
export function Readout({
  target,
  frame,
  fontSize,
}: {
  target: ReadoutTarget;
  frame: PlotFrame;
  fontSize: number;
}) {
  const box = readoutBox(target, frame, fontSize);
  const { rect } = target;
  return (
    <g className="readout" data-export="exclude" pointerEvents="none">
      {rect ? (
        <rect
          className="readout-outline"
          x={rect.x}
          y={rect.y}
          width={rect.width}
          height={rect.height}
          fill="none"
          strokeWidth={2}
        />
      ) : (
        <circle
          className="readout-ring"
          cx={target.px}
          cy={target.py}
          r={7}
          fill="none"
          stroke={target.color}
          strokeWidth={2}
        />
      )}
      <g transform={`translate(${box.x},${box.y})`}>
        <rect className="readout-box" width={box.width} height={box.height} rx={4} />
        <rect x={PAD} y={PAD + 1} width={10} height={10} fill={target.color} />
        <text x={PAD + 14} y={PAD + fontSize - 2} className="readout-title">
          {target.title}
        </text>
        {target.lines.map((line, i) => (
          <text key={line} x={PAD} y={PAD + fontSize - 2 + (i + 1) * box.lineHeight}>
            {line}
          </text>
        ))}
      </g>
    </g>
  );
}
