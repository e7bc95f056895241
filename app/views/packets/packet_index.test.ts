// The packet view's index against real traces from the engine (fixtures/network_traces.ts): a
// 4x4 mesh and torus near saturation, a 2-ary 4-fly, an 8-port crossbar and a circuit-switched
// mesh, each checked against the events themselves (traceEvents), replayed here independently.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { TraceEvent, TraceOutcome } from '../../engine/trace';
import { traceEvents } from '../../engine/trace';
import { findColumn } from '../../engine/types';
import { runSliced } from '../sliced';
import { byCycle, cycles, num, traceNetworks } from './fixtures/network_traces';
import { indexTrace, openIndex } from './open_index';
import { KEY_EVERY } from './packet_index';
import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';
import type { Frame } from './packet_state';
import { flitKey, keyPacket } from './packet_state';

let traced: Record<string, TraceOutcome> = {};
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  traced = await traceNetworks(engine, ['mesh', 'torus', 'fly', 'crossbar', 'circuit']);
  engine.dispose();
}, 120_000);

/** The state a frame shows, as plain data to compare. */
function plain(frame: Frame) {
  const s = frame.state;
  const sorted = <T>(xs: Iterable<T>) => [...xs].sort();
  return {
    flits: sorted([...s.flits].map(([k, a]) => `${k}@${a.ivc}`)),
    order: [...s.flits].sort((a, b) => a[1].seq - b[1].seq).map(([k]) => k),
    blocked: sorted([...s.blocked].map(([k, r]) => `${k}:${r}`)),
    credits: sorted([...s.credits].map(([k, n]) => `${k}:${n}`)),
    holders: sorted([...s.holders].map(([c, p]) => `${c}:${p}`)),
    connected: sorted(s.connected),
    queued: sorted(s.queued),
    inFlight: sorted(s.inFlight),
    moves: frame.moves.map((m) => `${m.packet}.${m.flit}:${m.from}>${m.channel}>${m.to}`),
  };
}

