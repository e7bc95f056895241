// What a tour's step draws, as data: every number of its runs the page shows (chart values,
// readouts, the model-vs-paper table) with its unit, and every sentence (the step's words, the
// descriptions, the charts' titles). The tour walker reads it to check that before its reveal a
// question's answer is drawn nowhere on its step, that after it the outcome is there, and that no
// step shows a later step's answer. It composes the same parts the page draws with (shownCharts,
// buildChart, readoutsShown, validate, withheldFor), so what it checks is what a student sees.
import type { ParamSpec } from '../engine/types';
import { buildChart, drawnValues } from '../chart_kinds/registry';
import { fillParams, resolveValues } from '../presets/param_values';
import { basisEntries } from '../ui/ModelBasis';
import type { Preset } from '../presets/schema';
import { presetParams, shownCharts } from '../presets/schema';
import { validate } from '../presets/validation';
import { chartOptions } from '../results/chart_builder';
import { withheldWords } from '../results/chart_data';
import type { PaneRun, ReadValue, StepRun } from './answers';
import { paneOf, readRunValue, readStepValue } from './answers';
import { runSays } from './panel_model';
import type { QuestionSpec, RunValueSpec, TourStep } from './schema';
import { shownBy } from './outputs';
import { markdownText } from '../ui/markdown_parse';
import type { PaneKey, Withheld } from './withhold';
import type { AnswerValue } from './prose_states';
import { LATER_CLOSE, proseStates, unitKey, within } from './prose_states';
import { NOTHING_WITHHELD, readoutsShown, withheldFor } from './withhold';

/** A number the page draws, in the unit its run holds it ('fraction' for a percentage). */
export interface DrawnNumber {
  value: number;
  unit: string;
  where: string;
  /** The run's output it is a value of (a readout's scalar, a curve's series), where known. */
  source?: string;
  /** A colour among many (a map's channel), read only by pointing at it. */
  shade?: boolean;
}

/** A sentence the page prints, and where. */
export interface DrawnText {
  text: string;
  where: string;
  /** Of the set-up: a field's help, which the step's question may build on. */
  setup?: boolean;
}

export interface StepDrawing {
  numbers: DrawnNumber[];
  texts: DrawnText[];
  /** Each pane's charts and readouts drawn (none while its outcomes are held). */
  shown: Record<PaneKey, number>;
}

/** The parameters' declarations of a preset's model. */
export type SpecsOf = (preset: Preset) => ParamSpec[];

/** A readout's unit as its run holds it: a share printed as a percentage is a fraction. */
function readUnit(read: ReadValue): string {
  return read.percent ? 'fraction' : read.unit;
}

function paneDrawing(
  step: TourStep,
  key: PaneKey,
  pane: PaneRun,
  held: Withheld,
  specsOf: SpecsOf,
  out: StepDrawing,
) {
  const { preset, run } = pane;
  const specs = specsOf(preset);
  const side = key === 'right' ? 'right side: ' : '';
  const shown = shownBy(step.outputs ?? {});
  const choices =
    key === 'right' && step.layout?.kind === 'side'
      ? (step.layout.right.charts ?? {})
      : (step.charts ?? {});
  const text = (where: string, words: string, setup = false) =>
    out.texts.push({
      where: `${side}${where}`,
      text: held.text(words),
      ...(setup ? { setup } : {}),
    });
  if (!held.description) text('description', fillParams(preset.description, specs, run.params));
  // A field's help (its "?"): what it is and where its value comes from.
  for (const spec of specs) {
    if (step.show && !step.show.includes(spec.name)) continue;
    text(`field ${spec.name}`, spec.description, true);
    const source = preset.params[spec.name]?.source;
    if (source) text(`field ${spec.name} source`, source, true);
  }
  for (const spec of shownCharts(preset, specs, run.params)) {
    if (!shown.chart(spec.id)) continue;
    text(`chart ${spec.id} title`, fillParams(spec.title, specs, run.params));
    if (held.outcome || held.charts.has(spec.id)) continue;
    out.shown[key]++;
    const chart = buildChart(
      shown.spec(spec),
      preset,
      run,
      chartOptions(choices[spec.id] ?? {}, []),
    );
    for (const d of drawnValues(chart)) {
      out.numbers.push({
        ...d,
        where: `${side}chart ${spec.id}: ${d.label}`,
        ...(d.source !== undefined ? { source: `${preset.id}:${d.source}` } : {}),
      });
    }
  }
  readoutsShown(preset, run, held).forEach((r, i) => {
    if (!shown.readout(i)) return;
    text(`readout ${i} label`, r.label);
    if (r.detail) text(`readout ${i} detail`, r.detail);
    if (r.value === withheldWords()) return;
    out.shown[key]++;
    try {
      const read = readRunValue({ readout: i }, preset, run);
      const value = preset.readouts[i]?.value;
      out.numbers.push({
        value: read.value,
        unit: readUnit(read),
        where: `${side}readout ${i}`,
        ...(typeof value === 'string' ? { source: `${preset.id}:${value}` } : {}),
      });
    } catch {
      // A readout the run lacks prints a dash: no number.
    }
  });
  if (!held.outcome && shown.basis) {
    const basis = basisEntries(preset, specs, resolveValues(specs, presetParams(preset)));
    for (const e of [...basis.calibrated, ...basis.assumed])
      text(`how the model is set: ${e.name}`, e.source);
  }
  if (shown.table && !held.outcome) {
    for (const row of validate(preset, run.result)) {
      const where = `${side}model vs paper: ${row.label}`;
      out.numbers.push({
        value: row.simulated,
        unit: row.unit,
        where,
        source: `${preset.id}:${row.metric}`,
      });
      if (row.paper.kind === 'number')
        out.numbers.push({ value: row.paper.value, unit: row.unit, where: `${where} (paper)` });
      else text('model vs paper', row.paper.words);
    }
  }
}

