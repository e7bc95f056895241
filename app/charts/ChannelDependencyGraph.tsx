// The channel-dependency graph of a ring, torus or mesh (the engine's channel_dependencies): each
// channel between routers drawn on the network's own layout (a ring as a circle, a 2-D torus as
// its grid, a wrap-around channel leaving the grid's edge), a node per channel and virtual-channel
// class beside it, and an arrow from a channel to each channel a packet holding it may ask for
// next. The cycles the engine found are drawn thick in vermillion: where there are none, no
// routing of this network can deadlock. Under an adaptive routing with escape channels the
// dependences between escape channels are drawn blue, and a choice shows them alone, with the
// cycles of that subgraph (Duato's condition: it has none). On a 2-D network the turns the
// routing takes and forbids are drawn beside it, or below it on a narrow screen (TurnDiagram). D3 computes the positions and paths,
// React draws them.
import { useState } from 'react';
import { scaleLinear } from 'd3-scale';
import { path as d3Path } from 'd3-path';

import { ChartBox, chartFontSize } from './ChartBox';
import type { ChartProps } from './ChartBox';
import { ChartFrame } from './ChartFrame';
import type { DependencyGraphData } from '../results/dependency_graph_data';
import { useT } from '../i18n/i18n';
import { joinItems, joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';
import { palette } from './palette';
import { TurnDiagram, drawsTurns, turnDiagramSize, turnName } from './TurnDiagram';
import { useMeasuredWidth } from './use_measured_width';

/** A point, px. */
type Xy = [number, number];

export interface DependencyGeometry {
  width: number;
  height: number;
  routers: { x: number; y: number; label: string }[];
  /** Per channel: its line from router to router (a wrap stub past the edge), and its nodes. */
  channels: { id: number; line: string; nodes: Map<number, Xy>; wrap: boolean }[];
  /** Per dependence drawn: its curve, whether it lies on a cycle and joins escape channels. */
  edges: { path: string; cycle: boolean; escape: boolean; key: string }[];
  node: number;
}

const MARGIN = 28;

/**
 * The tallest the graph is drawn, px, and the least width that puts the turn diagram beside it:
 * presented at 1920 px (laid out 675 px wide, zoomed twice) the two side by side, with the title
 * and the caption, fit a 1080 px screen; on a phone the turns go below, a scroll away.
 */
export const DEPENDENCY = { tallest: 400, besideFrom: 640 } as const;

/** Which dependences the chart draws: all, or the escape channels' subgraph alone. */
export type DependencyView = 'all' | 'escape';

/**
 * Where everything goes at `width`: a ring (one dimension) round a circle, a 2-D network on its
 * grid. A channel's class-c node sits beside its middle, on the right of its direction of travel,
 * one lane further out per class, so the two directions and the classes keep apart. In the
 * escape view only the escape subgraph's dependences are drawn, its own cycles marked.
 */
export function dependencyGeometry(
  data: DependencyGraphData,
  width: number,
  view: DependencyView = 'all',
  maxHeight = DEPENDENCY.tallest,
): DependencyGeometry {
  const [kx = 1, ky = 1] = data.dims;
  const ring = data.dims.length === 1;
  const side = Math.min(width, 560, maxHeight);
  const height = ring
    ? side
    : Math.round(Math.min(560, maxHeight - 60, ((width - 2 * MARGIN) * ky) / kx) + 60);
  // A grid held down by the height is as wide as its cells are tall, centred.
  const across = ring ? width : Math.min(width, ((height - 60) * kx) / ky + 2 * MARGIN);
  const left = (width - across) / 2;
  const x = scaleLinear()
    .domain([-0.5, kx - 0.5])
    .range([left + MARGIN, left + across - MARGIN]);
  const y = scaleLinear()
    .domain([-0.5, ky - 0.5])
    .range([MARGIN, height - MARGIN]);
  const cell = ring ? (Math.PI * (side - 2 * MARGIN)) / Math.max(3, kx) : x(1) - x(0);
  const at = (p: [number, number]): Xy => {
    if (!ring) return [x(p[0]), y(p[1])];
    const angle = (2 * Math.PI * p[0]) / kx - Math.PI / 2;
    const r = side / 2 - MARGIN * 1.6;
    return [width / 2 + r * Math.cos(angle), side / 2 + r * Math.sin(angle)];
  };
  const lane = Math.max(5, Math.min(14, cell * 0.09));
  const node = Math.max(2.5, Math.min(5, cell * 0.035));
  const classes = 1 + Math.max(0, ...data.edges.map((e) => Math.max(e.fromClass, e.toClass)));
  const routers = new Map<string, { x: number; y: number; label: string }>();
  const channels = data.channels.map((c) => {
    const a = at(c.from);
    // On the grid a wrap-around channel is drawn as a step past the edge, not across the grid.
    let b = at(c.to);
    if (c.wrap && !ring) {
      const d = Number(c.direction.slice(1) === 'y');
      const sign = c.direction.startsWith('-') ? -1 : 1;
      const step = 0.42 * sign;
      b = at(d === 1 ? [c.from[0], c.from[1] + step] : [c.from[0] + step, c.from[1]]);
    }
    for (const p of [c.from, c.to]) {
      const [px, py] = at(p);
      routers.set(`${p[0]},${p[1]}`, { x: px, y: py, label: ring ? `${p[0]}` : `${p[0]},${p[1]}` });
    }
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    // The right of the direction of travel (y grows downwards).
    const [nx, ny] = [-uy, ux];
    const line = d3Path();
    line.moveTo(a[0] + ux * node * 2 + nx * lane * 0.5, a[1] + uy * node * 2 + ny * lane * 0.5);
    line.lineTo(b[0] - ux * node * 2 + nx * lane * 0.5, b[1] - uy * node * 2 + ny * lane * 0.5);
    const mid: Xy = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const nodes = new Map<number, Xy>();
    for (let k = 0; k < classes; k++) {
      const off = lane * (1.4 + k);
      nodes.set(k, [mid[0] + nx * off, mid[1] + ny * off]);
    }
    return { id: c.id, line: line.toString(), nodes, wrap: c.wrap };
  });
  const byId = new Map(channels.map((c) => [c.id, c]));
  const edges = data.edges.flatMap((e, i) => {
    if (view === 'escape' && !e.escape) return [];
    const a = byId.get(e.from)?.nodes.get(e.fromClass);
    const b = byId.get(e.to)?.nodes.get(e.toClass);
    if (!a || !b) return [];
    const p = d3Path();
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    // Bent a little to the right of its way, so two dependences in opposite ways keep apart.
    const bend = Math.min(len * 0.25, lane * 2);
    const [cx, cy] = [
      (a[0] + b[0]) / 2 - ((b[1] - a[1]) / len) * bend,
      (a[1] + b[1]) / 2 + ((b[0] - a[0]) / len) * bend,
    ];
    // Ends short of the nodes, so the arrow head is seen.
    const end = Math.max(0, 1 - (node * 1.8) / len);
    p.moveTo(a[0], a[1]);
    p.quadraticCurveTo(cx, cy, a[0] + (b[0] - a[0]) * end, a[1] + (b[1] - a[1]) * end);
    const cycle = (view === 'escape' ? e.escapeCycle : e.cycle) >= 0;
    return [{ path: p.toString(), cycle, escape: e.escape, key: `${i}` }];
  });
  return { width, height, routers: [...routers.values()], channels, edges, node };
}

/** What the chart says in words: its dependences and cycles, the escape subgraph's, the turns. */
export function dependencyCaption(data: DependencyGraphData, view: DependencyView = 'all'): string {
  if (data.channels.length === 0) return chartsT('dependency.none');
  return joinSentences(
    [graphSentence(data, view), escapeSentence(data), turnSentence(data)].filter((t) => t !== ''),
  );
}

/**
 * The dependences and the cycles the engine found. It marks one cycle in each strongly connected
 * component, which may hold many more, so the count is of components, not of cycles.
 */
function graphSentence(data: DependencyGraphData, view: DependencyView): string {
  if (view === 'escape') {
    return chartsT('dependency.escapeAlone', {
      dependences: data.edges.filter((e) => e.escape).length,
      cycles: data.escapeCycles,
    });
  }
  const counts = { dependences: data.edges.length, channels: data.channels.length };
  if (data.cycles === 0) return chartsT('dependency.acyclic', counts);
  return chartsT('dependency.cycles', {
    ...counts,
    cycles: data.cycles,
    onCycle: data.edges.filter((e) => e.cycle >= 0).length,
    escapes: data.escapes ? 'yes' : 'no',
  });
}

/** Duato's condition in words, under an adaptive routing with escape channels. */
function escapeSentence(data: DependencyGraphData): string {
  if (!data.escapes) return '';
  return chartsT('dependency.duato', {
    full: data.cycles > 0 ? 'yes' : 'no',
    escapeCycles: data.escapeCycles,
  });
}

/** The turns the routing never takes, on a network of 2 or more dimensions. */
function turnSentence(data: DependencyGraphData): string {
  if (data.turns.length === 0) return '';
  const forbidden = data.turns.filter((t) => t.dependences === 0);
  if (forbidden.length === 0) return chartsT('dependency.turnsAll', { turns: data.turns.length });
  return chartsT('dependency.turnsNever', {
    forbidden: forbidden.length,
    turns: data.turns.length,
    struck: drawsTurns(data.turns) ? 'yes' : 'no',
    names: joinItems(forbidden.map(turnName)),
  });
}

/** The channel-dependency graph (see the file's head). */
export function ChannelDependencyGraph({
  name,
  title,
  description,
  data,
  width: fixed,
  fontSize,
}: ChartProps<DependencyGraphData>) {
  const { ref, width } = useMeasuredWidth(fixed);
  const [chosen, setView] = useState<DependencyView>('all');
  const view = data.escapes ? chosen : 'all';
  const turns = turnDiagramSize(data.turns);
  const beside = turns.width > 0 && width >= DEPENDENCY.besideFrom;
  const g = dependencyGeometry(data, beside ? width - turns.width : width, view);
  const caption = dependencyCaption(data, view);
  const font = chartFontSize({ width, fontSize });
  const marker = `${name}-arrow`;
  return (
    <ChartBox boxRef={ref} announce="">
      {data.escapes && <EscapeChoice name={name} view={view} onChange={setView} />}
      <ChartFrame
        name={name}
        size={
          beside
            ? { width: g.width + turns.width, height: Math.max(g.height, turns.height) }
            : { width: g.width, height: g.height + turns.height }
        }
        margin={{ top: 0, left: 0 }}
        title={title}
        description={description ?? caption}
        pixelSize={{ fontSize: font }}
      >
        <defs>
          {[
            ['plain', palette.grey],
            ['escape', palette.blue],
            ['cycle', palette.vermillion],
          ].map(([id, color]) => (
            <marker
              key={id}
              id={`${marker}-${id}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="5"
              markerHeight="5"
              orient="auto-start-reverse"
            >
              <path d="M0,0L10,5L0,10z" fill={color} />
            </marker>
          ))}
        </defs>
        <g className="cdg-channels" stroke="currentColor" strokeOpacity={0.35} strokeWidth={1}>
          {g.channels.map((c) => (
            <path key={c.id} d={c.line} strokeDasharray={c.wrap ? '4 3' : undefined} />
          ))}
        </g>
        <g className="cdg-edges" fill="none">
          {g.edges
            .filter((e) => !e.cycle)
            .map((e) => (
              <path
                key={e.key}
                d={e.path}
                className={e.escape ? 'cdg-escape' : undefined}
                stroke={e.escape ? palette.blue : palette.grey}
                strokeWidth={e.escape ? 1.5 : 1}
                strokeOpacity={0.7}
                markerEnd={`url(#${marker}-${e.escape ? 'escape' : 'plain'})`}
              />
            ))}
          {g.edges
            .filter((e) => e.cycle)
            .map((e) => (
              <path
                key={e.key}
                d={e.path}
                className="cdg-cycle"
                stroke={palette.vermillion}
                strokeWidth={2.5}
                markerEnd={`url(#${marker}-cycle)`}
              />
            ))}
        </g>
        <g className="cdg-nodes" fill="currentColor">
          {g.channels.flatMap((c) =>
            [...c.nodes.values()].map(([x, y], k) => (
              <circle key={`${c.id}-${k}`} cx={x} cy={y} r={g.node} fillOpacity={0.8} />
            )),
          )}
        </g>
        <g className="cdg-routers" fontSize={font * 0.85} textAnchor="middle">
          {g.routers.map((r) => (
            <g key={r.label}>
              <rect
                x={r.x - 7}
                y={r.y - 7}
                width={14}
                height={14}
                rx={2}
                fill="var(--bg)"
                stroke="currentColor"
              />
              <text x={r.x} y={r.y + 4} fill="currentColor" fontSize={9}>
                {r.label.length <= 2 ? r.label : ''}
              </text>
            </g>
          ))}
        </g>
        <TurnDiagram
          name={name}
          turns={data.turns}
          x={beside ? g.width : Math.max(0, (g.width - turns.width) / 2)}
          y={beside ? Math.max(0, (g.height - turns.height) / 2) : g.height}
        />
      </ChartFrame>
      <p className="chart-caption">{caption}</p>
    </ChartBox>
  );
}

/** The choice of the whole graph or the escape channels' subgraph, with the colours' key. */
function EscapeChoice({
  name,
  view,
  onChange,
}: {
  name: string;
  view: DependencyView;
  onChange: (view: DependencyView) => void;
}) {
  const t = useT('charts');
  const choices: [DependencyView, string][] = [
    ['all', t('dependency.all')],
    ['escape', t('dependency.escapeOnly')],
  ];
  return (
    <fieldset className="cdg-view">
      <legend>{t('dependency.show')}</legend>
      {choices.map(([value, label]) => (
        <label key={value}>
          <input
            type="radio"
            name={`${name}-view`}
            value={value}
            checked={view === value}
            onChange={() => onChange(value)}
          />
          {label}
        </label>
      ))}
      <span className="cdg-key">
        {(
          [
            [t('dependency.adaptive'), palette.grey],
            [t('dependency.escapeToEscape'), palette.blue],
            [t('dependency.onCycle'), palette.vermillion],
          ] as [string, string][]
        ).map(([label, color]) => (
          <span key={label}>
            <i style={{ background: color }} />
            {label}
          </span>
        ))}
      </span>
    </fieldset>
  );
}
