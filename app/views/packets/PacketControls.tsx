// The packet view's controls above the drawing: the packet to follow, credits or stop signals,
// the zoom and the plane drawn.
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
  return (
    <div className="packet-controls">
      <label>
        Follow{' '}
        <select
          value={selected ?? ''}
          onChange={(e) => onSelect(e.target.value === '' ? undefined : Number(e.target.value))}
        >
          <option value="">no packet</option>
          {followable.map((p) => (
            <option key={p} value={p}>
              packet {p}
            </option>
          ))}
        </select>
      </label>
      {index.flow !== 'none' ? (
        <label>
          <input type="checkbox" checked={credits} onChange={(e) => onCredits(e.target.checked)} />{' '}
          {index.flow === 'credits' ? 'Show credits' : 'Show stop signals'}
        </label>
      ) : null}
      <span className="packet-zoom" role="group" aria-label="Zoom">
        <button
          type="button"
          onClick={() => setZoom(ZOOMS.find((z) => z > zoom + 0.01) ?? most)}
          disabled={zoom >= most}
        >
          Zoom in
        </button>
        <button
          type="button"
          onClick={() => setZoom([...ZOOMS].reverse().find((z) => z < zoom - 0.01) ?? 1)}
          disabled={zoom <= 1}
        >
          Zoom out
        </button>
        <output aria-live="polite">{Math.round(zoom * 100)} %</output>
      </span>
      {layout.planes > 1 ? (
        <label>
          Plane z{' '}
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
