// The packet view's legend: what its marks mean, for the network's switching.
import { useT } from '../../i18n/i18n';
import { joinItems } from '../../i18n/join';

import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';
import { packetColor, REASON_SHORT } from './packet_paint';
import { reasonText } from './moment_words';

export function PacketLegend({ index, layout }: { index: PacketIndex; layout: PacketLayout }) {
  const t = useT('views');
  const swatch = (color: string, extra?: string) => (
    <span className={`packet-swatch ${extra ?? ''}`} style={{ background: color }} />
  );
  const wormhole = index.switching === 'wormhole';
  return (
    <ul className="packet-legend" aria-label={t('legend.label')}>
      {wormhole ? (
        <>
          <li>
            {swatch(packetColor(0))}
            {swatch(packetColor(1))}
            {swatch(packetColor(2))} {t('legend.flit')}
          </li>
          <li>
            {swatch(packetColor(3), 'head')} {t('legend.head')}
          </li>
          <li>
            {swatch('transparent', 'blocked')}{' '}
            {t('legend.blocked', {
              reasons: joinItems(
                index.reasons.map((r) =>
                  t('legend.reason', { letter: REASON_SHORT[r] ?? '?', reason: reasonText(r) }),
                ),
              ),
            })}
          </li>
        </>
      ) : (
        <li>
          <span className="packet-line" style={{ borderColor: packetColor(0) }} />{' '}
          {t('legend.circuit')}
        </li>
      )}
      {layout.crosspoint ? <li>{t('legend.crosspoint')}</li> : null}
      {layout.note ? <li>{t('legend.notAll', { note: layout.note })}</li> : null}
      <li>{t('legend.queued')}</li>
      <li>{t('legend.followed')}</li>
    </ul>
  );
}
