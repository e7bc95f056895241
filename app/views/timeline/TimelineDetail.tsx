// What the selected span or message is, in words, with a button to go to its time.
import { useT } from '../../i18n/i18n';
import { Rich } from '../../i18n/Rich';
import { formatReadable } from '../../results/format';
import { vt } from '../view_words';
import type { TimelineModel } from './timeline_model';
import { detailName } from './timeline_model';
import { timelineTime, timelineUnit } from './timeline_words';
import { numberText } from '../../presets/number_format';

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
  const t = useT('views');
  const { spans } = model;
  const state = model.states[spans.state[index]!]!;
  const start = spans.start[index]!;
  const end = spans.end[index]!;
  return (
    <div className="trace-timeline-detail" role="status">
      <Rich
        k="views:detail.span"
        values={{
          state: state.label,
          detail:
            spans.detail[index]! >= 0
              ? t('detail.named', {
                  what: model.spanDetail,
                  name: detailName(model, spans.detail[index]!, spans.lane[index]),
                })
              : 'none',
          from: timelineTime(start, model),
          to: timelineTime(end, model),
          duration: formatReadable(end - start, { unit: '' }),
          unit: timelineUnit(model),
        }}
        parts={{ row: <strong>{model.lanes[spans.lane[index]!]!.label}</strong> }}
      />{' '}
      {state.description}{' '}
      <button type="button" onClick={() => onTime?.(start)}>
        {t('detail.toStart')}
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
  const t = useT('views');
  const { arrows } = model;
  const sent = arrows.sent[index]!;
  const received = arrows.received[index]!;
  const node = (lane: number) => vt('cycle.node', { node: model.lanes[lane]!.node });
  const way = formatReadable(received - sent, { unit: '' });
  return (
    <div className="trace-timeline-detail" role="status">
      <Rich
        k="views:detail.arrow"
        values={{
          from: node(arrows.from[index]!),
          to: node(arrows.to[index]!),
          detail:
            arrows.detail[index]! >= 0
              ? t('detail.named', {
                  what: model.arrowDetail,
                  name: detailName(model, arrows.detail[index]!),
                })
              : 'none',
          size: numberText(arrows.size[index]!),
          sizeUnit: model.sizeUnit,
          sent: timelineTime(sent, model),
          received: timelineTime(received, model),
          way,
          unit: timelineUnit(model),
        }}
        parts={{
          message: (
            <strong>
              {t('detail.message', {
                kind: model.clock === 'cycle' ? 'packet' : 'id',
                id: arrows.id[index],
              })}
            </strong>
          ),
        }}
      />{' '}
      <button type="button" onClick={() => onTime?.(sent)}>
        {t('detail.toSend')}
      </button>
    </div>
  );
}
