// A class's answers as the lecturer downloads them: one row an answer (step, question, pseudonym,
// answer, right or wrong, time), text a spreadsheet opens as text and never runs.
import type { LecturerView } from '../app/classroom/protocol';
import type { Tour } from '../app/tours/schema';
import { isRight } from '../app/classroom/predictions';

/** Every answer in `view` as CSV, CRLF rows under a header. */
export function answersCsv(view: LecturerView): string {
  const tour = view.tour as Tour;
  const names = new Map(view.students.map((s) => [s.id, s.pseudonym]));
  const rows = [['step', 'question', 'pseudonym', 'answer', 'right', 'time']];
  for (const a of view.answers) {
    const question = tour.steps[a.step]?.question;
    const answer =
      'typed' in a.prediction
        ? a.prediction.typed
        : question?.kind === 'choice'
          ? (question.choices[a.prediction.choice]?.label ?? String(a.prediction.choice))
          : String(a.prediction.choice);
    const truth = view.revealed[a.step]?.truth;
    rows.push([
      String(a.step + 1),
      question?.prompt ?? '',
      names.get(a.student) ?? '',
      answer,
      truth ? (isRight(a.prediction, truth) ? 'right' : 'wrong') : 'not revealed',
      a.at,
    ]);
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * A CSV field (RFC 4180), and never a formula: a spreadsheet runs a cell that starts with
 * = + - @ (a pseudonym like "=HYPERLINK(…)"), so such a field starts with a quote mark. Only a
 * whole negative number is left as it is: "-2+3+cmd|…" is a formula too.
 */
export function csvField(text: string): string {
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-\d[\d.,]*(e[-+]?\d+)?$/i.test(text);
  const safe = formula ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
