import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { StepAnswer } from '../link/url_state';
import type { RunResult } from '../engine/types';
import { tours } from './bundled';
import { TourPanel } from './TourPanel';

const tour = tours.find((t) => t.id === 'networks')!;
const EMPTY: RunResult = { scalars: [], series: [], networks: [], timelines: [] };
/** A run of the first step: its answer is the latency at the lightest load, 15 cycles. */
const LATENCY: RunResult = {
  ...EMPTY,
  series: [
    {
      name: 'latency_vs_offered',
      label: '',
      xName: 'offered',
      xUnit: 'flits/node/cycle',
      yName: 'latency',
      yUnit: 'cycles',
      key: '',
      labels: [],
      x: [0.02, 0.05],
      y: [15, 16],
    },
  ],
};
const render = (step: number, running = false, answer: StepAnswer = {}, result = EMPTY) =>
  renderToStaticMarkup(
    <TourPanel
      tour={tour}
      step={step}
      outcome={running ? null : { result, params: {} }}
      onStep={() => {}}
      onClose={() => {}}
      answer={answer}
      onAnswer={() => {}}
    />,
  );

describe('TourPanel', () => {
  it('shows the title, the step of how many, the words, what to look at and the question', () => {
    const html = render(0);
    expect(html).toContain(tour.title);
    expect(html).toContain(`Step 1 of ${tour.steps.length}`);
    expect(html).toContain(tour.steps[0]!.title);
    expect(html).toContain('Look at the chart “');
    // The prompt up to its first apostrophe, which the markup escapes.
    expect(html).toContain(tour.steps[0]!.question!.prompt.split("'")[0]);
    expect(html).toMatch(/aria-live="polite"/);
  });

  it('cannot go back from the first step nor on from the last', () => {
    expect(render(0)).toMatch(/<button type="button" disabled="">← Previous/);
    expect(render(tour.steps.length - 1)).toMatch(/<button type="button" disabled="">Next →/);
    expect(render(1)).not.toMatch(/disabled="">(← Previous|Next →)/);
  });

  it('says the run is still going instead of offering to reveal', () => {
    expect(render(0, true)).toContain('Running…');
    expect(render(0)).toContain('Reveal');
  });

  it('shows the prediction the link keeps, and once revealed its verdict from the run', () => {
    const typed = render(0, false, { typed: '14,5' }, LATENCY);
    expect(typed).toContain('value="14,5"');
    expect(typed).not.toContain('The run gives');
    const revealed = render(0, false, { typed: '14,5', revealed: true }, LATENCY);
    expect(revealed).toContain('The run gives 15');
    expect(revealed).toContain('Your prediction, 14.5, is close');
    // Still running after a reload: the verdict comes with the run.
    expect(render(0, true, { typed: '14,5', revealed: true })).not.toContain('The run gives');
  });
});
