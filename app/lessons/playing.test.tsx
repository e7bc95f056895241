import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { tours } from '../tours/bundled';
import type { Tour } from '../tours/schema';
import { TourPanel } from '../tours/TourPanel';
import { layoutTour } from './playing';

const networks = tours.find((t) => t.id === 'networks')!;
const lesson: Tour = {
  ...structuredClone(networks),
  id: 'networks',
  title: '<script>alert(1)</script> My mesh',
  steps: structuredClone(networks.steps.slice(0, 2)),
};
lesson.steps[0]!.text = 'See **this** [paper](javascript:alert(1)) <b onmouseover="x">and</b>';

describe('layoutTour(layout)', () => {
  it('plays the lesson a link carries, even under a built-in tour’s id, else the tour named', () => {
    expect(layoutTour({ kind: 'tour', tour: 'networks', step: 0, lesson })).toBe(lesson);
    expect(layoutTour({ kind: 'tour', tour: 'networks', step: 0 })).toBe(networks);
    expect(layoutTour({ kind: 'tour', tour: 'nope', step: 0 })).toBeUndefined();
    expect(layoutTour(undefined)).toBeUndefined();
  });
});

describe('<TourPanel> of a lesson', () => {
  it('shows its progress and steps as a tour’s, and its words never as markup', () => {
    const html = renderToStaticMarkup(
      <TourPanel
        tour={lesson}
        step={0}
        outcome={null}
        onStep={() => {}}
        onClose={() => {}}
        answer={{}}
        onAnswer={() => {}}
      />,
    );
    expect(html).toContain('Step 1 of 2');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; My mesh');
    expect(html).toContain('<strong>this</strong>');
    expect(html).toContain('[paper](javascript:alert(1))');
    expect(html).not.toMatch(/<script|<b |href="javascript/);
  });
});
