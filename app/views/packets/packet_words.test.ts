// The packet view's words checked against the traces they describe (a 4x4 mesh near saturation, a
// circuit-switched mesh, an 8-node ring that deadlocks): each blocked flit named is blocked there
// for that reason, the packet it waits on fills the buffer it waits for, a chain follows those
// waits, and the knot is said in the order the engine found it.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import type { TraceOutcome } from '../../engine/trace';
import { openIndex } from './open_index';
import { flitKey, keyPacket } from './packet_state';
import { REASON_SHORT } from './packet_paint';
import { describeCycle, longestChain, plural, waitsAt } from './packet_words';

const FROM = 1500;
let mesh: TraceOutcome;
let circuit: TraceOutcome;
let ring: TraceOutcome;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const trace = (params: Record<string, number | number[]>) =>
    engine.trace({
      model: 'network_traffic',
      params,
      seed: 1,
      point: 8,
      window: { from: FROM, length: 60 },
    });
  mesh = await trace({ dims: [4, 4] });
  circuit = await trace({ dims: [4, 4], switching: 1 });
  ring = await engine.trace({
    model: 'network_traffic',
    params: { topology: 1, dims: [8], vcs: 1, dateline: 1, injection_rate: 0.5 },
    seed: 1,
    point: 0,
    window: { from: 0, length: 2000 },
  });
  engine.dispose();
}, 60_000);

const open = (o: TraceOutcome) => openIndex(o, { width: 800, maxHeight: 720, plane: 0 });

describe('waitsAt(index, layout, frame)', () => {
  it.each([
    ['mesh', () => mesh],
    ['ring', () => ring],
  ])('names on a %s every blocked front flit where it is, why, and whom it waits on', (_, get) => {
    const { index, layout } = open(get());
    let named = 0;
    // The waits a named packet does not explain: none.
    const wrong: string[] = [];
    for (let t = index.from; t <= index.end; t++) {
      const frame = index.frame(t);
      const waits = waitsAt(index, layout, frame);
      expect(waits).toHaveLength(frame.state.blocked.size);
      for (const w of waits) {
        const key = flitKey(w.packet, w.flit);
        const at = frame.state.flits.get(key)!;
        expect(index.reasons[frame.state.blocked.get(key)!]).toBe(w.reason);
        expect(layout.inputRouter[Math.floor(at.ivc / index.vcs)]).toBe(w.router);
        if (w.channel < 0 || w.on === undefined) continue;
        named++;
        // The packet waited on has a flit in the buffer the waiting packet's head entered next,
        // over the channel named; or it took that channel (the switch) this cycle.
        const hop = index.packets.get(w.packet)!.hops.find((h) => h.channel === w.channel)!;
        const ivc = layout.downstream[w.channel]! * index.vcs + hop.vc;
        const explained = ['no_credit', 'stop', 'no_vc'].includes(w.reason)
          ? [...frame.state.flits].some(([k, f]) => f.ivc === ivc && keyPacket(k) === w.on)
          : w.reason === 'switch_lost'
            ? frame.moves.some((m) => m.packet === w.on && m.channel === w.channel)
            : true;
        if (!explained) wrong.push(`cycle ${t}: packet ${w.packet} on ${w.on} (${w.reason})`);
      }
      // The channel a head waits for is the one it crosses next, as the player moves it.
      for (const w of waits.filter((x) => x.flit === 0 && x.channel >= 0).slice(0, 2)) {
        const hop = index.packets.get(w.packet)!.hops.find((h) => h.time > t)!;
        expect(hop.channel).toBe(w.channel);
        const moved = index
          .frame(hop.time)
          .moves.find((m) => m.packet === w.packet && m.flit === 0);
        expect(moved?.channel).toBe(w.channel);
        index.frame(t);
      }
    }
    expect(wrong).toEqual([]);
    expect(named).toBeGreaterThan(10);
  });

  it('follows who waits on whom into the longest chain', () => {
    const { index, layout } = open(ring);
    let longest: number[] = [];
    for (let t = index.from; t < index.deadlock!.time; t++) {
      const waits = waitsAt(index, layout, index.frame(t));
      const chain = longestChain(waits);
      for (let i = 0; i + 1 < chain.packets.length; i++) {
        // Each packet by its front-most blocked flit, as the chain reads it.
        const [w] = waits
          .filter((x) => x.packet === chain.packets[i])
          .sort((a, b) => a.flit - b.flit);
        expect(w?.on).toBe(chain.packets[i + 1]);
      }
      if (chain.packets.length > longest.length) longest = chain.packets;
    }
    expect(longest.length).toBeGreaterThanOrEqual(5);
  });
});

describe('describeCycle(index, layout, frame)', () => {
  it('says the counts, each blocked kind with its letter, and the longest waits by name', () => {
    const { index, layout } = open(mesh);
    for (let t = index.from; t <= index.end; t += 7) {
      const frame = index.frame(t);
      const text = describeCycle(index, layout, frame);
      const { state } = frame;
      expect(text).toMatch(
        new RegExp(
          `^Cycle ${t}: ${state.inFlight.size} packets? on their way, ` +
            `${state.queued.size} waiting at their sources\\.`,
        ),
      );
      const waits = waitsAt(index, layout, frame);
      expect(text.includes('Nothing is blocked.')).toBe(waits.length === 0);
      for (const w of waits.slice(0, 3)) {
        expect(text).toContain(
          `acket ${w.packet} at router ${layout.routerName(w.router)}, bound for node ` +
            `${index.packets.get(w.packet)!.dst}`,
        );
        expect(text).toContain(`(${REASON_SHORT[w.reason]})`);
      }
    }
  });

  it('says the knot once the ring has deadlocked: each packet waits on the next, round to the first', () => {
    const { index, layout } = open(ring);
    const knot = index.deadlock!;
    const text = describeCycle(index, layout, index.frame(knot.time));
    expect(text).toContain(`Deadlock since cycle ${knot.time}: nothing moves again.`);
    const order = [...text.matchAll(/packet (\d+)/g)].map((m) => Number(m[1]));
    expect(order).toEqual([...knot.packets, knot.packets[0]]);
    expect(describeCycle(index, layout, index.frame(knot.time - 1))).not.toContain('Deadlock');
  });

  it("names a circuit network's held channels and the circuit a blocked request meets", () => {
    const { index, layout } = open(circuit);
    let blocked = 0;
    for (let t = index.from; t <= index.end; t++) {
      const frame = index.frame(t);
      const text = describeCycle(index, layout, frame);
      const circuits = new Set(frame.state.holders.values()).size;
      expect(text).toContain(
        `hold${circuits === 1 ? 's' : ''} ${frame.state.holders.size} channel`,
      );
      for (const e of frame.circuit.filter((x) => x.what === 'blocked').slice(0, 3)) {
        blocked++;
        const holder = frame.state.holders.get(e.channel);
        expect(text).toContain(`packet ${e.packet}'s request`);
        expect(text.includes(`held by packet ${holder}'s circuit`)).toBe(holder !== undefined);
      }
    }
    expect(blocked).toBeGreaterThan(0);
  });
});

describe('plural(n, one, many)', () => {
  it('says one thing in the singular, none and several in the plural', () => {
    expect(plural(1, 'packet', 'packets')).toBe('1 packet');
    expect(plural(0, 'packet', 'packets')).toBe('0 packets');
    expect(plural(2, 'blocked head', 'blocked heads')).toBe('2 blocked heads');
  });
});
