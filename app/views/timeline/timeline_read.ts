// Reading a trace's kinds and fields for the timeline (timeline_model): a kind and a field by
// name, a field's column and labels, and a kind's events visited in order, a slice at a time.
import type { Trace, TraceKind } from '../../engine/trace';
import type { Progress } from '../sliced';

/**
 * Visits a kind's events in recording order with their time and index (a field's value is
 * `kind.fields[f].values[index]`): no object per event, as a whole run has millions.
 */
export function* eachEvent(
  kind: TraceKind,
  progress: Progress,
  visit: (time: number, index: number) => void,
): Generator<number, void> {
  let index = 0;
  for (let run = 0; run < kind.times.length; run++) {
    const time = kind.times[run]!;
    for (let n = 0; n < kind.counts[run]!; n++, index++) {
      visit(time, index);
      if (progress.tick()) yield progress.fraction;
    }
  }
}

/** A kind's field's values by its index (fieldIndex); null for none asked (-1). */
export function column(kind: TraceKind, field: number): ArrayLike<number> | null {
  return field < 0 ? null : kind.fields[field]!.values;
}

/** A kind's field, by name: its index, or -1 for none asked (an empty name). */
export function fieldIndex(kind: TraceKind, name: string): number {
  if (name === '') return -1;
  const i = kind.fields.findIndex((f) => f.name === name);
  if (i < 0) throw new Error(`the trace's ${kind.name} has no field ${name}`);
  return i;
}

/** The names of a kind's field's values (a handler's), empty where it names none. */
export function labelsOf(trace: Trace, kind: string, field: string): string[] {
  if (field === '') return [];
  return (
    trace.kinds.find((k) => k.name === kind)?.fields.find((f) => f.name === field)?.labels ?? []
  );
}

/** A kind by name; a trace without it is refused in words. */
export function kindOf(trace: Trace, name: string): TraceKind {
  const kind = trace.kinds.find((k) => k.name === name);
  if (!kind) throw new Error(`the trace has no ${name}`);
  return kind;
}
