// The notes around the packet drawing: above it, a deadlock once reached or a run that stopped
// inside the window; under it, what the credit or stop-signal bars show.
import type { TraceOutcome } from '../../engine/trace';
import { useT } from '../../i18n/i18n';
import { deadlockAt, runEndNote } from './moment_words';
import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';

export function RunNote({
  outcome,
  index,
  layout,
  time,
}: {
  outcome: TraceOutcome;
  index: PacketIndex;
  layout: PacketLayout;
  time: number;
}) {
  const deadlock = deadlockAt(index, layout, time);
  const ended = runEndNote(outcome, index);
  return deadlock ? (
    <p className="packet-deadlock" role="status">
      {deadlock.text}
    </p>
  ) : ended ? (
    <p className="packet-note" role="status">
      {ended}
    </p>
  ) : null;
}

export function FlowNote({ index }: { index: PacketIndex }) {
  const t = useT('views');
  return index.flow !== 'none' ? (
    <p className="packet-note">
      {index.flow === 'credits' ? t('flow.credits', { buffer: index.buffer }) : t('flow.stops')}
    </p>
  ) : null;
}
