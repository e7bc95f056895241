// The timeline view rendered on a real Paragon NX trace (a ping-pong of 2 KB): its tools, rows,
// legend and a selected span in words, with no console errors; the zoom and pan arithmetic.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { TraceTimeline, panWindow, zoomWindow } from './TraceTimeline';

describe('<TraceTimeline>', () => {
  it('renders its rows, legend and a selected span, with no console errors', async () => {
    const engine = createInProcessEngine(await loadNodeModule());
    const outcome = await engine.trace({
      model: 'paragon_pingpong',
      params: { message_bytes: [2048] },
      seed: 1,
      point: 0,
      window: { from: 0, length: 1e7 },
    });
    engine.dispose();
    const errors = vi.spyOn(console, 'error');
    const html = renderToStaticMarkup(
      <TraceTimeline outcome={outcome} time={10} selected={0} width={900} onSelect={() => {}} />,
    );
    expect(html).toContain('16 rows');
    expect(html).toContain('compute processor: post');
    // Span 0 is node 0's compute processor posting its receive from the start.
    expect(html).toMatch(/<strong>node 0 CP<\/strong>: compute processor: post, from 0 µs/);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('zoomWindow() / panWindow()', () => {
  it('zooms around a time and pans, never past the run', () => {
    expect(zoomWindow([0, 100], 2, 50, 0, 100)).toEqual([25, 75]);
    expect(zoomWindow([0, 100], 2, 0, 0, 100)).toEqual([0, 50]);
    expect(zoomWindow([25, 75], 0.25, 50, 0, 100)).toEqual([0, 100]);
    expect(panWindow([25, 75], 40, 0, 100)).toEqual([50, 100]);
    expect(panWindow([25, 75], -40, 0, 100)).toEqual([0, 50]);
  });
});
