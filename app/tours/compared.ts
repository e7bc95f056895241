// Two values a choice compares, each named by what sets it apart from the other ("291 MB/s at 16
// nodes against 237 MB/s at 8 nodes", "0.8 % for BPRAM, p = 8 against 33.5 % for BSP, p = 8"):
// without it a reveal of two numbers does not say which is which. Pure.
import { formatReadable } from '../results/format';
import type { StepRun } from './answers';
import { paneOf } from './answers';
import type { RunValueSpec } from './schema';

/** What names `ref` in its step's runs, part by part: its pane, its output, its place. */
function parts(ref: RunValueSpec, runs: StepRun): Record<'pane' | 'output' | 'place', string> {
  const pane = ref.machine ?? (ref.side === 'right' ? 'right' : 'left');
  const panes = ref.machine !== undefined ? `on ${ref.machine}` : `on the ${pane}`;
  const { preset, run } = paneOf(ref, runs);
  if ('readout' in ref)
    return { pane: panes, output: `(${preset.readouts[ref.readout]?.label ?? ''})`, place: '' };
  if ('scalar' in ref) {
    const scalar = run.result.scalars.find((s) => s.name === ref.scalar);
    return { pane: panes, output: `(${scalar?.description || ref.scalar})`, place: '' };
  }
  const series = run.result.series.find((s) => s.name === ref.series);
  const output = `for ${series?.label || ref.series}`;
  if ('crosses' in ref) return { pane: panes, output, place: `reaching ${ref.crosses}` };
  const place =
    typeof ref.at === 'number'
      ? `at ${formatReadable(ref.at, { unit: series?.xUnit ?? '' })}`
      : { first: 'first', last: 'last', max: 'at its largest', min: 'at its smallest' }[ref.at];
  return { pane: panes, output, place };
}

/**
 * The words after each of two compared values that tell them apart: of their pane, output and
 * place, those that differ; none where the other side is a constant (it names itself).
 */
export function comparedNames(
  a: RunValueSpec,
  b: RunValueSpec | number,
  runs: StepRun,
): [string, string] {
  if (typeof b === 'number') return ['', ''];
  const [pa, pb] = [parts(a, runs), parts(b, runs)];
  const keys = (['output', 'place', 'pane'] as const).filter((k) => pa[k] !== pb[k]);
  const words = (p: typeof pa) =>
    keys
      .map((k) => p[k])
      .filter(Boolean)
      .join(' ');
  return [words(pa), words(pb)];
}
