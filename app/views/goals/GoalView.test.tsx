// The goal view rendered on a real Multi-PSI trace (6 queens, Program 1, 3 PEs): its PEs, tree,
// counts and a goal's history in words, with no console errors.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { GoalView } from './GoalView';

describe('<GoalView>', () => {
  it('renders the PEs, the tree, the counts and a goal history, with no console errors', async () => {
    const engine = createInProcessEngine(await loadNodeModule());
    const outcome = await engine.trace({
      model: 'multipsi_queens',
      params: { queens: 6 },
      seed: 1,
      point: 2,
      window: { from: 0, length: 1e9 },
    });
    engine.dispose();
    const errors = vi.spyOn(console, 'error');
    const html = renderToStaticMarkup(
      <GoalView outcome={outcome} time={50} selected={1} width={1000} onSelect={() => {}} />,
    );
    expect(html.match(/class="goal-pe"/g)).toHaveLength(3);
    expect(html).toContain('class="goal-dot"');
    expect(html).toMatch(/<strong>So far<\/strong><\/li><li>\d+ reduced<\/li>/);
    expect(html).toContain('<strong>Goal 1</strong>');
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
  });
});
