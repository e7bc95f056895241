import type { TraceField, TraceKind, TraceRole } from '#wasm/archex';
import type { Trace } from './trace';

export type { TraceRole };

/**
 * The kind a trace declares for a view's role (engine/src/core/trace.h TraceRole: the packet
 * view's packets, flits and circuits, the goal view's goals), so that no view knows a kind by its
 * name; undefined where the trace has none.
 */
export function kindOf(trace: Trace, role: TraceRole): TraceKind | undefined {
  return trace.kinds.find((k) => k.role === role);
}

/**
 * The value of `field` declared for `role` (a Multi-PSI message kind that throws a goal:
 * 'goal_thrown'), so that no view knows a value by its label; -1 where none is.
 */
export function valueOf(field: TraceField | undefined, role: TraceRole): number {
  return field?.roles.indexOf(role) ?? -1;
}

/** The name of the kind declared for `role`, '' where there is none. */
export function kindName(trace: Trace, role: TraceRole): string {
  return kindOf(trace, role)?.name ?? '';
}
