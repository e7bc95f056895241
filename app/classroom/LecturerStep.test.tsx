// The lecturer's step, drawn: counts, the answers, the right one only after the reveal, and the
// names only when not presenting.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { tours } from '../tours/bundled';
import type { TourStep } from '../tours/schema';
import { LecturerStep } from './LecturerStep';
import type { LecturerView } from './protocol';

const transputers = tours.find((t) => t.id === 'transputers')!;
/** A choice: which processor's raw round trip is sooner (the T805, choice 0). */
const choiceStep = transputers.steps[0]!;

function view(over: Partial<LecturerView> = {}): LecturerView {
  return {
    role: 'lecturer',
    code: 'ABC234',
    step: 0,
    free: false,
    paused: false,
    ended: false,
    tour: transputers,
    students: [
      { id: '1', pseudonym: 'Ada' },
      { id: '2', pseudonym: '<i>Bob</i>' },
      { id: '3', pseudonym: 'Cy' },
    ],
    answers: [
      { student: '1', step: 0, prediction: { choice: 0 }, value: null, at: '' },
      { student: '2', step: 0, prediction: { choice: 1 }, value: null, at: '' },
    ],
    revealed: {},
    ...over,
  };
}

const render = (v: LecturerView, presented = false, step: TourStep = choiceStep) =>
  renderToStaticMarkup(
    <LecturerStep
      view={v}
      step={step}
      stepIndex={0}
      steps={transputers.steps.length}
      runs={null}
      unit={null}
      presented={presented}
      control={() => {}}
      onNext={() => {}}
      onDownload={() => {}}
      onDelete={() => {}}
    />,
  );

describe('LecturerStep', () => {
  it('counts who joined and answered, and draws each choice’s share', () => {
    const html = render(view());
    expect(html).toContain('3 joined · 2 of 3 answered');
    expect(html).toContain('1 (50 %)');
  });

  it('marks the right choice only once revealed', () => {
    expect(render(view())).not.toContain('the run');
    expect(render(view())).not.toContain('data-right');
    const revealed = render(
      view({ revealed: { 0: { truth: { right: 0 }, values: [], choices: [1, 1] } } }),
    );
    expect(revealed).toContain('the run&#x27;s answer');
    expect(revealed).toMatch(/data-right="true"[^]*The T805/);
    // Each name marked right or wrong, for the lecturer alone.
    expect(revealed).toContain('Ada: The T805 ✓');
  });

  it('lists answers by name as text, and never while presenting', () => {
    expect(render(view())).toContain('&lt;i&gt;Bob&lt;/i&gt;: The T9000');
    const presented = render(view(), true);
    expect(presented).not.toContain('Answers by name');
    expect(presented).not.toContain('Ada');
  });

  it('waits for the run before it may reveal, and takes nothing once ended', () => {
    expect(render(view())).toMatch(/<button[^>]*disabled=""[^>]*>Running…/);
    expect(render(view({ ended: true }))).toContain('· ended');
  });
});
