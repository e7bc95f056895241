// The timeline's words checked against the runs they describe (a Paragon ping-pong, a J-Machine
// LCS on 8 nodes): every row said once in its state, a waiting row's awaited message is the one
// it gets next, and the messages in flight counted as drawn.
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { playedEnd } from '../../engine/trace';
import type { TimelineModel } from './timeline_model';
import { lcsOnEightNodes } from './lcs_trace';
import { runNodes, spanAt, timelineModel } from './timeline_model';
import { awaited, describeTimeline } from './timeline_words';

let paragon: TimelineModel;
let jmachine: TimelineModel;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const p = await engine.trace({
    model: 'paragon_pingpong',
    params: { message_bytes: [2048] },
    seed: 1,
    point: 0,
    window: { from: 0, length: 1e7 },
  });
  engine.dispose();
  const j = await lcsOnEightNodes(20_000);
  paragon = timelineModel(p.trace, playedEnd(p.trace), runNodes(p));
  jmachine = timelineModel(j.trace, playedEnd(j.trace), runNodes(j));
}, 60_000);

const times = (m: TimelineModel) =>
  Array.from({ length: 40 }, (_, i) => m.from + ((m.end - m.from) * i) / 40);

describe('describeTimeline(model, time)', () => {
  it.each([
    ['a Paragon ping-pong', () => paragon],
    ['a J-Machine LCS', () => jmachine],
  ])('says on %s how many rows are in each state and the messages in flight', (_, get) => {
    const m = get();
    for (const t of times(m)) {
      const text = describeTimeline(m, t);
      const counts = m.states.map(() => 0);
      for (let l = 0; l < m.lanes.length; l++) counts[m.spans.state[spanAt(m, l, t)]!]!++;
      for (const [s, n] of counts.entries()) {
        // A state's rows are named where few, else counted.
        const said = new RegExp(`${m.states[s]!.label}: (${n} rows|[^;.]+)[;.]`).exec(text);
        expect(said === null).toBe(n === 0);
        expect(n > 4 ? said?.[1] : n).toBe(n > 4 ? `${n} rows` : n);
      }
      let flying = 0;
      for (let i = 0; i < m.arrows.sent.length; i++) {
        if (m.arrows.sent[i]! <= t && m.arrows.received[i]! > t) flying++;
      }
      expect(text).toContain(
        flying === 0
          ? 'No message in flight.'
          : `${flying} message${flying > 1 ? 's' : ''} in flight`,
      );
    }
  });

  it('says whom a row waiting to receive waits on: the sender of the next message it gets', () => {
    const m = paragon;
    const waiting = m.states.findIndex((s) => s.key === 'cp_state.wait_receive');
    let said = 0;
    for (const t of times(m)) {
      const text = describeTimeline(m, t);
      for (let l = 0; l < m.lanes.length; l++) {
        if (m.spans.state[spanAt(m, l, t)] !== waiting) continue;
        const next = awaited(m, l, t, false);
        // The first message to reach its node after t, found by a plain scan.
        const node = m.lanes[l]!.node;
        const arrivals = [...m.arrows.received.keys()]
          .filter((i) => m.arrows.received[i]! > t && m.lanes[m.arrows.to[i]!]!.node === node)
          .sort((a, b) => m.arrows.received[a]! - m.arrows.received[b]!);
        expect(next).toBe(arrivals[0] ?? -1);
        const from = m.lanes[m.arrows.from[next]!]!.label;
        expect(text).toContain(
          `${m.lanes[l]!.label} (${m.states[waiting]!.label}) waits for ${from}`,
        );
        said++;
      }
    }
    expect(said).toBeGreaterThan(5);
  });
});
