// A class in the database: started by a lecturer with a lesson, joined by students under
// pseudonyms, answered step by step, paced and revealed by the lecturer alone. Each change is
// notified on one channel, so every server process on the database pushes it to its sockets.
import { createHash, randomBytes, randomInt } from 'node:crypto';

import type {
  AnswerRequest,
  AnswerRow,
  ClassPace,
  Control,
  Joined,
  LecturerView,
  Prediction,
  RevealedStep,
  Started,
  StudentView,
  Truth,
} from '../app/classroom/protocol';
import { CODE_ALPHABET, CODE_LENGTH } from '../app/classroom/protocol';
import { predictedNumber } from '../app/classroom/predictions';
import type { Tour } from '../app/tours/schema';
import type { Database, Query } from './db/database';

/** The channel every change goes out on: `classId:kind`. */
export const CHANNEL = 'archex_class';
/** A change only the lecturer's view shows (an answer, a join), or one everyone's does. */
export type ChangeKind = 'answers' | 'class';

/** How long an ended class and its answers are kept, and how long a silent one stays open. */
export const KEPT_DAYS = 30;
export const IDLE_HOURS = 24;

/** A refusal with the HTTP status it answers with, in words. */
export class Refused extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 429,
    message: string,
  ) {
    super(message);
  }
}

export const ONLY_LECTURER = 'Only the lecturer of this class may do this.';

/** Who a key is in a class: its lecturer, one of its students, or nobody. */
export type Who =
  { role: 'lecturer'; classId: number } | { role: 'student'; classId: number; studentId: number };

const hash = (key: string) => createHash('sha256').update(key).digest('base64url');
const newKey = () => randomBytes(32).toString('base64url');
const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(
    '',
  );

interface ClassRow {
  id: number;
  code: string;
  tour: Tour;
  step: number;
  free: boolean;
  paused: boolean;
  ended_at: Date | null;
}

const pace = (c: ClassRow): ClassPace => ({
  code: c.code,
  step: c.step,
  free: c.free,
  paused: c.paused,
  ended: c.ended_at !== null,
});

export class Classes {
  constructor(private readonly db: Database) {}

  /** Tells every process of a change: `classId:kind`, and the student whose answers changed. */
  private async notify(query: Query, classId: number, kind: ChangeKind, student?: number) {
    const payload = `${classId}:${kind}${student === undefined ? '' : `:${student}`}`;
    await query('SELECT pg_notify($1, $2)', [CHANNEL, payload]);
  }

