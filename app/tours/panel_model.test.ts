import { describe, expect, it } from 'vitest';

import type { ParamSpec, RunResult } from '../engine/types';
import { presets } from '../presets/bundled';
import { tours } from './bundled';
import { hiddenParams, reveal, targetLabel, targetSelector } from './panel_model';
import type { ChoiceQuestionSpec, NumberQuestionSpec } from './schema';

const preset = presets.find((p) => p.id === 'custom-network')!;
const result: RunResult = {
  scalars: [
    { name: 'latency_mean_cycles', value: 45.25, unit: 'cycles', description: '' },
    {
      name: 'accepted_flits_per_node_cycle',
      value: 0.2,
      unit: 'flits/node/cycle',
      description: '',
    },
  ],
  series: [],
  networks: [],
  timelines: [],
};
const run = { result, params: { injection_rate: 0.2 } };

describe('what a step points at', () => {
  it('is found by the data attributes the explorer puts on fields, charts and readouts', () => {
    expect(targetSelector({ param: 'vcs' }, preset)).toBe('[data-param-number="vcs"]');
    expect(targetSelector({ chart: 'accepted' }, preset)).toBe('[data-chart-card="accepted"]');
    expect(targetSelector({ readout: 0 }, preset)).toBe('[data-readout="latency_mean_cycles"]');
    expect(targetSelector({ view: true }, preset)).toBe('.trace-view');
    expect(targetSelector({ machines: 'chart' }, preset)).toBe('.machines-chart');
    expect(targetSelector({ machines: 'table' }, preset)).toBe('table.machines-table');
  });

  it('is named in words', () => {
    expect(targetLabel({ chart: 'accepted' }, preset, null)).toMatch(/^the chart “.+”$/);
    expect(targetLabel({ readout: 0 }, preset, run)).toBe(
      `the readout “${preset.readouts[0]!.label}”`,
    );
    expect(targetLabel({ param: 'vcs' }, preset, null)).toBe('the field “vcs”');
    const vcs = { name: 'vcs', label: 'Virtual channels' } as ParamSpec;
    expect(targetLabel({ param: 'vcs' }, preset, null, [vcs])).toBe('the field “Virtual channels”');
  });
});

describe('hiddenParams()', () => {
  const specs = ['vcs', 'dims', 'pattern'].map((name) => ({ name }) as ParamSpec);

  it('hides what a step does not show, and nothing when it shows all', () => {
    const step = tours.find((t) => t.id === 'networks')!.steps[0]!;
    expect(hiddenParams({ ...step, show: ['vcs'] }, specs)).toEqual(new Set(['dims', 'pattern']));
    const { show: _, ...all } = step;
    expect(hiddenParams(all, specs)).toEqual(new Set());
  });
});

describe('reveal() of an answer printed as a percentage', () => {
  const share: RunResult = {
    ...result,
    scalars: [{ name: 'acceptance', value: 0.098, unit: 'fraction', description: '' }],
  };
  const question: NumberQuestionSpec = {
    kind: 'number',
    prompt: 'p',
    answer: { scalar: 'acceptance' },
  };

  it('takes the prediction as a percentage, as the page prints the answer', () => {
    const shown = (value: number) =>
      reveal(question, { kind: 'number', value }, { preset, run: { ...run, result: share } });
    expect(shown(10).verdict).toBe('close');
    expect(shown(10).sentence).toMatch(/The run gives 9\.8\s*%\. Your prediction, 10 %, is close/);
    expect(shown(1).verdict).toBe('low');
  });
});

describe('reveal()', () => {
  const number: NumberQuestionSpec = {
    kind: 'number',
    prompt: 'p',
    answer: { readout: 0 },
  };

  it("gives the run's number with its unit and how the prediction compares", () => {
    expect(reveal(number, { kind: 'number', value: 40 }, { preset, run })).toEqual({
      answer: '45.25 cycles',
      verdict: 'close',
      sentence: 'The run gives 45.25 cycles. Your prediction, 40, is close: within 20 %.',
    });
    expect(reveal(number, { kind: 'number', value: 90 }, { preset, run }).verdict).toBe('high');
    expect(reveal(number, { kind: 'number', value: 9 }, { preset, run }).sentence).toMatch(
      /too low/,
    );
  });

  it('gives the choice the run singles out, with the values compared', () => {
    const choice: ChoiceQuestionSpec = {
      kind: 'choice',
      prompt: 'p',
      choices: [
        {
          label: 'Fast',
          when: { value: { readout: 0 }, below: 40 },
          feedback: 'The queues add to the wire.',
        },
        { label: 'Slow', when: { value: { readout: 0 }, atLeast: 40 }, feedback: 'Never shown.' },
      ],
      expect: 1,
    };
    expect(reveal(choice, { kind: 'choice', index: 1 }, { preset, run })).toEqual({
      answer: 'Slow',
      verdict: 'right',
      sentence:
        'The run says: Slow (45.25 cycles against 40\u00a0cycles). Your choice, Slow, is right.',
    });
    // A wrong choice is told why not; a right one never is.
    expect(reveal(choice, { kind: 'choice', index: 0 }, { preset, run })).toMatchObject({
      verdict: 'wrong',
      feedback: 'The queues add to the wire.',
    });
  });
});
