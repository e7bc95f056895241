// Reading a tour's answers and checks from runs: a readout, a scalar or a curve's value, with its
// unit, and whether a prediction came close. Pure: the panel and the tour walker share it.
import { formatReadable } from '../results/format';
import type { Preset } from '../presets/schema';
import type { RunView } from '../results/chart_builder';
import { readoutText, resolveRef } from '../results/chart_builder';
import type {
  BoundKey,
  ChoiceQuestionSpec,
  OperandSpec,
  RunValueSpec,
  Tour,
  TourStep,
} from './schema';
import { BOUNDS } from './schema';

export interface ReadValue {
  value: number;
  unit: string;
  /** As the page prints it, with its unit: "45.2 cycles", "72.5 %". */
  text: string;
  /** The page prints it as a percentage (a fraction, 0.725, as 72.5 %). */
  percent: boolean;
}

/** A number with its unit as the page prints it; a fraction as a percentage. */
export function valueText(value: number, unit: string): string {
  return unit === 'fraction'
    ? formatReadable(value, { unit: '', format: 'percent' })
    : formatReadable(value, { unit });
}

/** A curve's y at `x`: at one of its points, or on the line between the two around it. */
function seriesAt(x: number[], y: number[], at: number): number | undefined {
  const exact = x.indexOf(at);
  if (exact >= 0) return y[exact];
  for (let i = 1; i < x.length; i++) {
    const [x0, x1, y0, y1] = [x[i - 1]!, x[i]!, y[i - 1]!, y[i]!];
    if ((x0 - at) * (x1 - at) < 0) return y0 + ((y1 - y0) * (at - x0)) / (x1 - x0);
  }
  return undefined;
}

/**
 * Where a curve first reaches `level`: at one of its points, or on the line between the two
 * around the crossing.
 */
function crossingAt(x: number[], y: number[], level: number): number | undefined {
  for (let i = 0; i < y.length; i++) {
    if (y[i] === level) return x[i];
    if (i === 0) continue;
    const [x0, x1, y0, y1] = [x[i - 1]!, x[i]!, y[i - 1]!, y[i]!];
    if ((y0 - level) * (y1 - level) < 0) return x0 + ((x1 - x0) * (level - y0)) / (y1 - y0);
  }
  return undefined;
}

/** A value of a run; throws, naming what is missing, when the run lacks it. */
export function readRunValue(ref: RunValueSpec, preset: Preset, run: RunView): ReadValue {
  if ('readout' in ref) {
    const readout = preset.readouts[ref.readout];
    if (!readout) throw new Error(`${preset.id} has no readout ${ref.readout}`);
    const value = resolveRef(readout.value, run);
    if (!Number.isFinite(value)) throw new Error(`readout '${readout.label}' has no value`);
    const percent =
      typeof readout.value === 'string' &&
      run.result.scalars.find((s) => s.name === readout.value)?.unit === 'fraction';
    return { value, unit: readout.unit, text: readoutText(readout, run), percent };
  }
  if ('scalar' in ref) {
    const scalar = run.result.scalars.find((s) => s.name === ref.scalar);
    if (!scalar || !Number.isFinite(scalar.value))
      throw new Error(`the run has no result '${ref.scalar}'`);
    return {
      value: scalar.value,
      unit: scalar.unit,
      text: valueText(scalar.value, scalar.unit),
      percent: scalar.unit === 'fraction',
    };
  }
  const series = run.result.series.find((s) => s.name === ref.series);
  if (!series) throw new Error(`the run has no curve '${ref.series}'`);
  if ('crosses' in ref) {
    const x = crossingAt(series.x, series.y, ref.crosses);
    if (x === undefined || !Number.isFinite(x)) {
      const finite = series.y.filter(Number.isFinite);
      const range = `${Math.min(...finite)} to ${Math.max(...finite)}`;
      throw new Error(`the curve '${ref.series}' never reaches ${ref.crosses} (y: ${range})`);
    }
    return {
      value: x,
      unit: series.xUnit,
      text: valueText(x, series.xUnit),
      percent: series.xUnit === 'fraction',
    };
  }
  const finite = series.y.filter(Number.isFinite);
  const value =
    ref.at === 'first'
      ? series.y[0]
      : ref.at === 'last'
        ? series.y.at(-1)
        : ref.at === 'max'
          ? Math.max(...finite)
          : ref.at === 'min'
            ? Math.min(...finite)
            : seriesAt(series.x, series.y, ref.at);
  if (value === undefined || !Number.isFinite(value)) {
    const range = `${series.x[0]} to ${series.x.at(-1)}`;
    throw new Error(`the curve '${ref.series}' has no value at ${String(ref.at)} (x: ${range})`);
  }
  return {
    value,
    unit: series.yUnit,
    text: valueText(value, series.yUnit),
    percent: series.yUnit === 'fraction',
  };
}

/** A pane's run as the tour reads it: the run and the preset it ran. */
export interface PaneRun {
  preset: Preset;
  run: RunView;
}

