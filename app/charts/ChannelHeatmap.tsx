import { ChartBox, chartFontSize } from './ChartBox';
import type { ChartProps, ChartSize } from './ChartBox';
import type { ChannelHeatmapData } from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import { ColorBar } from './ColorBar';
import { formatReadable, textWidth } from '../results/format';
import {
  colorBarHeight,
  colorBarLayout,
  heatColor,
  heatScaleNote,
  heatTop,
  sharePercent,
  wrapParts,
} from './heat_scale';
import { palette } from './palette';
import { Readout } from './Readout';
import type { ReadoutTarget } from './Readout';
import { useMeasuredWidth } from './use_measured_width';
import { useReadout } from './use_readout';

/**
 * How the map is drawn, as fractions of the cell (the distance between neighbouring nodes) with
 * pixel limits, so a 2 × 2 plane at 1600 px and a 32 × 32 one at 320 px both stay legible.
 */
const STYLE = {
  /** Node square side; larger in 3-D, where it holds the ±z triangles. */
  node: { flat: 0.3, cube: 0.44 },
  /** Channel thickness. */
  thickness: { fraction: 0.1, min: 1.5, max: 10 },
  /** Gap between a channel's end and the node square. */
  pad: { fraction: 0.05, min: 1 },
  /** Gap between the two channels of a link, as a fraction of the thickness. */
  laneGap: 0.4,
  /** Arrow head length, in thicknesses (at most 0.4 of the channel). */
  head: 1.2,
  noDataOpacity: 0.3,
  colorBar: { maxWidth: 280, height: 10 },
} as const;

/** A channel's colour on the scale 0 to `top`; grey where there is no data. */
function utilizationColor(value: number | null, top: number): string {
  if (value === null) return palette.grey;
  return heatColor(value, top);
}

/** The top of the colour scale: over every plane, so moving between planes keeps the colours. */
export function cubeHeatTop(data: ChannelHeatmapData): number {
  return heatTop(data.channels.map((c) => c.value));
}

const PERCENT = { unit: '', format: 'percent' } as const;
const percent = sharePercent;

/** The network as drawn: radices and plane made valid, so bad data draws instead of throwing. */
function network(data: ChannelHeatmapData) {
  const dims = data.dims
    .slice(0, 3)
    .map((k) => (Number.isFinite(k) ? Math.max(1, Math.floor(k)) : 1));
  const n = Math.max(1, dims.length);
  const [kx = 1, ky = 1, kz = 1] = dims;
  const plane = Number.isFinite(data.plane)
    ? Math.min(kz - 1, Math.max(0, Math.round(data.plane)))
    : 0;
  const name =
    n === 1
      ? `${kx}-node ${data.torus ? 'ring' : 'linear array'}`
      : `${dims.join(' × ')} ${data.torus ? 'torus' : 'mesh'}`;
  // A ring or array of 4 or more nodes (an even number) is drawn folded into a loop of two rows,
  // out along the top and back along the bottom: a row of k would draw each node k times smaller
  // than the page allows (the deadlock ring was a 40 px strip on a projector).
  const folded = n === 1 && kx >= 4 && kx % 2 === 0;
  return {
    n,
    kx,
    ky,
    kz,
    plane: n === 3 ? plane : 0,
    torus: data.torus,
    name,
    folded,
    columns: folded ? kx / 2 : kx,
    rows: folded ? 2 : ky,
  };
}

/**
 * Where node (x, y) of the plane is drawn, in cells from the grid's bottom left: its own
 * coordinates, or on a folded ring x from 0 along the top row and back along the bottom.
 */
export function gridPlace(data: ChannelHeatmapData, x: number, y: number): [number, number] {
  const net = network(data);
  if (!net.folded) return [x, y];
  return x < net.columns ? [x, 1] : [net.kx - 1 - x, 0];
}

/** The drawn grid's columns and rows (a folded ring's two rows). */
export function gridShape(data: ChannelHeatmapData): { columns: number; rows: number } {
  const net = network(data);
  return { columns: net.columns, rows: net.rows };
}

