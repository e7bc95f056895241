import { describe, expect, it } from 'vitest';

import { tourFromFile } from './bundled';
import { tours as bundledTours } from './bundled';
import type { Tour } from './schema';
import { parseTour, stepState } from './schema';

const networks = bundledTours.find((t) => t.id === 'networks')!;
const copy = (): Tour => structuredClone(networks);

describe('parseTour()', () => {
  it('takes every tour file and a lesson of 1 to 20 steps, and refuses none or more', () => {
    expect(
      parseTour({ ...copy(), steps: copy().steps.slice(0, 1) }, 'one.json').steps,
    ).toHaveLength(1);
    const none = { ...copy(), steps: [] };
    expect(() => parseTour(none, 'none.json')).toThrow(/invalid tour none.json: steps/);
    const steps = copy().steps;
    const long = { ...copy(), steps: [...steps, ...steps, ...steps].slice(0, 21) };
    expect(() => parseTour(long, 'long.json')).toThrow(/steps/);
  });

  it('refuses a text longer than its limit, naming the limit', () => {
    const tour = copy();
    tour.steps[0]!.text = 'x'.repeat(1_000_000);
    expect(() => parseTour(tour, 't.json')).toThrow(/steps.0.text: at most 4000 characters/);
  });

  it('refuses a check with two bounds or none, and a choice expected out of range', () => {
    const tour = copy() as unknown as { steps: Record<string, unknown>[] };
    tour.steps[0]!.question = {
      kind: 'number',
      prompt: 'p',
      answer: { scalar: 'x' },
      checks: [{ above: 1, below: 2 }],
    };
    expect(() => parseTour(tour, 't.json')).toThrow(/give one bound/);
    tour.steps[0]!.question = {
      kind: 'choice',
      prompt: 'p',
      choices: [
        { label: 'a', when: { value: { scalar: 'x' }, above: 1 } },
        { label: 'b', when: { value: { scalar: 'x' }, atMost: 1 } },
      ],
      expect: 2,
    };
    expect(() => parseTour(tour, 't.json')).toThrow(/expect must be the index of a choice/);
  });

  it('refuses a file whose name is not its id', () => {
    expect(() => tourFromFile('other.json', copy())).toThrow(/tour other.json: its id is/);
  });
});

describe('stepState()', () => {
  it("gives the link's fields a step sets", () => {
    const tour = copy();
    tour.steps[2]!.seed = 7;
    tour.steps[2]!.charts = { accepted: { yLog: true } };
    tour.steps[2]!.view = { kind: 'packets', chart: 'latency-load', from: 2000, length: 300 };
    expect(stepState(tour, 2)).toEqual({
      presetId: 'custom-network',
      params: { packet_flits: 32 },
      seed: 7,
      charts: { accepted: { yLog: true } },
      view: { kind: 'packets', chart: 'latency-load', from: 2000, length: 300 },
    });
    expect(stepState(tour, 0)).toEqual({
      presetId: 'custom-network',
      params: { sweep_rates: [0.05, 0.1, 0.2] },
      charts: { 'latency-load': { yLog: true } },
    });
    expect(() => stepState(tour, 99)).toThrow(/has no step 100/);
  });

  it('gives the layout a step opens: a right pane (its preset by default) or every machine', () => {
    const tour = copy();
    tour.steps[1]!.layout = { kind: 'side', right: { params: { vcs: 2 }, seed: 3 } };
    expect(stepState(tour, 1).layout).toEqual({
      kind: 'side',
      right: {
        presetId: 'custom-network',
        params: { vcs: 2 },
        seed: 3,
        charts: {},
        pins: [],
      },
    });
    tour.steps[1]!.layout = { kind: 'machines' };
    expect(stepState(tour, 1).layout).toEqual({ kind: 'machines', unit: 'us', params: {} });
  });
});
