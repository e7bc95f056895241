// The goal view rendered on a real Multi-PSI trace (6 queens, Program 1, 3 PEs): its PEs, tree,
// counts and a goal's history in words, with no console errors; the tree one stop of the keyboard
// with its arrows; and the moment in words.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';

import { createInProcessEngine } from '../../engine/in_process_engine';
import { loadNodeModule } from '../../engine/node_module';
import { playedEnd } from '../../engine/trace';
import type { TraceOutcome } from '../../engine/trace';
import { GoalDrawing, GoalView } from './GoalView';
import { treeKeyTarget } from './tree_keys';
import { goalModel, goalSliced, momentAt } from './goal_model';
import { runSliced } from '../sliced';
import { describeGoals } from './goal_words';

let outcome: TraceOutcome;
beforeAll(async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  outcome = await engine.trace({
    model: 'multipsi_queens',
    params: { queens: 6 },
    seed: 1,
    point: 2,
    window: { from: 0, length: 1e9 },
  });
  engine.dispose();
}, 60_000);

const render = (time: number, selected?: number) =>
  renderToStaticMarkup(
    <GoalDrawing
      model={goalModel(outcome.trace, playedEnd(outcome.trace), 3)}
      outcome={outcome}
      time={time}
      selected={selected}
      width={1000}
      playing={false}
      onSelect={() => {}}
    />,
  );

describe('<GoalView>', () => {
  it('first says it is reading the goals, then builds the model goalModel() builds', async () => {
    const html = renderToStaticMarkup(
      <GoalView outcome={outcome} time={0} width={1000} playing={false} onSelect={() => {}} />,
    );
    expect(html).toContain('role="status">Reading the goals… <span aria-hidden="true">0 %');
    const end = playedEnd(outcome.trace);
    const progress: number[] = [];
    const sliced = await runSliced(goalSliced(outcome.trace, end, 3), {
      sliceMs: 0,
      onProgress: (p) => progress.push(p),
    });
    expect(sliced).toEqual(goalModel(outcome.trace, end, 3));
    expect(progress.length).toBeGreaterThanOrEqual(Math.floor(sliced.spawned.length / 4096));
    // A return_value that wakes a goal ends one of its suspensions on the receiving PE.
    const wakes = sliced.messages.filter((m) => m.wakes);
    expect(wakes.length).toBeGreaterThan(0);
    for (const m of wakes) {
      expect(
        sliced.suspensions.some((s) => s.goal === m.goal && s.pe === m.to && s.end === m.end),
      ).toBe(true);
    }
  });

  it('renders the PEs, the tree, the counts and a goal history, with no console errors', () => {
    const errors = vi.spyOn(console, 'error');
    const html = render(50, 1);
    expect(html.match(/class="goal-pe"/g)).toHaveLength(3);
    expect(html).toContain('class="goal-dot"');
    expect(html).toMatch(/<strong>So far<\/strong><\/li><li>\d+ reduced<\/li>/);
    expect(html).toContain('<strong>Goal 1</strong>');
    expect(errors.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
  });

  it('names the message kinds in the legend as the trace declares them, each in its colour', () => {
    const kinds = outcome.trace.kinds
      .find((k) => k.role === 'goal_message_sent')!
      .fields.find((f) => f.name === 'message')!.labels;
    const legend = /<ul class="trace-timeline-legend">(.*?)<\/ul>/.exec(render(50))![1]!;
    const named = [
      ...legend.matchAll(/border-color:([^"]+)" aria-hidden="true"><\/span>([^<]+)</g),
    ];
    expect(named.map((m) => m[2])).toEqual(kinds);
    expect(new Set(named.map((m) => m[1])).size).toBe(kinds.length);
  });

  it('makes the tree one tab stop, a group of goal buttons, not buttons inside an image', () => {
    const model = goalModel(outcome.trace, playedEnd(outcome.trace), 3);
    const time = model.spawned[200]!.time;
    const html = render(time);
    const tree = /<svg[^>]*aria-label="The goal tree[^"]*"[^>]*>/.exec(html)![0];
    expect(tree).toContain('role="group"');
    const dots = html.match(/<circle[^>]*class="goal-dot"[^>]*>/g)!;
    expect(dots.length).toBeGreaterThan(100);
    const stops = dots.filter((d) => d.includes('tabindex="0"'));
    expect(stops).toHaveLength(1);
    // Without a goal followed, the stop is the latest spawned by then (goals resumed by one read
    // share its time); with one, that one.
    const latest = model.spawned.filter((g) => g.time <= time).at(-1)!;
    expect(stops[0]).toContain(`data-goal="${latest.goal}"`);
    const followed = model.spawned[150]!.goal;
    const again = render(time, followed).match(/<circle[^>]*tabindex="0"[^>]*>/g)!;
    expect(again).toHaveLength(1);
    expect(again[0]).toContain(`data-goal="${followed}"`);
  });
});

describe('treeKeyTarget(shown, current, key)', () => {
  it('moves by spawn time, to the parent and the first child, and to the ends', () => {
    const model = goalModel(outcome.trace, playedEnd(outcome.trace), 3);
    const shown = model.spawned.slice(0, 60);
    const child = shown.find((g, i) => i > 0 && shown.some((p) => p.goal === g.parent))!;
    const parent = child.parent;
    const i = shown.indexOf(child);
    expect(treeKeyTarget(shown, child.goal, 'ArrowLeft')).toBe(shown[i - 1]!.goal);
    expect(treeKeyTarget(shown, child.goal, 'ArrowRight')).toBe(shown[i + 1]!.goal);
    expect(treeKeyTarget(shown, child.goal, 'ArrowUp')).toBe(parent);
    expect(shown.find((g) => g.goal === treeKeyTarget(shown, parent, 'ArrowDown'))?.parent).toBe(
      parent,
    );
    expect(treeKeyTarget(shown, child.goal, 'Home')).toBe(shown[0]!.goal);
    expect(treeKeyTarget(shown, child.goal, 'End')).toBe(shown.at(-1)!.goal);
    expect(treeKeyTarget(shown, shown[0]!.goal, 'ArrowLeft')).toBeUndefined();
    expect(treeKeyTarget(shown, child.goal, 'x')).toBeUndefined();
  });
});

describe('describeGoals(moment, time, unit, reductionMs)', () => {
  it('names the reducing PEs, each suspended goal with the PE it waits on, and what is on its way', () => {
    const model = goalModel(outcome.trace, playedEnd(outcome.trace), 3);
    const reductionMs = Number(outcome.params.reduction_ms);
    let suspensions = 0;
    for (let k = 1; k < 60; k++) {
      const time = model.from + ((model.end - model.from) * k) / 60;
      const moment = momentAt(model, time);
      const text = describeGoals(moment, time, 'ms', reductionMs);
      const reducing = moment.lastReduction.flatMap((t, pe) =>
        t > time - reductionMs ? [pe] : [],
      );
      expect(text).toContain(
        reducing.length === 0 ? 'no PE of 3 reducing' : `${reducing.join(', ')} of 3 reducing`,
      );
      expect(text).toContain(`ready goals per PE: ${moment.ready.join(', ')}.`);
      for (const s of moment.suspended.slice(0, 3)) {
        suspensions++;
        expect(text).toContain(
          `goal ${s.goal} on PE ${s.pe} waits for a value PE ${s.holder} holds`,
        );
      }
      expect(text.includes('on their way:')).toBe(moment.inFlight.length > 0);
    }
    expect(suspensions).toBeGreaterThan(0);
  });
});
