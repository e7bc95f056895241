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
  const size = [
    count(graph.routers, 'switch').replace(/switchs$/, 'switches'),
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
  return (
    `Channel utilization: ${channelGraphCaption(graph)}. Switches in columns by their distance ` +
    'from the terminals (on the right), each channel a line coloured from 0 to ' +
    `${percent(heatTop(graph.channels.map((c) => c.value)))}, the two directions of a link side ` +
    'by side.'
  );
}