/**
 * A step's runs: its own (the first pane's), and where the step opens them, the right pane's
 * side by side and each machine's on the all-machines page (by its preset's id).
 */
export interface StepRun extends PaneRun {
  right?: PaneRun;
  machines?: Record<string, PaneRun>;
}

/** The run of a step a value is read from; throws, naming it, when the step lacks it. */
export function paneOf(ref: RunValueSpec, runs: StepRun): PaneRun {
  if (ref.machine !== undefined) {
    const machine = runs.machines?.[ref.machine];
    if (!machine) throw new Error(`the step has no run of the machine '${ref.machine}'`);
    return machine;
  }
  if (ref.side === 'right') {
    if (!runs.right) throw new Error('the step has no right pane');
    return runs.right;
  }
  return runs;
}

/** A value of one of a step's runs (see paneOf). */
export function readStepValue(ref: RunValueSpec, runs: StepRun): ReadValue {
  const pane = paneOf(ref, runs);
  return readRunValue(ref, pane.preset, pane.run);
}

/** An operand's number: a constant, or a value of this step's runs or another step's. */
export function operandValue(op: OperandSpec, stepIndex: number, runs: StepRun[]): number {
  if (typeof op === 'number') return op;
  const from = op.step === undefined ? stepIndex : op.step - 1;
  const run = runs[from];
  if (!run) throw new Error(`step ${from + 1} has no run`);
  return readStepValue(op, run).value * (op.times ?? 1);
}

function holds(key: BoundKey, value: number, bound: number): boolean {
  switch (key) {
    case 'above':
      return value > bound;
    case 'atLeast':
      return value >= bound;
    case 'below':
      return value < bound;
    case 'atMost':
      return value <= bound;
  }
}

type Bounded = Partial<Record<BoundKey, OperandSpec>>;

function boundOf(b: Bounded): [BoundKey, OperandSpec] {
  const key = BOUNDS.find((k) => b[k] !== undefined)!;
  return [key, b[key]!];
}

/** The choice whose condition holds in the step's runs, or null when none or several do. */
export function rightChoice(question: ChoiceQuestionSpec, runs: StepRun): number | null {
  const right = question.choices.flatMap((choice, i) => {
    const [key, bound] = boundOf(choice.when);
    const value = readStepValue(choice.when.value, runs).value;
    const than = typeof bound === 'number' ? bound : readStepValue(bound, runs).value;
    return holds(key, value, than) ? [i] : [];
  });
  return right.length === 1 ? right[0]! : null;
}

export type Verdict = 'close' | 'high' | 'low';

/** How a numeric prediction compares with the run's answer: within `close` of it, or off. */
export function judgePrediction(prediction: number, answer: number, close = 0.2): Verdict {
  if (Math.abs(prediction - answer) <= close * Math.abs(answer)) return 'close';
  return prediction > answer ? 'high' : 'low';
}

const WORDS: Record<BoundKey, string> = {
  above: 'above',
  atLeast: 'at least',
  below: 'below',
  atMost: 'at most',
};

/**
 * What fails in a step against the tour's runs: a question's answer or a check the run does not
 * satisfy, a choice question whose run does not single out the choice the words expect, or a value
 * the run lacks. Empty: the step's words hold.
 */
export function stepFailures(tour: Tour, stepIndex: number, runs: StepRun[]): string[] {
  const step: TourStep = tour.steps[stepIndex]!;
  const own = runs[stepIndex]!;
  const where = `tour ${tour.id}, step ${stepIndex + 1} (${step.title})`;
  const failures: string[] = [];
  const attempt = (what: string, test: () => string | null) => {
    try {
      const failure = test();
      if (failure) failures.push(`${where}: ${what}: ${failure}`);
    } catch (error) {
      failures.push(`${where}: ${what}: ${(error as Error).message}`);
    }
  };
  const bound = (value: ReadValue, b: Bounded) => {
    const [key, op] = boundOf(b);
    const than = operandValue(op, stepIndex, runs);
    return holds(key, value.value, than)
      ? null
      : `${valueText(value.value, value.unit)} is not ${WORDS[key]} ${valueText(than, value.unit)}`;
  };
  const q = step.question;
  if (q?.kind === 'number') {
    attempt('question', () => {
      const answer = readStepValue(q.answer, own);
      return (q.checks ?? []).map((c) => bound(answer, c)).find((f) => f !== null) ?? null;
    });
  }
  if (q?.kind === 'choice') {
    attempt('question', () => {
      const right = rightChoice(q, own);
      if (right === null) return 'the run singles out no one choice';
      return right === q.expect
        ? null
        : `the run picks '${q.choices[right]!.label}', the words expect '${q.choices[q.expect]!.label}'`;
    });
  }
  (step.checks ?? []).forEach((check, j) =>
    attempt(`check ${j + 1} (${check.why})`, () => bound(readStepValue(check.value, own), check)),
  );
  return failures;
}
