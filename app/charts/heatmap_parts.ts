// The shapes a channel is drawn with: a bar with an arrow head (or a wrap stub), a triangle.
import { STYLE } from './heatmap_style';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A drawn piece of a channel: a segment (or wrap stub) or a ±z triangle. */
export interface ChannelPart {
  path: string;
  /** Centre, which the pointer is matched against. */
  cx: number;
  cy: number;
  box: Box;
  /** A segment's axis, from where it leaves to where it points. */
  line?: { x1: number; y1: number; x2: number; y2: number };
}

const r2 = (v: number) => Math.round(v * 100) / 100;

function pathOf(points: [number, number][]): string {
  return `M${points.map(([x, y]) => `${r2(x)},${r2(y)}`).join('L')}Z`;
}

function boxOf(points: [number, number][]): Box {
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/** An axis-aligned bar of thickness t from (x1, y1) to (x2, y2), pointed at the end with a head. */
export function segmentPart(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  t: number,
  head: boolean,
): ChannelPart {
  const length = Math.hypot(x2 - x1, y2 - y1);
  const ux = length > 0 ? (x2 - x1) / length : 1;
  const uy = length > 0 ? (y2 - y1) / length : 0;
  const [nx, ny] = [(-uy * t) / 2, (ux * t) / 2];
  const h = head ? Math.min(STYLE.head * t, 0.4 * length) : 0;
  const [bx, by] = [x2 - ux * h, y2 - uy * h];
  const points: [number, number][] = [
    [x1 + nx, y1 + ny],
    [bx + nx, by + ny],
    ...(head ? [[x2, y2] as [number, number]] : []),
    [bx - nx, by - ny],
    [x1 - nx, y1 - ny],
  ];
  return {
    path: pathOf(points),
    cx: (x1 + x2) / 2,
    cy: (y1 + y2) / 2,
    box: boxOf(points),
    line: { x1, y1, x2, y2 },
  };
}

export function trianglePart(points: [number, number][]): ChannelPart {
  return {
    path: pathOf(points),
    cx: points.reduce((s, [x]) => s + x, 0) / points.length,
    cy: points.reduce((s, [, y]) => s + y, 0) / points.length,
    box: boxOf(points),
  };
}
