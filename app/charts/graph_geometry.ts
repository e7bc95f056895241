// A channel graph map's geometry: the network placed by the kind of drawing it declares
// (results/drawing/placement.ts: switches in columns, a tree's levels, groups around a circle, a
// grid of arcs) under the legend, each channel coloured by its utilization, and the read-out's
// targets.
import type { ChartSize } from './ChartBox';
import { chartFontSize } from './ChartBox';
import type { ChannelGraph } from '../results/chart_data';
import type { Arc } from '../results/drawing/placement';
import { naturalHeight, placeGraph } from '../results/drawing/placement';
import { formatReadable } from '../results/format';
import { channelGraphCaptionParts } from './graph_words';
import { heatColor, heatLegendLayout, heatTop } from './heat_scale';
import { palette } from './palette';
import type { ReadoutTarget } from './Readout';
import { chartsT } from '../results/words';

/**
 * A drawn channel as the readout shows it: at its line's middle (an arc's, a quadratic through
 * control point (cx, cy): a quarter of each end and half the control point), its utilization.
 */
export function channelTargets(
  channels: readonly (Arc & { color: string; title: string; value: number | null })[],
): ReadoutTarget[] {
  return channels.map((c, i) => ({
    series: i,
    px: (c.x1 + 2 * (c.cx ?? (c.x1 + c.x2) / 2) + c.x2) / 4,
    py: (c.y1 + 2 * (c.cy ?? (c.y1 + c.y2) / 2) + c.y2) / 4,
    color: c.color,
    title: c.title,
    lines: [
      c.value === null
        ? chartsT('noDataFor', { label: chartsT('heatmap.utilization') })
        : chartsT('line.value', {
            label: chartsT('heatmap.utilization'),
            value: formatReadable(c.value, PERCENT),
          }),
    ],
  }));
}

export const STYLE = {
  noDataOpacity: 0.3,
  outer: 8,
  /**
   * The tallest the map draws, legend and drawing, when its height is not given: the cube's heat
   * map's tallest, so a presented map, twice as large, fits a 1080 px screen too.
   */
  side: 480,
} as const;

const PERCENT = { unit: '', format: 'percent' } as const;

/**
 * Everything the graph map draws, in plot coordinates: the placement under the legend, as wide
 * as the map, as tall as the height given or else as the drawing's own shape takes at most
 * STYLE.side (what the placement leaves out said in the legend); routers as boxes, terminals as
 * dots, each channel a line or arc coloured by utilization, and read-out targets at the channels'
 * middles. Pure, so it can be tested.
 */
export function channelGraphGeometry(
  graph: ChannelGraph,
  size: Omit<ChartSize, 'height'> & { height?: number },
) {
  const fontSize = chartFontSize(size);
  const scaleTop = graph.top ?? heatTop(graph.channels.map((c) => c.value));
  const innerWidth = Math.max(20, size.width - 2 * STYLE.outer);
  // The note depends on the height, the height (given one) on the legend's: word it for the
  // height the map takes without one, as it is drawn.
  const natural = Math.min(naturalHeight(graph, innerWidth), STYLE.side);
  const probe = placeGraph(graph, innerWidth, natural);
  const parts = [...channelGraphCaptionParts(graph), ...(probe.note ? [probe.note] : [])];
  const legend = heatLegendLayout(parts, scaleTop, innerWidth, fontSize);
  const top = STYLE.outer + legend.height;
  const innerHeight = Math.max(
    20,
    size.height === undefined
      ? Math.min(natural, STYLE.side - top - STYLE.outer)
      : size.height - top - STYLE.outer,
  );
  const p = placeGraph(graph, innerWidth, innerHeight);
  const name = (id: number) =>
    id >= graph.routers
      ? chartsT('graph.terminal', { terminal: String(id - graph.routers) })
      : p.routerName(id);
  const channels = graph.channels.flatMap((c, index) => {
    const line = p.lines[index];
    if (!line) return [];
    const color = c.value === null ? palette.grey : heatColor(c.value, scaleTop);
    return [
      {
        ...c,
        index,
        ...line,
        color,
        title: chartsT('graph.channel', { from: name(c.from), to: name(c.to) }),
      },
    ];
  });
  return {
    size: { ...size, height: top + innerHeight + STYLE.outer },
    fontSize,
    margin: { top, left: STYLE.outer },
    legend,
    scaleTop,
    innerWidth,
    innerHeight,
    routerSize: p.routerSize,
    terminalRadius: p.terminalRadius,
    lineWidth: p.lineWidth,
    routers: p.boxes.map((id) => ({ id, ...p.routers[id]! })),
    terminals: p.terminals.flatMap((q, t) => (q ? [{ id: graph.routers + t, ...q }] : [])),
    channels,
    targets: channelTargets(channels),
    note: p.note,
    /** Discs drawn behind groups of routers. */
    groups: p.discs,
  };
}

/** What a channel graph map draws. */
export type GraphGeometry = ReturnType<typeof channelGraphGeometry>;