/** One channel of the drawn plane: where it leaves from, where it goes, and its utilization. */
export interface PlaneChannel {
  x: number;
  y: number;
  z: number;
  /** As the engine names it ("+x"). */
  direction: string;
  /** The axis it runs along (0: x, 1: y, 2: z) and which way (1 up the axis, -1 down). */
  axis: number;
  sign: 1 | -1;
  /** The fraction of cycles it was busy; null where the data has no finite value. */
  value: number | null;
  to: [number, number, number];
  /** A torus channel from one edge of the grid to the other. */
  wrap: boolean;
}

/**
 * Every channel leaving a node of the drawn plane, the ±z ones in 3-D included, in the engine's
 * order (node by node, x fastest, port by port): its axis is the coordinate its ends differ in,
 * its way the step between them, reversed where it wraps around.
 */
export function planeChannels(data: ChannelHeatmapData): PlaneChannel[] {
  const net = network(data);
  const channels: PlaneChannel[] = [];
  for (const c of data.channels) {
    const [x, y, z] = c.from;
    if (z !== net.plane) continue;
    const axis = c.from.findIndex((at, d) => at !== c.to[d]);
    if (axis < 0) continue;
    const up = (c.to[axis] ?? 0) > (c.from[axis] ?? 0);
    const sign = up !== c.wrap ? 1 : -1;
    const value = c.value !== null && Number.isFinite(c.value) ? c.value : null;
    channels.push({ x, y, z, direction: c.direction, axis, sign, value, to: c.to, wrap: c.wrap });
  }
  return channels;
}

/** Maximum, mean and busiest of the channels with data; null when none has any. */
function planeStats(channels: PlaneChannel[]) {
  const measured = channels.filter((c) => c.value !== null);
  if (measured.length === 0) return null;
  const values = measured.map((c) => c.value ?? 0);
  const max = Math.max(...values);
  const busiest = measured[values.indexOf(max)];
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return { max, mean, busiest, measured: measured.length };
}

function coordinates(n: number, at: [number, number, number]): string {
  return `(${at.slice(0, n).join(', ')})`;
}

function channelTitle(n: number, c: PlaneChannel): string {
  return `${coordinates(n, [c.x, c.y, c.z])} → ${c.direction}`;
}

/** What the channels' values measure, in words. */
function quantity(data: ChannelHeatmapData): string {
  return data.quantity ?? 'utilization';
}

/** The marked nodes of the drawn plane, each as "the hot spot (4, 4)". */
function planeMarks(data: ChannelHeatmapData) {
  const net = network(data);
  return (data.marks ?? [])
    .filter((m) => net.n < 3 || m.at[2] === net.plane)
    .map((m) => ({ ...m, text: `${m.label} ${coordinates(net.n, m.at)}` }));
}

/**
 * The caption's parts: network and plane, then maximum and mean, the colour scale and the nodes
 * ringed.
 */
function captionParts(data: ChannelHeatmapData): string[] {
  const net = network(data);
  const plane = net.n === 3 ? `, plane z = ${net.plane} of ${net.kz}` : '';
  const stats = planeStats(planeChannels(data));
  return [
    `${net.name}${plane}`,
    ...(stats ? [`max ${percent(stats.max)}`, `mean ${percent(stats.mean)}`] : ['no data']),
    ...heatScaleNote(cubeHeatTop(data)),
    ...planeMarks(data).map((m) => `ringed: ${m.text}`),
  ];
}

const NO_DATA_LABEL = 'no data';
const SWATCH_WIDTH = 22;

/**
 * The legend block above the grid, in its own coordinates (the chart places it at 8, 8):
 * caption lines, the colour bar with its ticks and, where channels lack data, a "no data" key.
 */
function legendBlock(data: ChannelHeatmapData, width: number, fontSize: number) {
  const small = fontSize - 1;
  const available = width - 16;
  const rowHeight = fontSize + 6;
  const caption = wrapParts(captionParts(data), available, fontSize);
  const missing = planeChannels(data).filter((c) => c.value === null).length;
  const noDataWidth = missing > 0 ? 16 + SWATCH_WIDTH + 6 + textWidth(NO_DATA_LABEL, small) : 0;
  // The end labels are centred on the bar's ends: half of each hangs past them.
  const inset = textWidth('0\u00a0%', small) / 2;
  const overhang = textWidth('100\u00a0%', small) / 2;
  const barWidth = Math.max(
    60,
    Math.min(STYLE.colorBar.maxWidth, available - inset - overhang - noDataWidth),
  );
  const barY = caption.length * rowHeight + 2;
  const colorBar = colorBarLayout(cubeHeatTop(data), { x: inset, y: barY }, barWidth, fontSize);
  const noData =
    missing > 0
      ? { x: inset + barWidth + overhang + 16, y: barY + STYLE.colorBar.height / 2 }
      : null;
  const height = barY + colorBarHeight(fontSize);
  return { caption, rowHeight, colorBar, noData, height };
}

