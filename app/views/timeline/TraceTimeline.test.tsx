// The timeline view rendered on a real Paragon NX trace (a ping-pong of 2 KB): its tools, rows,
// legend and a selected span in words, with no console errors.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { playedEnd } from '../../engine/trace';
import { TimelineDrawing, TraceTimeline } from './TraceTimeline';
import { arrowId } from './timeline_hit';
import { detailName, runNodes, timelineModel } from './timeline_model';
import { lcsOnEightNodes } from './lcs_trace';

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
    // Its first render says the timeline is being built (in slices, the page not waiting).
    expect(
      renderToStaticMarkup(
        <TraceTimeline
          outcome={outcome}
          time={10}
          width={900}
          playing={false}
          onSelect={() => {}}
        />,
      ),
    ).toContain('role="status">Building the timeline… <span aria-hidden="true">0 %');
    const model = timelineModel(outcome.trace, playedEnd(outcome.trace), runNodes(outcome));
    const errors = vi.spyOn(console, 'error');
    const html = renderToStaticMarkup(
      <TimelineDrawing
        model={model}
        outcome={outcome}
        time={10}
        selected={0}
        width={900}
        playing={false}
        onSelect={() => {}}
      />,
    );
    expect(html).toContain('16 rows');
    expect(html).toContain('compute processor: post');
    // Span 0 is node 0's compute processor posting its receive from the start.
    expect(html).toMatch(/<strong>node 0 CP<\/strong>: compute processor: post, from 0 µs/);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('<TraceTimeline> of a J-Machine program', () => {
  it('says what a selected arrow is, with no console errors', async () => {
    const outcome = await lcsOnEightNodes(20_000);
    const model = timelineModel(outcome.trace, playedEnd(outcome.trace), runNodes(outcome));
    const errors = vi.spyOn(console, 'error');
    const html = renderToStaticMarkup(
      <TimelineDrawing
        model={model}
        outcome={outcome}
        time={5000}
        playing={false}
        selected={arrowId(model, 0)}
        width={900}
        onSelect={() => {}}
      />,
    );
    const { from, to, id, detail, size } = model.arrows;
    expect(html).toContain(
      `<strong>Message packet ${id[0]}</strong>: node ${from[0]} to node ${to[0]}, handler ` +
        `${detailName(model, detail[0]!)}, ${size[0]} words`,
    );
    // The handler by the name the program gives it.
    expect(detailName(model, detail[0]!)).toBe('NxtChar');
    expect(html).not.toContain(`node ${from[0]} to node ${to[0]}, handler ${detail[0]},`);
    expect(html).toContain('send refused');
    expect(errors).not.toHaveBeenCalled();
  });
});
