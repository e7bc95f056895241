// The goal tree's keys: which goal each moves the focus to.
import type { SpawnedGoal } from './goal_model';

/**
 * The goal the tree's keys move to from `current` (of `shown`, the tree's goals in spawn order):
 * ← and → the one spawned before or after, ↑ its parent, ↓ its first child, Home and End the
 * first and last; undefined for another key or where there is none.
 */
export function treeKeyTarget(
  shown: SpawnedGoal[],
  current: number,
  key: string,
): number | undefined {
  const i = shown.findIndex((g) => g.goal === current);
  if (i < 0) return undefined;
  switch (key) {
    case 'ArrowLeft':
      return shown[i - 1]?.goal;
    case 'ArrowRight':
      return shown[i + 1]?.goal;
    case 'ArrowUp':
      return shown.find((g) => g.goal === shown[i]!.parent)?.goal;
    case 'ArrowDown':
      return shown.find((g) => g.parent === current)?.goal;
    case 'Home':
      return shown[0]?.goal;
    case 'End':
      return shown.at(-1)?.goal;
    default:
      return undefined;
  }
}
