import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { RunStatus, SHOW_PROGRESS_AFTER_MS } from './RunStatus';

const partial = { scalars: [], series: [] };

describe('<RunStatus>', () => {
  it('shows nothing for a run shorter than the threshold', () => {
    const progress = { fraction: 0.5, elapsedMs: SHOW_PROGRESS_AFTER_MS - 1, partial };
    expect(renderToStaticMarkup(<RunStatus progress={progress} />)).toBe('');
    expect(renderToStaticMarkup(<RunStatus progress={null} />)).toBe('');
  });

  it('shows the fraction, the time so far and the time left for a long run', () => {
    const html = renderToStaticMarkup(
      <RunStatus progress={{ fraction: 0.25, elapsedMs: 1000, partial }} />,
    );
    expect(html).toContain('value="0.25"');
    // 1 s for a quarter: 3 s to go.
    expect(html).toContain('25 % · 1.0 s elapsed · about 3.0 s left');
  });

  it('gives no estimate before any progress', () => {
    const html = renderToStaticMarkup(
      <RunStatus progress={{ fraction: 0, elapsedMs: 400, partial }} />,
    );
    expect(html).toContain('0 % · 0.4 s elapsed</span>');
  });
});
