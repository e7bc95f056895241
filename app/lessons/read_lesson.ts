// Reading a lesson from a link or a file: someone else's text, perhaps damaged, from a newer
// archex, or naming what this one lacks. Each fault is refused in words, step by step, and the
// steps that are fine are kept (renumbered); only a lesson left with no step is refused whole.
import type { ModelInfo } from '../engine/types';
import { i18n } from '../i18n/i18n';
import type { Preset } from '../presets/schema';
import { stepProblems } from '../tours/problems';
import type { BoundSpec, CheckSpec, OperandSpec, Tour, TourStep } from '../tours/schema';
import { BOUNDS, MAX_STEPS, StepSchema, TourSchema } from '../tours/schema';
import { emptyWords } from './lesson_words';

/**
 * The longest lesson file read: several times twenty steps of the longest texts the schema allows
 * (about 150,000 characters), and small enough to check at once.
 */
export const MAX_LESSON_CHARS = 1_000_000;

/** The longest a refusal quotes of what it refuses: a huge title must not swamp the message. */
const QUOTED = 60;
/** The most a step's refusal lists; the rest are counted. */
const LISTED = 3;

export interface LessonRead {
  /** The lesson with the steps that could be read; absent when none could. */
  lesson?: Tour;
  /** Each fault, in words: which step (numbered as written) and what is wrong. */
  refused: string[];
  /** The place in the lesson as written of each step kept, from 0. */
  kept: number[];
}

function quote(text: string, limit = QUOTED): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

/** A zod issue as "path: message"; a field this archex does not know may be a newer one's. */
function said(issue: { path: PropertyKey[]; message: string; code: string }): string {
  const path = issue.path.map(String).join('.');
  const keys = 'keys' in issue && Array.isArray(issue.keys) ? (issue.keys as string[]) : [];
  const empty = emptyWords(issue.path, issue.code);
  if (empty) return i18n.t('teaching:readLesson.empty', { path: quote(path), empty });
  const message =
    issue.code === 'unrecognized_keys'
      ? i18n.t('teaching:readLesson.newer', { keys: quoted(keys) })
      : quote(issue.message, 200);
  return `${path ? `${quote(path)}: ` : ''}${message}`;
}

/** A few of a step's faults, the rest counted. */
function listed(faults: string[]): string {
  const shown = faults.slice(0, LISTED).join('; ');
  return faults.length > LISTED
    ? i18n.t('teaching:readLesson.more', { shown, more: faults.length - LISTED })
    : shown;
}

/** Names as the lesson writes them, each quoted: 'a', 'b'. */
const quoted = (keys: string[]) => keys.map((k) => `'${quote(k)}'`).join(', ');

const HEAD = TourSchema.pick({ id: true, title: true, audience: true, summary: true });
const FIELDS = new Set(Object.keys(TourSchema.shape));

/** The lesson's JSON from a file's text, or why it is not a lesson. */
function parseText(text: string): { raw?: unknown; refused?: string } {
  if (text.length > MAX_LESSON_CHARS)
    return {
      refused: i18n.t('teaching:readLesson.tooLong', {
        chars: text.length,
        max: MAX_LESSON_CHARS,
      }),
    };
  try {
    return { raw: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      refused: i18n.t('teaching:readLesson.notJson', {
        error: quote((error as Error).message, 120),
      }),
    };
  }
}

/** The step (from 1) a check's bound reads, if another step's. */
function readsStep(bound: BoundSpec | CheckSpec): number | undefined {
  for (const key of BOUNDS) {
    const o: OperandSpec | undefined = bound[key];
    if (typeof o === 'object' && o.step !== undefined) return o.step;
  }
  return undefined;
}

/** A step's checks (its own and its number question's), each passed through `edit`. */
function editChecks(
  step: TourStep,
  edit: <T extends BoundSpec | CheckSpec>(bound: T, path: string) => T | null,
): TourStep {
  const copy: TourStep = { ...step };
  const all = <T extends BoundSpec | CheckSpec>(list: T[], path: string) =>
    list.flatMap((c, j) => {
      const out = edit(c, `${path}.${j}`);
      return out ? [out] : [];
    });
  if (step.checks) {
    const checks = all(step.checks, 'checks');
    if (checks.length > 0) copy.checks = checks;
    else delete copy.checks;
  }
  const q = step.question;
  if (q?.kind === 'number' && q.checks) {
    // Edited in place, so the fields keep their order and the link writes the same text.
    const question = { ...q, checks: all(q.checks, 'question.checks') };
    if (question.checks.length === 0) delete (question as Partial<typeof question>).checks;
    copy.question = question;
  }
  return copy;
}

