// The timeline's moment in words, for a listener: what each row does at the player's time (rows
// grouped by state, named where few), whom each waiting row waits on (the message it receives
// next, from which row, and whether that message is already on its way), and the messages in
// flight. Read from the timeline's model, so it says what the canvas draws.
import { formatReadable } from '../../results/format';
import { unitSymbol } from '../../presets/units';
import type { TimelineModel } from './timeline_model';
import { spanAt } from './timeline_model';
import { joinClauses, joinItems, joinSentences } from '../../i18n/join';
import { vt } from '../view_words';

/** Rows named in full per state at most; past that they are counted. */
const NAMED_ROWS = 4;
/** Waiting rows and messages in flight named at most. */
const NAMED = 3;

/** The unit a duration is said in: cycles, or the clock's unit (µs, ms). */
export function timelineUnit(model: Pick<TimelineModel, 'clock' | 'unit'>): string {
  if (model.clock === 'cycle') return vt('timeline.cycles');
  return vt('timeline.unit', { unit: unitSymbol(model.unit) });
}

/** A moment as it is said: "cycle 1,200", "350 µs", "12.5 ms". */
export function timelineTime(t: number, model: Pick<TimelineModel, 'clock' | 'unit'>): string {
  const n = formatReadable(t, { unit: '' });
  return model.clock === 'cycle'
    ? vt('time.cycle', { cycle: n })
    : vt('time.clock', { time: n, unit: timelineUnit(model) });
}

/** Whether a state is a row waiting on another (for a message or for its own send). */
function waiting(model: TimelineModel, state: number): boolean {
  const { activity } = model.states[state]!;
  return activity === 'wait_receive' || activity === 'wait_send';
}

/**
 * The message a waiting row waits on after `time` (by its node): the next it receives, or, one
 * waiting to send, the first it sent that has not arrived. -1 if none in the window.
 */
export function awaited(model: TimelineModel, lane: number, time: number, send: boolean): number {
  const node = model.lanes[lane]!.node;
  const { from, to, sent, received } = model.arrows;
  const ends = send ? from : to;
  let best = -1;
  for (let i = 0; i < ends.length; i++) {
    if (received[i]! <= time || model.lanes[ends[i]!]?.node !== node) continue;
    if (send ? best < 0 || sent[i]! < sent[best]! : best < 0 || received[i]! < received[best]!) {
      best = i;
    }
  }
  return best;
}

/** What the timeline shows at `time`, in words (see the file's head). */
export function describeTimeline(model: TimelineModel, time: number): string {
  const lanes = model.lanes.length;
  const byState = model.states.map(() => [] as number[]);
  for (let l = 0; l < lanes; l++) {
    const s = spanAt(model, l, time);
    if (s >= 0) byState[model.spans.state[s]!]!.push(l);
  }
  const rows = (list: number[]) =>
    list.length <= NAMED_ROWS
      ? joinItems(list.map((l) => model.lanes[l]!.label))
      : vt('timeline.rows', { n: list.length });
  const states = byState.flatMap((list, s) =>
    list.length > 0
      ? [vt('timeline.stateRows', { state: model.states[s]!.label, rows: rows(list) })]
      : [],
  );
  const sentences = [
    vt('timeline.at', { time: timelineTime(time, model), lanes, states: joinClauses(states) }),
  ];

  const waits = byState.flatMap((list, s) => (waiting(model, s) ? list : []));
  const named = waits.slice(0, NAMED).map((l) => {
    const state = model.states[model.spans.state[spanAt(model, l, time)]!]!;
    const who = { row: model.lanes[l]!.label, state: state.label };
    const send = state.activity === 'wait_send';
    const m = awaited(model, l, time, send);
    if (m < 0) return vt('timeline.waitsNone', who);
    const sent = model.arrows.sent[m]!;
    const at = timelineTime(sent, model);
    const other = model.lanes[(send ? model.arrows.to : model.arrows.from)[m]!]!.label;
    const key = `timeline.${send ? 'waitsSend' : 'waitsReceive'}`;
    return vt(key, { ...who, other, at, sent: sent <= time ? 'yes' : 'no' });
  });
  if (named.length > 0) {
    sentences.push(
      vt('timeline.waiting', {
        named: joinClauses(named),
        more: waits.length > named.length ? String(waits.length - named.length) : 'none',
      }),
    );
  }

  const { from, to, sent, received } = model.arrows;
  const flying: number[] = [];
  for (let i = 0; i < sent.length; i++) if (sent[i]! <= time && received[i]! > time) flying.push(i);
  if (flying.length === 0) return joinSentences([...sentences, vt('timeline.noFlight')]);
  const messages = flying.slice(0, NAMED).map((i) =>
    vt('timeline.fromTo', {
      from: model.lanes[from[i]!]!.label,
      to: model.lanes[to[i]!]!.label,
    }),
  );
  sentences.push(
    vt('timeline.flight', {
      n: flying.length,
      messages: joinItems(messages),
      more: flying.length > messages.length ? String(flying.length - messages.length) : 'none',
    }),
  );
  return joinSentences(sentences);
}