  /** Starts a class running `tour` (checked by the caller); a fresh code, never a running one's. */
  async start(tour: Tour): Promise<Started> {
    const key = newKey();
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = newCode();
      const rows = await this.db.query<{ id: number }>(
        `INSERT INTO classes (code, lecturer_hash, tour) VALUES ($1, $2, $3::jsonb)
         ON CONFLICT (code) DO NOTHING RETURNING id`,
        [code, hash(key), JSON.stringify(tour)],
      );
      if (rows.length > 0) return { code, key };
    }
    throw new Error('no free join code after 10 tries');
  }

  /** Who `key` is in the class `code`; null for a wrong code or key. */
  async who(code: string, key: string): Promise<Who | null> {
    const h = hash(key);
    const rows = await this.db.query<{ id: number; lecturer: boolean; student: number | null }>(
      `SELECT c.id, c.lecturer_hash = $2 AS lecturer, s.id AS student
         FROM classes c LEFT JOIN students s ON s.class_id = c.id AND s.key_hash = $2
        WHERE c.code = $1`,
      [code, h],
    );
    const row = rows[0];
    if (!row) return null;
    if (row.lecturer) return { role: 'lecturer', classId: row.id };
    if (row.student !== null) return { role: 'student', classId: row.id, studentId: row.student };
    return null;
  }

  /** The lecturer's key's class, or a refusal (403) for anyone else. */
  async lecturer(code: string, key: string | null): Promise<number> {
    const who = key ? await this.who(code, key) : null;
    if (who?.role !== 'lecturer') throw new Refused(403, ONLY_LECTURER);
    return who.classId;
  }

  /** Joins the running class `code`; null when no class with it is running. */
  async join(code: string, pseudonym: string): Promise<Joined | null> {
    const key = newKey();
    return this.db.transaction(async (query) => {
      const [row] = await query<{ id: number }>(
        'SELECT id FROM classes WHERE code = $1 AND ended_at IS NULL',
        [code],
      );
      if (!row) return null;
      await query('INSERT INTO students (class_id, key_hash, pseudonym) VALUES ($1, $2, $3)', [
        row.id,
        hash(key),
        pseudonym,
      ]);
      await query('UPDATE classes SET active_at = now() WHERE id = $1', [row.id]);
      await this.notify(query, row.id, 'answers');
      return { code, key };
    });
  }

  private async classRow(query: Query, classId: number): Promise<ClassRow> {
    const [row] = await query<ClassRow>(
      'SELECT id, code, tour, step, free, paused, ended_at FROM classes WHERE id = $1',
      [classId],
    );
    if (!row) throw new Refused(404, 'This class was deleted.');
    return row;
  }

  /** Each revealed step's answer and the class's answers to it, without names. */
  private async revealed(query: Query, classId: number): Promise<Record<number, RevealedStep>> {
    const reveals = await query<{ step: number; truth: Truth }>(
      'SELECT step, truth FROM reveals WHERE class_id = $1',
      [classId],
    );
    const answers = await query<{ step: number; prediction: Prediction; value: number | null }>(
      `SELECT a.step, a.prediction, a.value FROM answers a JOIN reveals r
          ON r.class_id = a.class_id AND r.step = a.step
        WHERE a.class_id = $1 ORDER BY a.answered_at, a.student_id`,
      [classId],
    );
    const out: Record<number, RevealedStep> = {};
    for (const { step, truth } of reveals) {
      const mine = answers.filter((a) => a.step === step);
      const choices: number[] = [];
      for (const a of mine)
        if ('choice' in a.prediction)
          choices[a.prediction.choice] = (choices[a.prediction.choice] ?? 0) + 1;
      out[step] = {
        truth,
        values: mine.flatMap((a) => (a.value === null ? [] : [a.value])),
        choices: Array.from(choices, (n) => n ?? 0),
      };
    }
    return out;
  }

  async studentView(classId: number, studentId: number): Promise<StudentView> {
    const view = (await this.studentViews(classId, [studentId])).get(studentId);
    if (!view) throw new Refused(403, 'You are not in this class.');
    return view;
  }

  /** The views of several students of one class, read together (a step changes them all). */
  async studentViews(classId: number, studentIds: number[]): Promise<Map<number, StudentView>> {
    const query = this.db.query;
    const c = await this.classRow(query, classId);
    const revealed = await this.revealed(query, classId);
    const students = await query<{ id: number; pseudonym: string }>(
      'SELECT id, pseudonym FROM students WHERE class_id = $1 AND id = ANY($2::int[])',
      [classId, studentIds],
    );
    const answers = await query<{ student_id: number; step: number; prediction: Prediction }>(
      'SELECT student_id, step, prediction FROM answers WHERE class_id = $1 AND student_id = ANY($2::int[])',
      [classId, studentIds],
    );
    const views = new Map<number, StudentView>();
    for (const s of students) {
      const mine = answers.filter((a) => a.student_id === s.id);
      views.set(s.id, {
        role: 'student',
        ...pace(c),
        pseudonym: s.pseudonym,
        tour: c.tour,
        mine: Object.fromEntries(mine.map((a) => [a.step, a.prediction])),
        revealed,
      });
    }
    return views;
  }

  async lecturerView(classId: number): Promise<LecturerView> {
    const query = this.db.query;
    const c = await this.classRow(query, classId);
    const students = await query<{ id: number; pseudonym: string }>(
      'SELECT id, pseudonym FROM students WHERE class_id = $1 ORDER BY id',
      [classId],
    );
    const answers = await query<{
      student_id: number;
      step: number;
      prediction: Prediction;
      value: number | null;
      answered_at: Date;
    }>(
      `SELECT student_id, step, prediction, value, answered_at FROM answers
        WHERE class_id = $1 ORDER BY answered_at, student_id`,
      [classId],
    );
    return {
      role: 'lecturer',
      ...pace(c),
      tour: c.tour,
      students: students.map((s) => ({ id: String(s.id), pseudonym: s.pseudonym })),
      answers: answers.map((a): AnswerRow => ({
        student: String(a.student_id),
        step: a.step,
        prediction: a.prediction,
        value: a.value,
        at: new Date(a.answered_at).toISOString(),
      })),
      revealed: await this.revealed(query, classId),
    };
  }

  /**
   * Keeps a student's answer to a step, once: a resend (a reload, a dropped connection) finds it
   * kept and changes nothing. Refused once the step is revealed, while paused, after the end,
   * and for a step the lecturer has not reached unless students move freely.
   */
  async answer(who: Who & { role: 'student' }, request: AnswerRequest): Promise<void> {
    await this.db.transaction(async (query) => {
      const c = await this.classRow(query, who.classId);
      if (c.ended_at !== null) throw new Refused(409, 'The class has ended.');
      if (c.paused) throw new Refused(409, 'The class is paused: wait for your lecturer.');
      if (!c.free && request.step > c.step)
        throw new Refused(409, `step ${request.step + 1} is not open yet: wait for your lecturer.`);
      const question = c.tour.steps[request.step]?.question;
      if (!question)
        throw new Refused(400, `step ${request.step + 1} of this lesson asks no question`);
      if ('choice' in request.prediction) {
        if (question.kind !== 'choice')
          throw new Refused(400, `step ${request.step + 1} asks for a number, not a choice`);
        if (request.prediction.choice >= question.choices.length)
          throw new Refused(
            400,
            `choice must be from 0 to ${question.choices.length - 1} (${question.choices.length} choices)`,
          );
      } else if (question.kind !== 'number')
        throw new Refused(400, `step ${request.step + 1} asks for a choice, not a number`);
      const [shown] = await query('SELECT 1 FROM reveals WHERE class_id = $1 AND step = $2', [
        c.id,
        request.step,
      ]);
      if (shown) throw new Refused(409, `step ${request.step + 1} is already revealed`);
      const kept = await query(
        `INSERT INTO answers (student_id, class_id, step, prediction, value)
         VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT (student_id, step) DO NOTHING
         RETURNING step`,
        [
          who.studentId,
          c.id,
          request.step,
          JSON.stringify(request.prediction),
          predictedNumber(request.prediction),
        ],
      );
      if (kept.length === 0) return;
      await query('UPDATE classes SET active_at = now() WHERE id = $1', [c.id]);
      await this.notify(query, c.id, 'answers', who.studentId);
    });
  }

  /** A lecturer's control: the step, a reveal, free movement, a pause or the end. */
  async control(classId: number, control: Control): Promise<void> {
    await this.db.transaction(async (query) => {
      const c = await this.classRow(query, classId);
      if (c.ended_at !== null) throw new Refused(409, 'The class has ended.');
      const steps = c.tour.steps.length;
      if ('step' in control && control.step >= steps)
        throw new Refused(400, `step must be from 1 to ${steps} (this lesson has ${steps})`);
      switch (control.action) {
        case 'step':
          await query('UPDATE classes SET step = $2 WHERE id = $1', [classId, control.step]);
          break;
        case 'reveal': {
          const question = c.tour.steps[control.step]?.question;
          if (!question)
            throw new Refused(400, `step ${control.step + 1} of this lesson asks no question`);
          if ((question.kind === 'choice') !== 'right' in control.truth)
            throw new Refused(400, `the answer to step ${control.step + 1} is a ${question.kind}`);
          await query(
            `INSERT INTO reveals (class_id, step, truth) VALUES ($1, $2, $3::jsonb)
             ON CONFLICT (class_id, step) DO NOTHING`,
            [classId, control.step, JSON.stringify(control.truth)],
          );
          break;
        }
        case 'free':
          await query('UPDATE classes SET free = $2 WHERE id = $1', [classId, control.free]);
          break;
        case 'pause':
          await query('UPDATE classes SET paused = $2 WHERE id = $1', [classId, control.paused]);
          break;
        case 'end':
          await query('UPDATE classes SET ended_at = now(), paused = false WHERE id = $1', [
            classId,
          ]);
          break;
      }
      await query('UPDATE classes SET active_at = now() WHERE id = $1', [classId]);
      await this.notify(query, classId, 'class');
    });
  }

  /** Deletes the class with everything it holds, now. */
  async remove(classId: number): Promise<void> {
    await this.db.transaction(async (query) => {
      await query('DELETE FROM classes WHERE id = $1', [classId]);
      await this.notify(query, classId, 'class');
    });
  }

  /**
   * Deletes classes ended more than KEPT_DAYS ago, and ends those silent for IDLE_HOURS (the 30
   * days then run from there). Returns how many it deleted and ended.
   */
  async purge(): Promise<{ deleted: number; ended: number }> {
    const ended = await this.db.query<{ id: number }>(
      `UPDATE classes SET ended_at = now() WHERE ended_at IS NULL
          AND active_at < now() - make_interval(hours => $1) RETURNING id`,
      [IDLE_HOURS],
    );
    const deleted = await this.db.query<{ id: number }>(
      `DELETE FROM classes WHERE ended_at < now() - make_interval(days => $1) RETURNING id`,
      [KEPT_DAYS],
    );
    return { deleted: deleted.length, ended: ended.length };
  }
}
