// The followed packet under the drawing: where it is now, and its latency so far as a bar and in
// words.
import { palette } from '../../charts/palette';
import { useT } from '../../i18n/i18n';
import { Rich } from '../../i18n/Rich';
import type { PacketIndex } from './packet_index';
import type { LatencySplit } from './packet_latency';
import type { PacketLayout } from './packet_layout';
import { packetColor } from './packet_paint';
import type { NetState } from './packet_state';
import { splitText, whereNow } from './moment_words';

function LatencyBar({ split }: { split: LatencySplit }) {
  const t = useT('views');
  const total = Math.max(1, split.total);
  const parts = [
    { key: 'before', value: split.before, color: palette.grey },
    { key: 'queueing', value: split.queueing, color: palette.sky },
    { key: 'blocking', value: split.blocking, color: palette.vermillion },
    { key: 'transfer', value: split.transfer, color: palette.green },
  ];
  return (
    <div className="packet-split" aria-hidden="true">
      {parts.map((p) => (
        <span
          key={p.key}
          style={{ width: `${(100 * p.value) / total}%`, background: p.color }}
          title={t('followed.bar', { part: p.key, n: p.value })}
        />
      ))}
    </div>
  );
}

/** The followed packet `selected` at `time`: its ends, where it is, its latency split. */
export function FollowedPacket({
  selected,
  index,
  layout,
  state,
  time,
}: {
  selected: number;
  index: PacketIndex;
  layout: PacketLayout;
  state: NetState;
  time: number;
}) {
  const t = useT('views');
  const split = index.latency(selected, time);
  const info = index.packets.get(selected);
  return (
    <div className="packet-followed">
      <Rich
        k="views:followed.head"
        values={{
          known: info ? 'yes' : 'no',
          src: info?.src ?? '',
          dst: info?.dst ?? '',
          flits: info?.flits ?? '',
          where: whereNow(selected, index, layout, state, time),
        }}
        parts={{
          packet: (
            <strong style={{ color: packetColor(selected) }}>
              {t('followed.packet', { packet: selected })}
            </strong>
          ),
        }}
      />
      {split ? (
        <>
          <LatencyBar split={split} />
          <span className="packet-split-text">
            {t('followed.split', { split: splitText(split) })}
          </span>
        </>
      ) : null}
    </div>
  );
}