/** A step without the checks that read a step not kept (numbered as written): they go with it. */
function pruned(step: TourStep, kept: Set<number>, say: (message: string) => void): TourStep {
  return editChecks(step, (check, path) => {
    const from = readsStep(check);
    if (from === undefined || kept.has(from)) return check;
    say(i18n.t('teaching:readLesson.leftOut', { path, step: from }));
    return null;
  });
}

/** A step whose checks read other steps by their numbers now (`renumber`: as written to now). */
function renumbered(step: TourStep, renumber: Map<number, number>): TourStep {
  return editChecks(step, (check) => {
    const out = { ...check };
    for (const key of BOUNDS) {
      const o = out[key];
      if (typeof o === 'object' && o.step !== undefined)
        out[key] = { ...o, step: renumber.get(o.step)! };
    }
    return out;
  });
}

/**
 * Reads a lesson: a file's text, or the JSON a link holds. A damaged lesson, one from a newer
 * archex (fields this one does not know) or one naming a preset, parameter, output, chart or
 * readout that does not exist is refused step by step in words; the steps that are fine are kept.
 */
export function readLesson(
  input: unknown,
  presets: Preset[],
  models: ModelInfo[],
  /** A draft (lesson_draft.ts) may have no steps yet. */
  options: { draft?: boolean } = {},
): LessonRead {
  const refused: string[] = [];
  const whole = (message: string): LessonRead => ({ refused: [...refused, message], kept: [] });
  let raw = input;
  if (typeof input === 'string') {
    const text = parseText(input);
    if (text.refused) return whole(text.refused);
    raw = text.raw;
  }
  if (!isRecord(raw)) return whole(i18n.t('teaching:readLesson.notALesson'));
  const unknown = Object.keys(raw).filter((k) => !FIELDS.has(k));
  if (unknown.length > 0)
    return whole(
      i18n.t('teaching:readLesson.lesson', {
        what: i18n.t('teaching:readLesson.newer', { keys: quoted(unknown) }),
      }),
    );
  const { steps: written, ...fields } = raw;
  const head = HEAD.safeParse(fields);
  if (!head.success)
    return whole(
      i18n.t('teaching:readLesson.lesson', { what: listed(head.error.issues.map(said)) }),
    );
  if (!Array.isArray(written) || (written.length === 0 && !options.draft))
    return whole(i18n.t('teaching:readLesson.noSteps'));
  if (written.length > MAX_STEPS)
    refused.push(
      i18n.t('teaching:readLesson.tooMany', {
        first: MAX_STEPS + 1,
        last: written.length,
        max: MAX_STEPS,
      }),
    );

  // A draft's empty title stands as a word joiner (lesson_draft.ts): no title to name.
  const where = (i: number, title: unknown, fault: string) =>
    typeof title === 'string' && title.replaceAll('\u2060', '') !== ''
      ? i18n.t('teaching:readLesson.stepTitled', { step: i + 1, title: quote(title), fault })
      : i18n.t('teaching:readLesson.step', { step: i + 1, fault });
  // Each step as written, against the schema.
  let steps: { at: number; step: TourStep }[] = [];
  (written as unknown[]).slice(0, MAX_STEPS).forEach((rawStep, at) => {
    const parsed = StepSchema.safeParse(rawStep);
    if (parsed.success) steps.push({ at, step: parsed.data });
    else {
      const title = isRecord(rawStep) ? rawStep.title : undefined;
      refused.push(where(at, title, listed(parsed.error.issues.map(said))));
    }
  });
  // Against the presets and their models, until no step left has a fault: a step refused takes
  // with it the checks of other steps that read it.
  let tour: Tour = { ...head.data, steps: [] };
  for (;;) {
    const kept = new Set(steps.map(({ at }) => at + 1));
    steps = steps.map(({ at, step }) => ({
      at,
      step: pruned(step, kept, (m) => refused.push(where(at, step.title, m))),
    }));
    const renumber = new Map(steps.map(({ at }, i) => [at + 1, i + 1]));
    tour = { ...head.data, steps: steps.map(({ step }) => renumbered(step, renumber)) };
    const problems = stepProblems(tour, presets, models);
    if (problems.length === 0) break;
    const bad = new Set(problems.map((p) => p.step));
    for (const i of bad) {
      const { at, step } = steps[i]!;
      const faults = problems.filter((p) => p.step === i).map((p) => `${p.path}: ${p.message}`);
      refused.push(where(at, step.title, quote(listed(faults), 400)));
    }
    steps = steps.filter((_, i) => !bad.has(i));
  }
  if (steps.length === 0 && written.length > 0)
    return whole(i18n.t('teaching:readLesson.noneRead'));
  return {
    lesson: tour,
    refused,
    kept: steps.map((s) => s.at),
  };
}
