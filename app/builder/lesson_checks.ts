// The built-in tours' own checks, run on a lesson as the teacher writes it: the schema, what the
// steps name (tourProblems), whether each question's answer is in its step's run and its words
// hold (stepFailures), and what gives an answer away before its reveal or on an earlier step
// (answerLeaks on what the page draws). Every problem is in words, by step. Pure.
import type { ModelInfo } from '../engine/types';
import { i18n } from '../i18n/i18n';
import type { Preset } from '../presets/schema';
import type { StepRun } from '../tours/answers';
import { stepFailures } from '../tours/answers';
import { answerLeaks, stepDrawing } from '../tours/drawn';
import { tourProblems } from '../tours/problems';
import type { Tour } from '../tours/schema';
import { TourSchema } from '../tours/schema';
import { answersQuestion } from '../tours/withhold';
import { issueWords, lessonIssueWords } from '../lessons/lesson_words';

export interface LessonChecks {
  /** About the lesson as a whole (its title, audience, summary, number of steps). */
  lesson: string[];
  /** About each step, by its index. */
  steps: string[][];
}

/**
 * What keeps the lesson from going out, in the checks' words ("give it a title", "step 2: write
 * its words"): the first thing its schema lacks; null when it holds.
 */
export function unfinished(tour: Tour): string | null {
  const parsed = TourSchema.safeParse(tour);
  return parsed.success ? null : lessonIssueWords(parsed.error.issues[0]!);
}

/** Runs `f`, turning what it throws into one problem. */
function attempt(f: () => string[]): string[] {
  try {
    return f();
  } catch (e) {
    return [e instanceof Error ? e.message : String(e)];
  }
}

/**
 * Every problem of `tour` the tours' checks find, by step. `runs` holds each step's runs once
 * they are in (undefined while a step runs): the checks that read a run wait for it.
 */
export function lessonChecks(
  tour: Tour,
  presets: Preset[],
  models: ModelInfo[],
  runs: (StepRun | undefined)[],
): LessonChecks {
  const out: LessonChecks = { lesson: [], steps: tour.steps.map(() => []) };
  const parsed = TourSchema.safeParse(tour);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const [head, index, ...rest] = issue.path as (string | number)[];
    if (head === 'steps' && typeof index === 'number')
      out.steps[index]?.push(issueWords(rest, issue.message, issue.code));
    else out.lesson.push(issueWords(issue.path as (string | number)[], issue.message, issue.code));
  }
  const prefix = (i: number) => `tour ${tour.id}, step ${i + 1} (${tour.steps[i]!.title}): `;
  const byStep = (problems: string[]) =>
    problems.forEach((p) => {
      const i = tour.steps.findIndex((_, k) => p.startsWith(prefix(k)));
      if (i >= 0) out.steps[i]!.push(p.slice(prefix(i).length));
      else out.lesson.push(p);
    });
  byStep(attempt(() => tourProblems(tour, presets, models)));
  const specsOf = (preset: Preset) => models.find((m) => m.name === preset.model)?.params ?? [];
  const all = runs as StepRun[];
  tour.steps.forEach((step, i) => {
    const own = runs[i];
    if (!own) return;
    const say = (problems: string[]) => out.steps[i]!.push(...problems);
    byStep(attempt(() => stepFailures(tour, i, all)));
    const q = step.question;
    if (q && step.layout?.kind !== 'machines') {
      say(
        attempt(() =>
          answerLeaks(stepDrawing(step, own, false, specsOf), q, own, false).map((leak) =>
            i18n.t('teaching:checks.beforeReveal', { leak }),
          ),
        ),
      );
      const after = attempt(() => {
        const drawn = stepDrawing(step, own, true, specsOf);
        return (['first', 'right'] as const).flatMap((pane) =>
          answersQuestion(q, pane) && drawn.shown[pane] === 0
            ? [i18n.t('teaching:checks.nothingDrawn', { pane })]
            : [],
        );
      });
      say(after);
    }
    tour.steps.slice(i + 1).forEach((later, k) => {
      const theirs = runs[i + 1 + k];
      if (!later.question || !theirs || step.layout?.kind === 'machines') return;
      say(
        attempt(() =>
          answerLeaks(stepDrawing(step, own, true, specsOf), later.question!, theirs, true).map(
            (leak) => i18n.t('teaching:checks.givesAway', { step: i + 2 + k, leak }),
          ),
        ),
      );
    });
  });
  return out;
}
