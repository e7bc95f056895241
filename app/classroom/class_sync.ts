// What a class's view asks of the page's tour: which tour and step to open, and each step's
// prediction and reveal as the link keeps them. Pure: the page hook applies it.
import type { StepAnswer, UrlState } from '../link/url_state';
import { tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { parseTour } from '../tours/schema';
import type { ClassView, Prediction } from './protocol';

/** A value with its objects' keys in order: the database gives a lesson's keys in its own. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * The class's lesson, read as any lesson is, and whether it is a built-in tour as this archex has
 * it (then opened by its id, as its link would).
 */
export function classTour(view: ClassView): { tour: Tour; builtIn: boolean } {
  const tour = parseTour(view.tour, 'of this class');
  const same = tours.find((t) => t.id === tour.id);
  const builtIn =
    same !== undefined && JSON.stringify(canonical(same)) === JSON.stringify(canonical(tour));
  return { tour, builtIn };
}

/** Whether the page's tour is the class's, and at which step. */
export function tourPlace(state: UrlState, tour: Tour): number | null {
  const layout = state.layout;
  return layout?.kind === 'tour' && layout.tour === tour.id ? layout.step : null;
}

const asAnswer = (prediction: Prediction): StepAnswer =>
  'typed' in prediction ? { typed: prediction.typed } : { choice: prediction.choice };

/**
 * Each step's prediction and reveal as the class has them: a student's answers as sent (what the
 * server kept, not what was typed since), and every revealed step marked revealed. Steps the class
 * says nothing of keep what the page has. Null when nothing changes.
 */
export function syncedAnswers(
  view: ClassView,
  answers: Record<number, StepAnswer> | undefined,
): Record<number, StepAnswer> | null {
  const out = { ...answers };
  let changed = false;
  const steps = new Set([
    ...Object.keys(view.role === 'student' ? view.mine : {}),
    ...Object.keys(view.revealed),
  ]);
  for (const key of steps) {
    const step = Number(key);
    const sent = view.role === 'student' ? view.mine[step] : undefined;
    const want: StepAnswer = {
      ...(sent ? asAnswer(sent) : view.role === 'student' ? {} : out[step]),
      ...(view.revealed[step] ? { revealed: true as const } : {}),
    };
    const have = out[step] ?? {};
    if (
      have.typed !== want.typed ||
      have.choice !== want.choice ||
      have.revealed !== want.revealed
    ) {
      // A student's unsent typing stays until the reveal, which leaves an unsent one out.
      if (!sent && !want.revealed) continue;
      out[step] = sent || view.role === 'student' ? want : { ...have, ...want };
      changed = true;
    }
  }
  return changed ? out : null;
}

/** The prediction a step's answer holds, as the class takes it; null when none is whole. */
export function predictionOf(answer: StepAnswer | undefined): Prediction | null {
  if (answer?.choice !== undefined) return { choice: answer.choice };
  const typed = answer?.typed?.trim();
  return typed ? { typed } : null;
}
