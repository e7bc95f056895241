// What the selected span or message is, in words, with a button to go to its time.
import { formatReadable } from '../../results/format';
import type { TimelineModel } from './timeline_model';
import { detailName } from './timeline_model';
import { timelineTime, timelineUnit } from './timeline_words';

/** A selected span: its row, state and detail, from when to when. */
export function SpanDetail({
  model,
  index,
  onTime,
}: {
  model: TimelineModel;
  index: number;
  onTime?: (time: number) => void;
}) {
  const { spans } = model;
  const state = model.states[spans.state[index]!]!;
  const start = spans.start[index]!;
  const end = spans.end[index]!;
  return (
    <div className="trace-timeline-detail" role="status">
      <strong>{model.lanes[spans.lane[index]!]!.label}</strong>: {state.label}
      {spans.detail[index]! >= 0
        ? `, ${model.spanDetail} ${detailName(model, spans.detail[index]!, spans.lane[index])}`
        : ''}
      , from {timelineTime(start, model)} to {timelineTime(end, model)} (
      {formatReadable(end - start, { unit: '' })} {timelineUnit(model)}). {state.description}{' '}
      <button type="button" onClick={() => onTime?.(start)}>
        Go to its start
      </button>
    </div>
  );
}

/** A selected message: its id, ends, size, and when it was sent and received. */
export function ArrowDetail({
  model,
  index,
  onTime,
}: {
  model: TimelineModel;
  index: number;
  onTime?: (time: number) => void;
}) {
  const { arrows } = model;
  const sent = arrows.sent[index]!;
  const received = arrows.received[index]!;
  const node = (lane: number) => `node ${model.lanes[lane]!.node}`;
  const way = formatReadable(received - sent, { unit: '' });
  return (
    <div className="trace-timeline-detail" role="status">
      <strong>
        Message {model.clock === 'cycle' ? 'packet' : 'id'} {arrows.id[index]}
      </strong>
      : {node(arrows.from[index]!)} to {node(arrows.to[index]!)}
      {arrows.detail[index]! >= 0
        ? `, ${model.arrowDetail} ${detailName(model, arrows.detail[index]!)}`
        : ''}
      , {arrows.size[index]!.toLocaleString('en')} {model.sizeUnit}; sent at{' '}
      {timelineTime(sent, model)}, received at {timelineTime(received, model)} ({way}{' '}
      {timelineUnit(model)} on its way).{' '}
      <button type="button" onClick={() => onTime?.(sent)}>
        Go to its send
      </button>
    </div>
  );
}
