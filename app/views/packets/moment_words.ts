// What the packet view says of the moment shown, above, beside and under the drawing: the
// cycle's counts and blocked heads, the followed packet (where it is, its latency split), a
// deadlock once reached and a run that stopped inside the window.
import type { TraceOutcome } from '../../engine/trace';
import type { PacketIndex } from './packet_index';
import type { LatencySplit } from './packet_latency';
import type { PacketLayout } from './packet_layout';
import type { Scene } from './packet_scene';
import type { NetState } from './packet_state';
import { flitKey } from './packet_state';
import { plural } from './packet_words';

/** A reason as the summary says it ("no_credit": "no credit"). */
export const reasonText = (reason: string) => reason.replace(/_/g, ' ').replace(/\bvc\b/, 'VC');

/** Where the followed packet is now, in words. */
export function whereNow(
  id: number,
  index: PacketIndex,
  layout: PacketLayout,
  state: NetState,
  time: number,
): string {
  const p = index.packets.get(id);
  if (!p) return 'not in this window';
  if (p.delivered !== undefined && p.delivered <= time) return `delivered to node ${p.dst}`;
  if (p.dropped !== undefined && p.dropped <= time) return 'dropped: its request gave up';
  if (state.queued.has(id)) return `waiting at its source, node ${p.src}`;
  if (index.switching === 'circuit') {
    const held = [...state.holders.values()].filter((h) => h === id).length;
    const what = state.connected.has(id) ? 'connected, its words streaming' : 'setting up';
    return `${what}, holding ${held} channel${held === 1 ? '' : 's'}`;
  }
  for (let flit = 0; flit < Math.max(1, p.flits); flit++) {
    const at = state.flits.get(flitKey(id, flit));
    if (!at) continue;
    const input = Math.floor(at.ivc / index.vcs);
    const router = layout.routerName(layout.inputRouter[input] ?? -1);
    const from = layout.inputTerminal[input]! >= 0 ? ' (its injection buffer)' : '';
    const lead = flit === 0 ? 'head' : `flit ${flit} (the head has left)`;
    const reason = state.blocked.get(flitKey(id, flit));
    const blocked =
      reason === undefined ? '' : `, blocked: ${reasonText(index.reasons[reason] ?? '')}`;
    return `${lead} in a buffer of router ${router}${from}${blocked}`;
  }
  return 'between buffers';
}

/**
 * Said above the drawing when the run stopped before the window's end (its measurement was done):
 * an empty window otherwise looks like an idle network.
 */
export function runEndNote(outcome: TraceOutcome, index: PacketIndex): string | null {
  // The run's last cycle, as the trace declares it (-1: not ended), against the window's cycles,
  // from to from + length - 1.
  const { from, length, runEnd: last } = outcome.trace;
  if (last < 0 || last >= from + length - 1) return null;
  if (index.packets.size === 0 && last < from) {
    return (
      `The run stopped after cycle ${last}, before this window opens at cycle ${from}: nothing ` +
      `was recorded. Record from cycle ${last} or earlier.`
    );
  }
  return `The run stopped after cycle ${last}, inside this window: it plays to there.`;
}

/**
 * The deadlock once the time shown has reached it: the sentence saying so (the channels by the
 * routers they join) and what the drawing marks. Null before it, or where there is none.
 */
export function deadlockAt(index: PacketIndex, layout: PacketLayout, time: number) {
  const d = index.deadlock;
  if (!d || time < d.time) return null;
  const hops = d.channels.map((c) => {
    const input = layout.downstream[c] ?? -1;
    const from = layout.routerName(layout.inputFeeder[input] ?? -1);
    return `${from} → ${layout.routerName(layout.inputRouter[input] ?? -1)}`;
  });
  const k = d.channels.length;
  return {
    text:
      `Deadlock at cycle ${d.time}: these ${k} channels each wait for the next: ` +
      `${hops.join(', ')}, and back to the first. Each buffer is full, and the packet at its ` +
      'front waits for room in the next one, which never comes: nothing moves again.',
    knot: {
      channels: d.channels,
      ivcs: new Set(d.channels.map((c, i) => (layout.downstream[c] ?? 0) * index.vcs + d.vcs[i]!)),
    },
  };
}

export function splitText(s: LatencySplit): string {
  const of = s.complete ? `latency ${s.total} cycles` : `${s.total} cycles so far`;
  const parts = [
    ...(s.before > 0 ? [`${s.before} before the window (not recorded)`] : []),
    `queueing ${s.queueing}`,
    `blocking ${s.blocking}`,
    `transfer ${s.transfer}`,
  ];
  return `${of} = ${parts.join(' + ')}` + (s.complete ? '' : ' (not yet delivered)');
}

/** The moment in words: what is in flight, blocked heads by reason, the followed packet. */
export function describeMoment(
  time: number,
  index: PacketIndex,
  layout: PacketLayout,
  scene: Scene,
  state: NetState,
  selected: number | undefined,
): string {
  const c = scene.counts;
  const blocked = c.blocked
    .map((n, r) => (n > 0 ? `${n} ${reasonText(index.reasons[r] ?? '')}` : ''))
    .filter(Boolean);
  const heads = c.blocked.reduce((a, b) => a + b, 0);
  const parts = [
    `Cycle ${time}: ${plural(c.inFlight, 'packet', 'packets')} on their way, ` +
      `${c.queued} waiting at their sources`,
    index.switching === 'circuit'
      ? `${plural(state.holders.size, 'channel', 'channels')} held by circuits`
      : `${plural(c.buffered, 'flit', 'flits')} in buffers; ` +
        `${plural(heads, 'blocked head', 'blocked heads')}` +
        (blocked.length ? ` (${blocked.join(', ')})` : ''),
  ];
  let text = parts.join(', ') + '.';
  if (layout.planes > 1) text += ` Plane z = ${layout.plane} of ${layout.planes} drawn.`;
  if (selected !== undefined) text += ` ${followedText(selected, index, layout, state, time)}`;
  return text;
}

/** The followed packet in words: where it is and its latency so far. */
export function followedText(
  selected: number,
  index: PacketIndex,
  layout: PacketLayout,
  state: NetState,
  time: number,
): string {
  const split = index.latency(selected, time);
  const p = index.packets.get(selected);
  return (
    `Followed packet ${selected}` +
    (p ? ` (node ${p.src} to ${p.dst})` : '') +
    `: ${whereNow(selected, index, layout, state, time)}` +
    (split ? `; ${splitText(split)}.` : '.')
  );
}
