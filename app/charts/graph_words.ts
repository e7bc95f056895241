// A channel graph in words: its caption and text alternative.
import type { ChannelGraph } from '../results/chart_data';
import { heatScaleNote, heatTop, sharePercent } from './heat_scale';

function stats(graph: ChannelGraph) {
  const values = graph.channels.flatMap((c) => (c.value === null ? [] : [c.value]));
  if (values.length === 0) return null;
  const max = Math.max(...values);
  return { max, mean: values.reduce((a, b) => a + b, 0) / values.length, count: values.length };
}

const percent = sharePercent;

/** The shapes of a k-ary n-cube, named as they are; a flattened butterfly's grid is of routers. */
const CUBE_SHAPES = ['mesh', 'torus'];

/** The caption's parts: the network's size, maximum and mean utilization, the colour scale. */
export function channelGraphCaptionParts(graph: ChannelGraph): string[] {
  const s = stats(graph);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const df = graph.dragonfly;
  const grid = graph.grid;
  const switches = count(graph.routers, 'switch').replace(/switchs$/, 'switches');
  const size = [
    df
      ? `${count(df.groups, 'group')} of ${graph.routers / Math.max(1, df.groups)} routers`
      : grid
        ? `${grid.radix.join(' x ')} ${CUBE_SHAPES.includes(grid.shape) ? grid.shape : 'routers'}`
        : switches,
    count(graph.terminals, 'terminal'),
    count(graph.channels.length, 'channel'),
  ].join(', ');
  const measured = s ? [`max ${percent(s.max)}`, `mean ${percent(s.mean)}`] : ['no data'];
  const scale = heatScaleNote(heatTop(graph.channels.map((c) => c.value)));
  return [size, ...measured, ...scale];
}

/** The caption in one line. */
export function channelGraphCaption(graph: ChannelGraph): string {
  return channelGraphCaptionParts(graph).join(' · ');
}

/** The text alternative: layout, size and the utilization's maximum and mean. */
export function describeChannelGraph(graph: ChannelGraph): string {
  const layout = graph.dragonfly
    ? "A dragonfly's groups around a circle, each group's routers a ring joined by its local " +
      'channels, the global channels chords between groups, terminals outside their routers'
    : graph.fatTree
      ? `A fat tree's ${graph.fatTree.levels} levels of switches in rows, the top level highest, ` +
        'the terminals in a row at the bottom'
      : graph.grid
        ? CUBE_SHAPES.includes(graph.grid.shape)
          ? `A ${graph.grid.radix.length}-dimensional ${graph.grid.shape}'s routers on a grid by ` +
            'their coordinates (x across, y down, each later dimension a copy of the grid so far ' +
            'beside or below it), neighbours joined by arcs, terminals around their routers'
          : "A flattened butterfly's routers on a grid by their coordinates (a third " +
            "dimension's planes side by side, a fourth's stacked), each row's routers all " +
            'joined by arcs, terminals around their routers'
        : 'Switches in columns by their distance from the terminals (on the right)';
  return (
    `Channel utilization: ${channelGraphCaption(graph)}. ${layout}, each channel a line ` +
    'coloured from 0 to ' +
    `${percent(heatTop(graph.channels.map((c) => c.value)))}, the two directions of a link side ` +
    'by side.'
  );
}
