import type { ViewProps } from './view';
export function DebugView({ outcome, time, width }: ViewProps) {
  return (
    <p data-debug>
      debug {outcome.trace.clock} {time} {width} {outcome.networks.length}
    </p>
  );
}
