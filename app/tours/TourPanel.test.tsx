import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { tours } from './bundled';
import { TourPanel } from './TourPanel';

const tour = tours.find((t) => t.id === 'networks')!;
const render = (step: number, running = false) =>
  renderToStaticMarkup(
    <TourPanel
      tour={tour}
      step={step}
      outcome={
        running
          ? null
          : { result: { scalars: [], series: [], networks: [], timelines: [] }, params: {} }
      }
      onStep={() => {}}
      onClose={() => {}}
      onRevealed={() => {}}
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
});