/**
 * What a step draws of its runs: before its question's reveal (`revealed` false), with what the
 * open question holds back; after it, everything the step shows. The all-machines page's chart
 * is not read (a step there asks nothing it holds: the walker refuses such a step).
 */
export function stepDrawing(
  step: TourStep,
  runs: StepRun,
  revealed: boolean,
  specsOf: SpecsOf,
): StepDrawing {
  const out: StepDrawing = { numbers: [], texts: [], shown: { first: 0, right: 0 } };
  out.texts.push(
    { where: 'title', text: step.title },
    { where: 'text', text: markdownText(step.text) },
  );
  const q = step.question;
  if (q) out.texts.push({ where: 'question', text: q.prompt });
  // The choices are printed before and after Reveal.
  if (q?.kind === 'choice')
    for (const c of q.choices) out.texts.push({ where: `choice “${c.label}”`, text: c.label });
  if (q && revealed) revealDrawing(q, runs, out);
  if (q?.explain && revealed) out.texts.push({ where: 'explain', text: markdownText(q.explain) });
  // Revealed, a wrong choice says why not: any of them may be the one shown.
  if (q?.kind === 'choice' && revealed)
    for (const c of q.choices)
      if (c.feedback) out.texts.push({ where: `feedback on “${c.label}”`, text: c.feedback });
  if (step.layout?.kind === 'machines') return out;
  const panes: [PaneKey, PaneRun][] = [['first', runs]];
  if (runs.right) panes.push(['right', runs.right]);
  for (const [key, pane] of panes) {
    const held = q && !revealed ? withheldFor(q, key, pane.preset, pane.run) : NOTHING_WITHHELD;
    paneDrawing(step, key, pane, held, specsOf, out);
  }
  return out;
}

/**
 * What a question's reveal prints of the run (runSays): its values as numbers of their outputs
 * (printed in full, so a later answer is compared with the value, not with its rounding), and
 * the words that name them.
 */
function revealDrawing(question: QuestionSpec, runs: StepRun, out: StepDrawing) {
  let says;
  try {
    says = runSays(question, runs);
  } catch {
    return; // A run without the answer reveals nothing: stepFailures says why.
  }
  for (const { read, ref, name } of says.values) {
    const source = ref ? sourceOf(ref, runs) : undefined;
    out.numbers.push({
      value: read.value,
      unit: readUnit(read),
      where: `reveal: ${read.text}`,
      ...(source ? { source } : {}),
    });
    if (name) out.texts.push({ where: 'reveal', text: name });
  }
}

/** The output a run value reads, of its preset: a scalar's or a curve's, a readout's scalar. */
function sourceOf(ref: RunValueSpec, runs: StepRun): string | undefined {
  const { preset } = paneOf(ref, runs);
  const name =
    'scalar' in ref
      ? ref.scalar
      : 'series' in ref
        ? ref.series
        : preset.readouts[ref.readout]?.value;
  return typeof name === 'string' ? `${preset.id}:${name}` : undefined;
}