const OUTER = 8;
/** Space between the legend block and the grid. */
const LEGEND_GAP = 10;

/**
 * The height that gives the grid square cells at this width, clamped to 240..480 px like the
 * other charts' default height.
 */
export function channelHeatmapHeight(
  data: ChannelHeatmapData,
  width: number,
  fontSize?: number,
): number {
  const net = network(data);
  const legend = legendBlock(data, width, chartFontSize({ width, fontSize }));
  const cell = (width - 2 * OUTER) / net.columns;
  const natural = OUTER + legend.height + LEGEND_GAP + cell * net.rows + OUTER;
  return Math.min(480, Math.max(240, Math.round(natural)));
}

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
function segmentPart(
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

function trianglePart(points: [number, number][]): ChannelPart {
  return {
    path: pathOf(points),
    cx: points.reduce((s, [x]) => s + x, 0) / points.length,
    cy: points.reduce((s, [, y]) => s + y, 0) / points.length,
    box: boxOf(points),
  };
}

export interface ChannelMark extends PlaneChannel {
  color: string;
  /** The leaving piece first; a wrap-around channel also has the piece entering the far side. */
  parts: ChannelPart[];
  /** Read-out anchor: the first part's centre. */
  px: number;
  py: number;
}

/**
 * Everything the heat map draws, in plot coordinates (origin at the grid's top left; x to the
 * right, y upwards): node squares, channel parts with colour and value, the legend block (caption,
 * colour bar and ticks) and read-out targets. Each channel keeps to its right, like traffic, so
 * the two directions of a link lie side by side; on a torus a wrap-around channel leaves the grid
 * as a stub and enters it again on the other side. Pure, so it can be tested with tolerances.
 */
export function channelHeatmapGeometry(data: ChannelHeatmapData, size: ChartSize) {
  const net = network(data);
  const fontSize = chartFontSize(size);
  const legend = legendBlock(data, size.width, fontSize);
  const top = OUTER + legend.height + LEGEND_GAP;
  const availableWidth = Math.max(20, size.width - 2 * OUTER);
  const availableHeight = Math.max(20, size.height - top - OUTER);
  const cell = Math.min(availableWidth / net.columns, availableHeight / net.rows);
  const innerWidth = cell * net.columns;
  const innerHeight = cell * net.rows;
  const margin = {
    top: top + (availableHeight - innerHeight) / 2,
    left: (size.width - innerWidth) / 2,
  };

  const nodeSize = cell * (net.n === 3 ? STYLE.node.cube : STYLE.node.flat);
  const { thickness: th, pad: pd } = STYLE;
  const thickness = Math.min(th.max, Math.max(th.min, cell * th.fraction));
  const pad = Math.max(pd.min, cell * pd.fraction);
  const lane = (thickness * (1 + STYLE.laneGap)) / 2;
  // A node's centre on screen, from its coordinates (folded where the ring is).
  const centre = (x: number, y: number): [number, number] => {
    const [gx, gy] = gridPlace(data, x, y);
    return [(gx + 0.5) * cell, innerHeight - (gy + 0.5) * cell];
  };
  const reach = nodeSize / 2 + pad;

  const nodes = Array.from({ length: net.kx * net.ky }, (_, i) => {
    const x = i % net.kx;
    const y = Math.floor(i / net.kx);
    const [px, py] = centre(x, y);
    return { x, y, px, py, size: nodeSize };
  });
  const rings = planeMarks(data).map((m) => {
    const [px, py] = centre(m.at[0], m.at[1]);
    return { ...m, px, py, r: nodeSize * 0.85 };
  });

  const parts = (c: PlaneChannel): ChannelPart[] => {
    const [px, py] = centre(c.x, c.y);
    if (c.axis === 2) {
      // The upper half of a diamond in the node square for +z, the lower half for -z.
      const s = 0.4 * nodeSize;
      const tip = c.sign > 0 ? py - s : py + s;
      return [
        trianglePart([
          [px - s, py],
          [px, tip],
          [px + s, py],
        ]),
      ];
    }
    // Screen direction of travel; y is drawn upwards. On a folded ring every link joins two
    // nodes next to each other on screen, the wrap-around too: the way is the one between them.
    const [tx0, ty0] = centre(c.to[0], c.to[1]);
    const [dx, dy] = net.folded
      ? [Math.sign(Math.round(tx0 - px)), Math.sign(Math.round(ty0 - py))]
      : c.axis === 0
        ? [c.sign, 0]
        : [0, -c.sign];
    // Keep right: the right-hand side of travel (dx, dy) on screen is (-dy, dx).
    const [ox, oy] = [-dy * lane, dx * lane];
    const [sx, sy] = [px + dx * reach + ox, py + dy * reach + oy];
    if (!c.wrap || net.folded) {
      const [ex, ey] = [px + dx * (cell - reach) + ox, py + dy * (cell - reach) + oy];
      return [segmentPart(sx, sy, ex, ey, thickness, true)];
    }
    // Leaves to the grid's edge (half a cell out), enters from the opposite edge.
    const [tx, ty] = [tx0, ty0];
    return [
      segmentPart(sx, sy, px + (dx * cell) / 2 + ox, py + (dy * cell) / 2 + oy, thickness, false),
      segmentPart(
        tx - (dx * cell) / 2 + ox,
        ty - (dy * cell) / 2 + oy,
        tx - dx * reach + ox,
        ty - dy * reach + oy,
        thickness,
        true,
      ),
    ];
  };

  const scaleTop = cubeHeatTop(data);
  const unsorted = planeChannels(data).map((c): ChannelMark => {
    const p = parts(c);
    return {
      ...c,
      color: utilizationColor(c.value, scaleTop),
      parts: p,
      px: p[0]?.cx ?? 0,
      py: p[0]?.cy ?? 0,
    };
  });
  // Rows of anchors from the bottom up, left to right within a row, so that the arrow keys move
  // the read-out in the direction they point.
  const level = (c: ChannelMark) => Math.round(c.py * 1000) / 1000;
  const levels = [...new Set(unsorted.map(level))].sort((a, b) => b - a);
  const rows = new Map(levels.map((l, i) => [l, i]));
  const row = (c: ChannelMark) => rows.get(level(c)) ?? 0;
  const channels = unsorted.sort((a, b) => row(a) - row(b) || a.px - b.px);

  const targets: ReadoutTarget[] = channels.map((c) => {
    const first = c.parts[0]?.box ?? { x: c.px, y: c.py, width: 0, height: 0 };
    const value = c.value === null ? 'no data' : formatReadable(c.value, PERCENT);
    return {
      series: row(c),
      px: c.px,
      py: c.py,
      rect: { x: first.x - 2, y: first.y - 2, width: first.width + 4, height: first.height + 4 },
      color: c.color,
      title: channelTitle(net.n, c),
      lines: [
        `${quantity(data)}: ${value}`,
        `to ${coordinates(net.n, c.to)}${c.wrap ? ', wrap-around' : ''}`,
      ],
    };
  });

  return {
    size,
    fontSize,
    margin,
    innerWidth,
    innerHeight,
    cell,
    nodeSize,
    thickness,
    nodes,
    rings,
    channels,
    legend,
    targets,
  };
}

/** Index of the channel with a part centre nearest to (px, py), or null if there is none. */
export function nearestChannel(channels: ChannelMark[], px: number, py: number): number | null {
  let best: number | null = null;
  let bestDistance = Infinity;
  channels.forEach((c, i) => {
    for (const part of c.parts) {
      const distance = Math.hypot(part.cx - px, part.cy - py);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
  });
  return best;
}

/** The text alternative: network, plane, layout, maximum, mean and the busiest channel. */
export function describeChannelHeatmap(data: ChannelHeatmapData): string {
  const net = network(data);
  const channels = planeChannels(data);
  const stats = planeStats(channels);
  const plane = net.n === 3 ? `, plane z = ${net.plane} of ${net.kz}` : '';
  const layout = net.folded
    ? `nodes in a loop of two rows, 0 to ${net.columns - 1} to the right along the top and ` +
      `${net.columns} to ${net.kx - 1} back along the bottom`
    : net.n === 1
      ? 'nodes in a row, x to the right'
      : 'nodes on a grid, x to the right and y upwards';
  const parts = [
    `Channel ${quantity(data)}, ${net.name}${plane}: ${layout}; the two channels of a link ` +
      `side by side, each keeping to its right, coloured from 0 to ` +
      `${percent(cubeHeatTop(data))}.`,
    ...planeMarks(data).map((m) => `Ringed: ${m.text}.`),
  ];
  if (net.torus && !net.folded)
    parts.push('Wrap-around channels are stubs at the edges of the grid.');
  if (net.n === 3) parts.push('+z and -z are the upper and lower triangles in each node.');
  if (stats?.busiest) {
    parts.push(
      `${stats.measured} channels: max ${percent(stats.max)}, mean ${percent(stats.mean)}; ` +
        `busiest ${channelTitle(net.n, stats.busiest)} at ${percent(stats.max)}.`,
    );
  }
  const missing = channels.length - (stats?.measured ?? 0);
  if (missing > 0) parts.push(`${missing} channels have no data.`);
  return parts.join(' ');
}

/**
 * Heat map of per-channel utilization in one plane of a k-ary n-cube (mesh or torus, 1 to 3
 * dimensions), on a viridis scale from 0 to the busiest channel's round top (heatTop).
 */
export function ChannelHeatmap({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<ChannelHeatmapData>) {
  const { ref, width: w } = useMeasuredWidth(width);
  const g = channelHeatmapGeometry(data, {
    width: w,
    height: height ?? channelHeatmapHeight(data, w, fontSize),
    fontSize,
  });
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    nearestChannel(g.channels, px, py),
  );
  const activeChannel = active ? g.channels[g.targets.indexOf(active)] : undefined;
  const { legend } = g;
  const small = g.fontSize - 1;
  return (
    <ChartBox boxRef={ref} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description ?? describeChannelHeatmap(data)}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <g
          className="heatmap-legend"
          transform={`translate(${OUTER - g.margin.left},${OUTER - g.margin.top})`}
        >
          {legend.caption.map((line, i) => (
            <text key={line} y={i * legend.rowHeight + g.fontSize}>
              {line}
            </text>
          ))}
          <ColorBar bar={legend.colorBar} fontSize={g.fontSize} />
          {legend.noData ? (
            <g transform={`translate(${legend.noData.x},${legend.noData.y})`}>
              <rect
                y={-STYLE.colorBar.height / 2}
                width={SWATCH_WIDTH}
                height={STYLE.colorBar.height}
                fill={palette.grey}
                fillOpacity={STYLE.noDataOpacity}
                stroke={palette.grey}
              />
              <text x={SWATCH_WIDTH + 6} dy="0.32em" fontSize={small}>
                {NO_DATA_LABEL}
              </text>
            </g>
          ) : null}
        </g>
        {g.nodes.map((node) => (
          <rect
            key={`${node.x},${node.y}`}
            className="heatmap-node"
            x={node.px - node.size / 2}
            y={node.py - node.size / 2}
            width={node.size}
            height={node.size}
            fill="none"
            stroke="currentColor"
          />
        ))}
        {g.rings.map((m) => (
          <circle
            key={m.text}
            className="heatmap-mark"
            cx={m.px}
            cy={m.py}
            r={m.r}
            fill="none"
            stroke={palette.vermillion}
            strokeWidth={Math.max(2, g.thickness / 2)}
          >
            <title>{m.text}</title>
          </circle>
        ))}
        {g.channels.map((c) => (
          <path
            key={`${c.x},${c.y},${c.direction}`}
            d={c.parts.map((p) => p.path).join('')}
            className={c.value === null ? undefined : 'heatmap-channel'}
            fill={c.color}
            fillOpacity={c.value === null ? STYLE.noDataOpacity : undefined}
            stroke={c.value === null ? palette.grey : undefined}
          />
        ))}
        {activeChannel?.parts.slice(1).map((p) => (
          // The read-out outlines the leaving part; this outlines where a wrap-around re-enters.
          <rect
            key={p.path}
            className="readout-outline"
            data-export="exclude"
            pointerEvents="none"
            x={p.box.x - 2}
            y={p.box.y - 2}
            width={p.box.width + 4}
            height={p.box.height + 4}
            fill="none"
            strokeWidth={2}
          />
        ))}
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
