// The packet view's controls above the drawing: the packet to follow, credits or stop signals,
// the zoom and the plane drawn.
import { useT } from '../../i18n/i18n';
import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';
import { ZOOMS } from './use_zoom';

interface Props {
  index: PacketIndex;
  layout: PacketLayout;
  /** The packets a keyboard can follow. */
  followable: number[];
  selected: number | undefined;
  onSelect(packet: number | undefined): void;
  credits: boolean;
  onCredits(shown: boolean): void;
  zoom: number;
  /** The most the zoom may be. */
  most: number;
  setZoom(zoom: number): void;
  setPlane(plane: number): void;
}

export function PacketControls({
  index,
  layout,
  followable,
  selected,
  onSelect,
  credits,
  onCredits,
  zoom,
  most,
  setZoom,
  setPlane,
}: Props) {
  const t = useT('views');
  return (
    <div className="packet-controls">
      <label>
        {t('controls.follow')}{' '}
        <select
          value={selected ?? ''}
          onChange={(e) => onSelect(e.target.value === '' ? undefined : Number(e.target.value))}
        >
          <option value="">{t('controls.noPacket')}</option>
          {followable.map((p) => (
            <option key={p} value={p}>
              {t('controls.packet', { packet: p })}
            </option>
          ))}
        </select>
      </label>
      {index.flow !== 'none' ? (
        <label>
          <input type="checkbox" checked={credits} onChange={(e) => onCredits(e.target.checked)} />{' '}
          {index.flow === 'credits' ? t('controls.credits') : t('controls.stops')}
        </label>
      ) : null}
      <span className="packet-zoom" role="group" aria-label={t('controls.zoom')}>
        <button
          type="button"
          onClick={() => setZoom(ZOOMS.find((z) => z > zoom + 0.01) ?? most)}
          disabled={zoom >= most}
        >
          {t('controls.zoomIn')}
        </button>
        <button
          type="button"
          onClick={() => setZoom([...ZOOMS].reverse().find((z) => z < zoom - 0.01) ?? 1)}
          disabled={zoom <= 1}
        >
          {t('controls.zoomOut')}
        </button>
        <output aria-live="polite">{Math.round(zoom * 100)} %</output>
      </span>
      {layout.planes > 1 ? (
        <label>
          {t('controls.plane')}{' '}
          <select value={layout.plane} onChange={(e) => setPlane(Number(e.target.value))}>
            {Array.from({ length: layout.planes }, (_, z) => (
              <option key={z} value={z}>
                {z}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
