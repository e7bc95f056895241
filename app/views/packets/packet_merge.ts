// The packet view's events in time order: every kind's runs merged once into arrays of code,
// index within its kind and time, built in slices (the first share of an index's building).
import type { Trace } from '../../engine/trace';
import type { Sliced } from '../sliced';
import { YIELD_EVERY } from '../sliced';
import { codeOf } from './packet_events';

/** The merge's share of the building's progress (the pass over the events takes the rest). */
export const MERGE_SHARE = 0.3;

/** Events in time order: their code (255: a kind the view does not read), index and time. */
export interface MergedEvents {
  code: Uint8Array;
  index: Uint32Array;
  time: Float64Array;
}

/** Every event in time order: at a time, snapshot kinds first, then by order field, kind. */
export function* mergeEvents(trace: Trace): Sliced<MergedEvents> {
  const total = trace.kinds.reduce((n, k) => n + k.counts.reduce((a, b) => a + b, 0), 0);
  const code = new Uint8Array(total);
  const index = new Uint32Array(total);
  const time = new Float64Array(total);
  const order = trace.kinds.map((k) => k.fields.find((f) => f.order)?.values);
  const codes = trace.kinds.map(codeOf);
  const run = trace.kinds.map(() => 0);
  const start = trace.kinds.map(() => 0);
  const kindsInOrder = trace.kinds
    .map((k, i) => ({ k, i }))
    .sort((a, b) => Number(b.k.snapshot) - Number(a.k.snapshot) || a.i - b.i)
    .map(({ i }) => i);
  let n = 0;
  let yielded = 0;
  for (;;) {
    if (n - yielded >= YIELD_EVERY) {
      yielded = n;
      yield (MERGE_SHARE * n) / total;
    }
    let t = Infinity;
    trace.kinds.forEach((k, i) => {
      const r = run[i]!;
      if (r < k.times.length) t = Math.min(t, k.times[r]!);
    });
    if (t === Infinity) break;
    const first = n;
    const keyed: number[] = [];
    for (const i of kindsInOrder) {
      const k = trace.kinds[i]!;
      const r = run[i]!;
      if (r >= k.times.length || k.times[r] !== t) continue;
      const count = k.counts[r]!;
      for (let e = 0; e < count; e++, n++) {
        code[n] = codes[i]! < 0 ? 255 : codes[i]!;
        index[n] = start[i]! + e;
        time[n] = t;
        keyed.push(i);
      }
      start[i]! += count;
      run[i] = r + 1;
    }
    // A circuit's events of one cycle go by arbitration round, then kind, then as recorded.
    if (order.some((o) => o)) {
      const slice = Array.from({ length: n - first }, (_, j) => ({
        c: code[first + j]!,
        x: index[first + j]!,
        k: keyed[j]!,
        r: order[keyed[j]!]?.[index[first + j]!] ?? 0,
        snap: trace.kinds[keyed[j]!]!.snapshot,
      }));
      slice.sort((a, b) => Number(b.snap) - Number(a.snap) || a.r - b.r || a.k - b.k || a.x - b.x);
      slice.forEach((s, j) => {
        code[first + j] = s.c;
        index[first + j] = s.x;
      });
    }
  }
  return { code, index, time };
}
