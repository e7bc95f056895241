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

/** The caption's parts: the network's size, maximum and mean utilization, the colour scale. */
export function channelGraphCaptionParts(graph: ChannelGraph): string[] {
  const s = stats(graph);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const layout = graph.layout;
  const switches = count(graph.routers, 'switch').replace(/switchs$/, 'switches');
  const size = [
    layout?.kind === 'groups'
      ? `${count(layout.groups, 'group')} of ${graph.routers / Math.max(1, layout.groups)} routers`
      : layout?.kind === 'arc grid'
        ? // A grid of neighbours is the shape's own (a torus); of whole rows, of routers.
          `${layout.radix.join(' x ')} ${layout.wholeRows ? 'routers' : (graph.shape ?? 'grid')}`
        : switches,
    count(graph.terminals, 'terminal'),
    count(graph.channels.length, 'channel'),
  ].join(', ');
  const measured = s ? [`max ${percent(s.max)}`, `mean ${percent(s.mean)}`] : ['no data'];
  const scale = heatScaleNote(graph.top ?? heatTop(graph.channels.map((c) => c.value)));
  return [size, ...measured, ...scale];
}

/** The caption in one line. */
export function channelGraphCaption(graph: ChannelGraph): string {
  return channelGraphCaptionParts(graph).join(' · ');
}

/** The text alternative: layout, size and the utilization's maximum and mean. */
export function describeChannelGraph(graph: ChannelGraph): string {
  const layout = graph.layout;
  const shape = graph.shape ?? 'network';
  const words =
    layout?.kind === 'groups'
      ? `A ${shape}'s groups around a circle, each group's routers a ring joined by its local ` +
        'channels, the global channels chords between groups, terminals outside their routers'
      : layout?.kind === 'tree'
        ? `A ${shape}'s ${layout.levels} levels of switches in rows, the top level highest, ` +
          'the terminals in a row at the bottom'
        : layout?.kind === 'arc grid'
          ? layout.wholeRows
            ? `A ${shape}'s routers on a grid by their coordinates (a third ` +
              "dimension's planes side by side, a fourth's stacked), each row's routers all " +
              'joined by arcs, terminals around their routers'
            : `A ${layout.radix.length}-dimensional ${shape}'s routers on a grid by ` +
              'their coordinates (x across, y down, each later dimension a copy of the grid so ' +
              'far beside or below it), neighbours joined by arcs, terminals around their routers'
          : 'Switches in columns by their distance from the terminals (on the right)';
  return (
    `Channel utilization: ${channelGraphCaption(graph)}. ${words}, each channel a line ` +
    'coloured from 0 to ' +
    `${percent(graph.top ?? heatTop(graph.channels.map((c) => c.value)))}, the two directions of a link side ` +
    'by side.'
  );
}
