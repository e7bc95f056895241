// The packet view's legend: what its marks mean, for the network's switching.
import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';
import { packetColor, REASON_SHORT } from './packet_paint';
import { reasonText } from './moment_words';

export function PacketLegend({ index, layout }: { index: PacketIndex; layout: PacketLayout }) {
  const swatch = (color: string, extra?: string) => (
    <span className={`packet-swatch ${extra ?? ''}`} style={{ background: color }} />
  );
  const wormhole = index.switching === 'wormhole';
  return (
    <ul className="packet-legend" aria-label="Legend">
      {wormhole ? (
        <>
          <li>
            {swatch(packetColor(0))}
            {swatch(packetColor(1))}
            {swatch(packetColor(2))} a flit in a buffer, coloured by its packet; a line joins a
            packet&apos;s flits
          </li>
          <li>{swatch(packetColor(3), 'head')} its head (outlined); a ring: a flit delivered</li>
          <li>
            {swatch('transparent', 'blocked')} a blocked front flit:{' '}
            {index.reasons.map((r) => `${REASON_SHORT[r] ?? '?'} ${reasonText(r)}`).join(', ')}
          </li>
        </>
      ) : (
        <li>
          <span className="packet-line" style={{ borderColor: packetColor(0) }} /> a held circuit
          (dashed: being set up); a ring: a request this cycle, a red cross: blocked, grey dashes:
          released
        </li>
      )}
      {layout.crosspoint ? (
        <li>
          row i: input i, its buffer on the left; column o: the output to node o, below; a flit
          crossing is drawn in its cell
        </li>
      ) : null}
      {layout.note ? <li>Not all drawn: {layout.note}</li> : null}
      <li>+n: packets waiting at that source (where the label fits; the summary counts all)</li>
      <li>
        followed: the others faint, its source ringed dashed and its destination solid; click a flit
        or a circuit to follow its packet
      </li>
    </ul>
  );
}