/**
 * The numbers a question's reveal gives: a number question's answer, within its `close`; for a
 * choice between two values of the runs, the two the right choice compares, each within half
 * their gap (nearer one than the other: a number that tells them apart); for a choice against a
 * constant, the value compared, within half its gap to the constant (a number on its side of it:
 * "378.5 cycles" answers "above 300 cycles?").
 */
export function answerValues(question: QuestionSpec, runs: StepRun): AnswerValue[] {
  if (question.kind === 'number') {
    const read = readStepValue(question.answer, runs);
    const source = sourceOf(question.answer, runs);
    return [
      {
        value: read.value,
        unit: readUnit(read),
        close: question.close ?? 0.2,
        what: `the answer, ${read.text}`,
        ...(source ? { source } : {}),
      },
    ];
  }
  const right = question.choices[question.expect]!;
  const bound = right.when.above ?? right.when.atLeast ?? right.when.below ?? right.when.atMost;
  if (bound === undefined) return [];
  const than = typeof bound === 'number' ? bound : readStepValue(bound, runs).value;
  const gap = Math.abs(readStepValue(right.when.value, runs).value - than) / 2;
  const refs = typeof bound === 'number' ? [right.when.value] : [right.when.value, bound];
  return refs.map((ref) => {
    const read = readStepValue(ref, runs);
    const source = sourceOf(ref, runs);
    return {
      value: read.value,
      unit: readUnit(read),
      close: Math.min(0.2, gap / Math.abs(read.value || 1)),
      what: `a value the choice compares, ${read.text}`,
      ...(source ? { source } : {}),
      ...(typeof bound === 'number' ? { ownOutput: true } : {}),
    };
  });
}

/**
 * What of `drawing` states `answer`: a number drawn in its unit within its closeness, or a
 * number a sentence writes in its unit within it; not the set-up the question builds on (the
 * fields' help).
 */
export function statesAnswer(drawing: StepDrawing, answer: AnswerValue): string[] {
  const key = unitKey(answer.unit);
  const output = (n: DrawnNumber) =>
    !answer.ownOutput || n.source === undefined || n.source === answer.source;
  return [
    ...drawing.numbers
      .filter((n) => unitKey(n.unit) === key && output(n) && within(n.value, answer))
      .map((n) => `${n.where} = ${n.value}`),
    ...drawing.texts
      .filter((t) => !t.setup)
      .flatMap((t) => proseStates(t.text, answer).map((s) => `${t.where}: “${s}”`)),
  ];
}

/**
 * What of an earlier step's `drawing` states a later step's `answer`: a number printed within
 * LATER_CLOSE of it (the same readout, the curve's point, the paper's value of it), unless both
 * are known outputs and not the same one (another quantity that happens to be near); or a
 * sentence that writes it to its own precision ("about 0.6" for 0.606).
 */
export function statesLaterAnswer(drawing: StepDrawing, answer: AnswerValue): string[] {
  const key = unitKey(answer.unit);
  const states = (n: DrawnNumber) =>
    !n.shade &&
    (n.source === undefined || answer.source === undefined || n.source === answer.source) &&
    within(n.value, answer, LATER_CLOSE);
  return [
    ...drawing.numbers
      .filter((n) => unitKey(n.unit) === key && states(n))
      .map((n) => `${n.where} = ${n.value}`),
    ...drawing.texts.flatMap((t) =>
      proseStates(t.text, answer, true).map((s) => `${t.where}: “${s}”`),
    ),
  ];
}

/**
 * Where `drawing` gives `question`'s answer away, read from `runs`: for a number, anything that
 * states it; for a choice between two values, only where both are stated (one alone does not tell
 * which is larger). `later`: the drawing is of an earlier step (statesLaterAnswer), else of the
 * question's own step before its reveal (statesAnswer).
 */
export function answerLeaks(
  drawing: StepDrawing,
  question: QuestionSpec,
  runs: StepRun,
  later: boolean,
): string[] {
  const per = answerValues(question, runs).map((answer) =>
    (later ? statesLaterAnswer : statesAnswer)(drawing, answer).map(
      (leak) => `${leak} states ${answer.what}`,
    ),
  );
  return per.every((leaks) => leaks.length > 0) ? per.flat() : [];
}
