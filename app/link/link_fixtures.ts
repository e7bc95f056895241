// The presets, parameter specs and a full state the link tests read and write.
import type { ParamSpec } from '../engine/types';
import type { UrlContext, UrlState } from './link_types';

export const spec = (over: Partial<ParamSpec>): ParamSpec => ({
  name: '',
  label: '',
  unit: '',
  default: 0,
  min: 0,
  max: 1,
  step: 0.01,
  integer: false,
  ratio: 0,
  description: '',
  maxItems: 0,
  defaultList: [],
  choices: [],
  unitFrom: '',
  choiceNames: [],
  when: [],
  ...over,
});
export const specs: ParamSpec[] = [
  spec({ name: 'pes', unit: 'PEs', default: 6, min: 1, max: 64, step: 1, integer: true }),
  spec({ name: 'comm_rate', default: 0.05, max: 2, step: 0.001 }),
  spec({ name: 'depths', min: 1, max: 5, step: 1, integer: true, maxItems: 5, defaultList: [1] }),
];
export const ctx: UrlContext = {
  presetIds: ['multipsi-v1-comm', 'multipsi-v2-estimate'],
  specsFor: () => specs,
  tours: { 'multipsi-tour': 5 },
};

export const full: UrlState = {
  presetId: 'multipsi-v2-estimate',
  params: { pes: 8, depths: [1, 3, 5] },
  seed: 9,
  theme: 'dark',
  charts: { 'perf-overhead': { overlay: false, yLog: true }, accepted: { models: false } },
  pins: [{ presetId: 'multipsi-v1-comm', params: { comm_rate: 0.1 } }],
  view: {
    kind: 'packets',
    chart: 'perf-overhead',
    point: 2,
    from: 1000,
    length: 500,
    time: 1042,
    selected: 17,
    window: [1000, 1100],
  },
};
