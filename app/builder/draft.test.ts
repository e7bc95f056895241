import { describe, expect, it } from 'vitest';

import { emptyState } from '../link/url_state';
import type { UrlState } from '../link/url_state';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { draftTour, lessonId, moveStep, removeStep, stepFromState } from './draft';

const presets = loadPresetsFromDisk();
const network = presets.find((p) => p.id === 'custom-network')!;

describe('stepFromState()', () => {
  const state: UrlState = {
    ...emptyState('custom-network'),
    params: { vcs: 2 },
    seed: 7,
    charts: { 'latency-load': { xLog: true } },
    theme: 'dark',
    pins: [{ presetId: 'custom-network', params: { vcs: 4 } }],
  };

  it('takes the first pane as it is, and nothing of the page (theme, pins)', () => {
    const step = stepFromState(state, network);
    expect(step).toEqual({
      title: network.title,
      presetId: 'custom-network',
      params: { vcs: 2 },
      // Only the field it changed shown: a phone's reader keeps the step and its chart together.
      show: ['vcs'],
      seed: 7,
      charts: { 'latency-load': { xLog: true } },
      look: { chart: network.charts[0]!.id },
      text: '',
    });
  });

  it('takes the layout around it: the right pane side by side, where it differs', () => {
    const side: UrlState = {
      ...state,
      layout: {
        kind: 'side',
        right: { presetId: 'custom-network', params: { vcs: 8 }, charts: {}, pins: [] },
      },
    };
    expect(stepFromState(side, network).layout).toEqual({
      kind: 'side',
      right: { params: { vcs: 8 } },
    });
  });

  it('taken again over a step, keeps its words and question and takes the new state', () => {
    const old = {
      ...stepFromState(state, network),
      title: 'Two VCs',
      text: 'Look *here*.',
      look: { param: 'vcs' },
      question: {
        kind: 'number' as const,
        prompt: 'How long?',
        answer: { scalar: 'latency_mean_cycles' },
      },
    };
    const again = stepFromState({ ...state, params: { vcs: 3 } }, network, old);
    expect(again).toMatchObject({
      title: 'Two VCs',
      text: 'Look *here*.',
      look: { param: 'vcs' },
      params: { vcs: 3 },
      question: old.question,
    });
  });
});

describe('a draft', () => {
  const step = (title: string) => ({
    ...stepFromState(emptyState('custom-network'), network),
    title,
  });
  const draft = {
    title: 'Wormhole, by hand!',
    audience: 'a',
    summary: 's',
    steps: [step('A'), step('B'), step('C')],
  };

  it('is a tour whose id is made of its title', () => {
    expect(draftTour(draft).id).toBe('wormhole-by-hand');
    expect(lessonId('  ')).toBe('lesson');
    expect(lessonId('<script>alert(1)</script>')).toBe('script-alert-1-script');
  });

  it('moves and removes steps', () => {
    const titles = (d: typeof draft) => d.steps.map((s) => s.title);
    expect(titles(moveStep(draft, 0, 2))).toEqual(['B', 'C', 'A']);
    expect(titles(moveStep(draft, 2, 3))).toEqual(['A', 'B', 'C']);
    expect(titles(removeStep(draft, 1))).toEqual(['A', 'C']);
  });
});
