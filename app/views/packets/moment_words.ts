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
import { joinItems, joinSentences } from '../../i18n/join';
import { vt } from '../view_words';

/** A reason as the summary says it ("no_credit": "no credit"); one the catalogue lacks, spelled out. */
export const reasonText = (reason: string) =>
  vt('reason.short', {
    reason,
    spelled: reason.replace(/_/g, ' ').replace(/\bvc\b/, 'VC'),
  });

/** Where the followed packet is now, in words. */
export function whereNow(
  id: number,
  index: PacketIndex,
  layout: PacketLayout,
  state: NetState,
  time: number,
): string {
  const p = index.packets.get(id);
  if (!p) return vt('where.notInWindow');
  if (p.delivered !== undefined && p.delivered <= time)
    return vt('where.delivered', { node: p.dst });
  if (p.dropped !== undefined && p.dropped <= time) return vt('where.dropped');
  if (state.queued.has(id)) return vt('where.queued', { node: p.src });
  if (index.switching === 'circuit') {
    const held = [...state.holders.values()].filter((h) => h === id).length;
    return vt('where.circuit', { connected: state.connected.has(id) ? 'yes' : 'no', held });
  }
  for (let flit = 0; flit < Math.max(1, p.flits); flit++) {
    const at = state.flits.get(flitKey(id, flit));
    if (!at) continue;
    const input = Math.floor(at.ivc / index.vcs);
    const router = layout.routerName(layout.inputRouter[input] ?? -1);
    const reason = state.blocked.get(flitKey(id, flit));
    return vt('where.buffer', {
      flit,
      head: flit === 0 ? 'yes' : 'no',
      router,
      injection: layout.inputTerminal[input]! >= 0 ? 'yes' : 'no',
      blocked: reason === undefined ? 'none' : reasonText(index.reasons[reason] ?? ''),
    });
  }
  return vt('where.between');
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
    return vt('runEnd.before', { last, from });
  }
  return vt('runEnd.inside', { last });
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
    text: vt('deadlock.at', { time: d.time, k, hops: joinItems(hops) }),
    knot: {
      channels: d.channels,
      ivcs: new Set(d.channels.map((c, i) => (layout.downstream[c] ?? 0) * index.vcs + d.vcs[i]!)),
    },
  };
}

export function splitText(s: LatencySplit): string {
  const parts = [
    ...(s.before > 0 ? [vt('split.before', { n: s.before })] : []),
    vt('split.queueing', { n: s.queueing }),
    vt('split.blocking', { n: s.blocking }),
    vt('split.transfer', { n: s.transfer }),
  ];
  return vt('split.text', {
    complete: s.complete ? 'yes' : 'no',
    total: s.total,
    parts: parts.join(' + '),
  });
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
    .map((n, r) =>
      n > 0 ? vt('moment.reasonCount', { n, reason: reasonText(index.reasons[r] ?? '') }) : '',
    )
    .filter(Boolean);
  const heads = c.blocked.reduce((a, b) => a + b, 0);
  const text =
    index.switching === 'circuit'
      ? vt('moment.circuit', {
          time,
          inFlight: c.inFlight,
          queued: c.queued,
          held: state.holders.size,
        })
      : vt('moment.packets', {
          time,
          inFlight: c.inFlight,
          queued: c.queued,
          buffered: c.buffered,
          heads,
          reasons: blocked.length ? joinItems(blocked) : 'none',
        });
  return joinSentences([
    text,
    ...(layout.planes > 1
      ? [vt('moment.plane', { plane: layout.plane, planes: layout.planes })]
      : []),
    ...(selected !== undefined ? [followedText(selected, index, layout, state, time)] : []),
  ]);
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
  return vt('moment.followed', {
    id: selected,
    known: p ? 'yes' : 'no',
    src: p?.src ?? '',
    dst: p?.dst ?? '',
    where: whereNow(selected, index, layout, state, time),
    split: split ? splitText(split) : 'none',
  });
}
