// A lesson or tour as a printable worksheet: the student's pages (the title, each step's words and
// question, a blank for a number with its unit, a box for each choice) and the teacher's answer
// key, whose answers are read from the steps' runs as the panel's reveal reads them (runSays), each
// with its unit. Nothing of a run but a number's unit reaches the student's pages. Pure.
import { serializeUrlState } from '../link/url_state';
import type { StepRun } from './answers';
import { tours } from './bundled';
import { runSays } from './panel_model';
import type { Tour } from './schema';
import { stepState } from './schema';
import { answerUnit } from './TourQuestion';

/** The worksheet's page, beside the explorer's. */
export const WORKSHEET_PAGE = 'worksheet.html';

/**
 * The worksheet page's address for `tour`, relative to the page: the link of its first step,
 * carrying the tour itself unless it is a built-in one (named by its id).
 */
export function worksheetHref(tour: Tour): string {
  const { layout: open, ...pane } = stepState(tour, 0);
  const lesson = tours.includes(tour) ? {} : { lesson: tour };
  const layout = { kind: 'tour' as const, tour: tour.id, step: 0, ...(open ? { open } : {}) };
  return `${WORKSHEET_PAGE}${serializeUrlState({ ...pane, pins: [], layout: { ...layout, ...lesson } })}`;
}

/** A step as the student's pages print it. */
export interface WorksheetStep {
  n: number;
  title: string;
  /** The step's words, as written (Markdown). */
  text: string;
  question: {
    prompt: string;
    /** A number's unit, printed after its blank (the panel shows it too before Reveal). */
    unit: string | null;
    /** A choice's labels, each a box to tick; empty for a number. */
    choices: string[];
  } | null;
}

/** A question's answer as the key prints it. */
export interface KeyEntry {
  n: number;
  prompt: string;
  /** As the reveal says it: "15.7 cycles", "Yes (0.8 % against 33.5 %)"; or why there is none. */
  answer: string;
  /** How close a prediction must come, for a number. */
  close: string | null;
  /** What the answer means (the question's explain), as written. */
  explain: string | null;
}

export interface Worksheet {
  title: string;
  summary: string;
  steps: WorksheetStep[];
  key: KeyEntry[];
}

/** The worksheet of `tour`, its key read from `runs` (each step's, undefined while it runs). */
export function worksheetModel(tour: Tour, runs: (StepRun | undefined)[]): Worksheet {
  const steps = tour.steps.map((step, i): WorksheetStep => {
    const q = step.question;
    return {
      n: i + 1,
      title: step.title,
      text: step.text,
      question: q
        ? {
            prompt: q.prompt,
            unit: answerUnit(q, runs[i] ?? null),
            choices: q.kind === 'choice' ? q.choices.map((c) => c.label) : [],
          }
        : null,
    };
  });
  const key = tour.steps.flatMap((step, i): KeyEntry[] => {
    const q = step.question;
    if (!q) return [];
    const run = runs[i];
    let answer: string;
    try {
      answer = run ? runSays(q, run).words : 'the step has not run yet';
    } catch (e) {
      answer = `the run gives no answer: ${e instanceof Error ? e.message : String(e)}`;
    }
    const close =
      q.kind === 'number' ? `within ${Math.round((q.close ?? 0.2) * 100)} % counts as close` : null;
    return [{ n: i + 1, prompt: q.prompt, answer, close, explain: q.explain ?? null }];
  });
  return { title: tour.title, summary: tour.summary, steps, key };
}