describe.each(['mesh', 'torus', 'fly', 'crossbar'])('the packet index of a %s', (name) => {
  let index: PacketIndex;
  let layout: PacketLayout;
  let outcome: TraceOutcome;
  beforeAll(() => {
    outcome = traced[name]!;
    ({ index, layout } = openIndex(outcome, { width: 900, maxHeight: 700, plane: 0 }));
  });

  it('puts every flit in the buffer the trace moved it into, cycle by cycle', () => {
    const events = byCycle(outcome);
    const vcs = index.vcs;
    const where = new Map<number, number>();
    let checked = 0;
    for (const t of cycles(index)) {
      for (const e of events.get(t) ?? []) {
        const key = flitKey(num(e, 'packet'), num(e, 'flit'));
        if (e.kind === 'flit_buffered' || e.kind === 'flit_injected') {
          where.set(key, num(e, 'input') * vcs + num(e, 'vc'));
        } else if (e.kind === 'flit_moved') {
          where.set(key, layout.downstream[num(e, 'channel')]! * vcs + num(e, 'vc'));
        } else if (e.kind === 'flit_ejected') {
          where.delete(key);
        }
      }
      const frame = index.frame(t);
      expect(new Map([...frame.state.flits].map(([k, a]) => [k, a.ivc]))).toEqual(where);
      checked += where.size;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('moves a flit at most one channel a cycle, out of a buffer of the router it crosses', () => {
    const router = findColumn(outcome.networks[0]!.channels, 'router')!.values;
    const ids = findColumn(outcome.networks[0]!.channels, 'id')!.values;
    const routerOf = new Map([...ids].map((id, i) => [id, router[i]!]));
    const crossings: [number | undefined, number | undefined][] = [];
    for (const t of cycles(index)) {
      const frame = index.frame(t);
      const keys = frame.moves.map((m) => flitKey(m.packet, m.flit));
      expect(new Set(keys).size).toBe(keys.length);
      for (const m of frame.moves.filter((x) => x.channel >= 0 && x.from >= 0)) {
        crossings.push([
          layout.inputRouter[Math.floor(m.from / index.vcs)],
          routerOf.get(m.channel),
        ]);
      }
    }
    expect(crossings.length).toBeGreaterThan(50);
    for (const [left, crossed] of crossings) expect(left).toBe(crossed);
  });

  it('counts a packet on its way once a flit of it is in a buffer, else at its source', () => {
    for (const t of cycles(index)) {
      const { state } = index.frame(t);
      const buffered = new Set([...state.flits.keys()].map(keyPacket));
      for (const p of buffered) expect(state.queued.has(p)).toBe(false);
      expect([...state.queued].filter((p) => state.inFlight.has(p))).toEqual([]);
    }
    // At the window's start a live packet is on its way exactly when a flit of it is buffered.
    const { state } = index.frame(index.from);
    const buffered = new Set([...state.flits.keys()].map(keyPacket));
    const live = traceEvents(outcome.trace).filter((e) => e.kind === 'packet_live');
    for (const e of live)
      expect(state.inFlight.has(num(e, 'packet'))).toBe(buffered.has(num(e, 'packet')));
  });

  it('keeps a blocked head where it is while it stays blocked', () => {
    let held = 0;
    for (const t of cycles(index).slice(0, -1)) {
      const now = index.frame(t);
      const blocked = [...now.state.blocked.keys()];
      const at = new Map(blocked.map((k) => [k, now.state.flits.get(k)?.ivc]));
      const next = index.frame(t + 1);
      for (const key of blocked) {
        if (!next.state.blocked.has(key)) continue;
        expect(next.state.flits.get(key)?.ivc).toBe(at.get(key));
        expect(next.moves.some((m) => flitKey(m.packet, m.flit) === key)).toBe(false);
        held++;
      }
    }
    expect(held).toBeGreaterThan(0);
  });

  it('gives the same state seeking backwards and at random as playing forwards', () => {
    const forwards = cycles(index).map((t) => plain(index.frame(t)));
    const { index: fresh } = openIndex(outcome, { width: 900, maxHeight: 700, plane: 0 });
    const order = cycles(fresh).reverse();
    // Then jumps across kept states, both ways.
    order.push(...[3, 140, 5, KEY_EVERY, KEY_EVERY - 1, 77, 76, 149].map((d) => fresh.from + d));
    for (const t of order) expect(plain(fresh.frame(t))).toEqual(forwards[t - fresh.from]);
  });

  it('counts a packet live at the window start from its creation, its time before unsplit', () => {
    const events = traceEvents(outcome.trace);
    // On its way at the window's start: a flit of it in a buffer in the snapshot.
    const buffered = new Set(
      events.filter((e) => e.kind === 'flit_buffered').map((e) => num(e, 'packet')),
    );
    const lives = events.filter((e) => e.kind === 'packet_live');
    for (const live of lives) {
      const id = num(live, 'packet');
      const born = num(live, 'created');
      const onItsWay = buffered.has(id);
      const delivered = events.find((e) => e.kind === 'packet_delivered' && e.packet === id);
      const s = index.latency(id, index.end)!;
      expect({
        born: born < index.from,
        sum: s.before + s.queueing + s.blocking + s.transfer,
        complete: s.complete,
        // On its way: when it left its source is not in the trace; at its source: queueing
        // since its creation.
        before: s.before,
        queueing: onItsWay ? s.queueing : s.queueing >= index.from - born,
      }).toEqual({
        born: true,
        sum: delivered ? num(delivered, 'cycle') - born : index.end + 1 - born,
        complete: delivered !== undefined,
        before: onItsWay ? index.from - born : 0,
        queueing: onItsWay ? 0 : true,
      });
    }
    // The crossbar's 8 ports hold no packet across cycle 1,500 at this load; the others do.
    const travelling = lives.filter((e) => buffered.has(num(e, 'packet'))).length;
    expect(travelling).toBeGreaterThanOrEqual(name === 'crossbar' ? 0 : 4);
    expect(lives.length - travelling).toBeGreaterThanOrEqual(name === 'crossbar' ? 0 : 1);
  });

  it('splits a delivered packet latency into queueing, blocking and transfer that sum to it', () => {
    const events = traceEvents(outcome.trace);
    const first = (kind: string, packet: number) =>
      events.find((e) => e.kind === kind && e.packet === packet);
    let split = 0;
    for (const p of index.packets.values()) {
      const created = first('packet_created', p.id);
      const delivered = first('packet_delivered', p.id);
      if (!created || !delivered) continue;
      const s = index.latency(p.id, index.end)!;
      const latency = num(delivered, 'cycle') - num(created, 'cycle');
      expect(s.queueing + s.blocking + s.transfer).toBe(latency);
      expect(s.total).toBe(latency);
      expect(s.complete).toBe(true);
      const injected = num(first('packet_injected', p.id)!, 'cycle');
      expect(s.queueing).toBe(injected - num(created, 'cycle'));
      // The head crosses a channel a cycle at most: transfer takes at least one per crossing.
      const crossings = events.filter(
        (e) =>
          e.packet === p.id &&
          e.flit === 0 &&
          (e.kind === 'flit_moved' || e.kind === 'flit_ejected'),
      ).length;
      expect(s.transfer).toBeGreaterThanOrEqual(crossings);
      split++;
    }
    expect(split).toBeGreaterThan(3);
    // Near saturation some heads wait, and their waits are counted.
    expect([...index.packets.values()].some((p) => p.blocked.length > 0)).toBe(true);
  });
});

describe('the packet index of a circuit-switched mesh', () => {
  it('holds a circuit channel from its set-up to its release', () => {
    const outcome = traced.circuit!;
    const { index } = openIndex(outcome, { width: 900, maxHeight: 700, plane: 0 });
    expect(index.switching).toBe('circuit');
    const events = byCycle(outcome);
    const holder = new Map<number, number>();
    let held = 0;
    let released = 0;
    const strays: TraceEvent[] = [];
    for (const t of cycles(index)) {
      for (const e of events.get(t) ?? []) {
        if (e.kind === 'circuit_holding' || e.kind === 'circuit_hold') {
          holder.set(num(e, 'channel'), num(e, 'packet'));
        } else if (e.kind === 'circuit_release') {
          // A circuit releases only what it holds.
          if (holder.get(num(e, 'channel')) !== num(e, 'packet')) strays.push(e);
          holder.delete(num(e, 'channel'));
          released++;
        }
      }
      const frame = index.frame(t);
      expect(frame.state.holders).toEqual(holder);
      held += holder.size;
    }
    expect(held).toBeGreaterThan(0);
    expect(released).toBeGreaterThan(0);
    expect(strays).toEqual([]);
    // Seeking back to the first cycle gives the window's snapshot again.
    expect(index.frame(index.from).state.holders.size).toBeGreaterThan(0);
    for (const p of index.packets.values()) {
      if (p.created === undefined || p.delivered === undefined) continue;
      const s = index.latency(p.id, index.end)!;
      expect(s.queueing + s.blocking + s.transfer).toBe(p.delivered - p.created);
    }
  });
});

describe.each(['mesh', 'circuit'])('the packet index of a %s built in slices', (name) => {
  it('is the index built at once, its progress rising to the end', async () => {
    const outcome = traced[name]!;
    const { network, index: whole } = openIndex(outcome, { width: 900, maxHeight: 700, plane: 0 });
    const progress: number[] = [];
    const sliced = await runSliced(indexTrace(outcome, network), {
      sliceMs: 0,
      onProgress: (p) => progress.push(p),
    });
    // A slice a yield: one as the pass starts and one every 4,096 events in the merge and the
    // pass (the mesh has 7,063).
    const events = traceEvents(outcome.trace).length;
    expect(progress.length).toBeGreaterThanOrEqual(1 + 2 * Math.floor(events / 4096));
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)!).toBeLessThanOrEqual(1);
    expect([sliced.from, sliced.end, sliced.flow]).toEqual([whole.from, whole.end, whole.flow]);
    expect([...sliced.packets]).toEqual([...whole.packets]);
    for (const t of cycles(whole)) expect(plain(sliced.frame(t))).toEqual(plain(whole.frame(t)));
  });
});

describe.each(['mesh', 'circuit'])('the packet index of a %s whose kinds are renamed', (name) => {
  it('is the same index: it reads each kind by the role the trace declares', () => {
    const outcome = traced[name]!;
    const renamed: TraceOutcome = {
      ...outcome,
      trace: {
        ...outcome.trace,
        kinds: outcome.trace.kinds.map((k) => ({ ...k, name: `recorded_${k.name}` })),
      },
    };
    const options = { width: 900, maxHeight: 700, plane: 0 };
    const { index: whole } = openIndex(outcome, options);
    const { index: read } = openIndex(renamed, options);
    expect(whole.packets.size).toBeGreaterThan(0);
    expect([read.from, read.end, read.flow, read.switching]).toEqual([
      whole.from,
      whole.end,
      whole.flow,
      whole.switching,
    ]);
    expect([...read.packets]).toEqual([...whole.packets]);
    for (const t of cycles(whole)) expect(plain(read.frame(t))).toEqual(plain(whole.frame(t)));
  });
});
