// A channel graph in words: its caption and text alternative.
import type { ChannelGraph } from '../results/chart_data';
import { heatScaleNote, heatTop, sharePercent } from './heat_scale';
import { chartsT } from '../results/words';
import { shapeName } from '../results/drawing/words';
import { maxMean } from './heat_scale';

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
  const layout = graph.layout;
  const size = chartsT('graph.size', {
    layout:
      layout?.kind === 'groups'
        ? 'groups'
        : layout?.kind === 'arc grid'
          ? // A grid of neighbours is the shape's own (a torus); of whole rows, of routers.
            layout.wholeRows
            ? 'rows'
            : 'grid'
          : 'switches',
    groups: layout?.kind === 'groups' ? layout.groups : 0,
    groupsText: String(layout?.kind === 'groups' ? layout.groups : 0),
    routers: String(graph.routers / Math.max(1, layout?.kind === 'groups' ? layout.groups : 1)),
    radix: layout?.kind === 'arc grid' ? layout.radix.join(' x ') : '',
    shape: graph.shape ? shapeName(graph.shape) : chartsT('graph.grid'),
    switches: graph.routers,
    switchesText: String(graph.routers),
    terminals: graph.terminals,
    terminalsText: String(graph.terminals),
    channels: graph.channels.length,
    channelsText: String(graph.channels.length),
  });
  const measured = maxMean(s);
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
  return chartsT('graph.describe', {
    caption: channelGraphCaption(graph),
    layout:
      layout?.kind === 'groups'
        ? 'groups'
        : layout?.kind === 'tree'
          ? 'tree'
          : layout?.kind === 'arc grid'
            ? layout.wholeRows
              ? 'rows'
              : 'neighbours'
            : 'columns',
    shape: shapeName(graph.shape ?? 'network'),
    levels: String(layout?.kind === 'tree' ? layout.levels : 0),
    dims: String(layout?.kind === 'arc grid' ? layout.radix.length : 0),
    top: percent(graph.top ?? heatTop(graph.channels.map((c) => c.value))),
  });
}
