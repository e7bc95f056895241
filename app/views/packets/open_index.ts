// The packet view's network, index and layout for a traced run: the machine's first network as
// the engine describes it, and its virtual channels and buffer depth from the run's parameters.
import type { TraceOutcome } from '../../engine/trace';
import type { NetworkMap } from '../../engine/types';
import type { Sliced } from '../sliced';
import { finish } from '../sliced';
import { PacketIndex } from './packet_index';
import type { LayoutOptions, PacketLayout } from './packet_layout';
import { channelDownstream, packetLayout } from './packet_layout';

function param(outcome: TraceOutcome, name: string, fallback: number): number {
  const v = outcome.params[name];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** The traced network; null when the machine has none. */
export function tracedNetwork(outcome: TraceOutcome): NetworkMap | null {
  return outcome.networks.find((n) => n.channels.columns.length > 0) ?? null;
}

/**
 * An index of the trace, built a slice at a time: its flits' buffers and credits need the
 * network's wiring.
 */
export function indexTrace(outcome: TraceOutcome, network: NetworkMap): Sliced<PacketIndex> {
  const downstream = channelDownstream(network);
  return PacketIndex.create(outcome.trace, {
    vcs: param(outcome, 'vcs', 1),
    buffer: param(outcome, 'buffer_flits', 1),
    downstream: (c) => downstream[c] ?? -1,
  });
}

/** Index and layout together (tests and scripts; the view keeps them apart). */
export function openIndex(
  outcome: TraceOutcome,
  options: Omit<LayoutOptions, 'buffer'>,
): { network: NetworkMap; index: PacketIndex; layout: PacketLayout } {
  const network = tracedNetwork(outcome);
  if (!network) throw new Error('the traced machine has no network');
  const index = finish(indexTrace(outcome, network));
  const layout = packetLayout(network, { ...options, buffer: index.buffer });
  return { network, index, layout };
}
