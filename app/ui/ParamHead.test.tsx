import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import type { ParamSpec } from '../engine/types';
import { ParamHead, paramInfo } from './ParamHead';
import { ParamPanel, completeGroups } from './ParamPanel';

const spec: ParamSpec = {
  name: 'vcs',
  label: 'Virtual channels',
  unit: 'per channel',
  default: 1,
  min: 1,
  max: 4,
  step: 1,
  integer: true,
  ratio: 0,
  description: 'Virtual channels per physical channel.',
  maxItems: 0,
  defaultList: [],
  choices: [],
  unitFrom: '',
  choiceNames: [],
  when: [],
};

const head = (props: Partial<Parameters<typeof ParamHead>[0]>) =>
  renderToStaticMarkup(
    <ParamHead
      spec={spec}
      inputId="field"
      paperText="1"
      source="sec. 2: one channel per priority"
      baseline="paper value"
      changed={false}
      onReset={() => {}}
      {...props}
    />,
  );

describe('<ParamHead>', () => {
  it('gives the description and source to a "?" button, not to a title attribute', () => {
    const html = head({});
    expect(html).not.toContain('title="Virtual');
    expect(html).toMatch(
      /<button type="button" class="info" aria-label="About Virtual channels" aria-expanded="false" aria-controls="([^"]+)"[^>]*>\?<\/button>/,
    );
    const controls = /aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(
      `<div id="${controls}" class="param-tip" role="note" hidden=""><p>Virtual channels per physical channel.</p><p>Paper value 1: sec. 2: one channel per priority</p></div>`,
    );
  });

  it('names defaults, not paper values, where there is no paper', () => {
    expect(paramInfo(spec, '8, 8', 'a common starting point', 'default')).toEqual([
      'Virtual channels per physical channel.',
      'Default 8, 8: a common starting point',
    ]);
    expect(head({ baseline: 'default' })).toContain(
      'aria-label="Reset Virtual channels to the default 1"',
    );
  });
});

describe('<ParamPanel>', () => {
  const panel = (baseline: 'paper value' | 'default') =>
    renderToStaticMarkup(
      <ParamPanel
        specs={[spec]}
        groups={[]}
        values={{ vcs: 1 }}
        drafts={{}}
        errors={{}}
        paperValues={{ vcs: 1 }}
        sources={{}}
        baseline={baseline}
        onValue={() => {}}
        onDraft={() => {}}
        onReset={() => {}}
        onResetAll={() => {}}
      />,
    );
  it('resets all to paper values, or to defaults where there is no paper', () => {
    expect(panel('paper value')).toContain('Reset all to paper values');
    expect(panel('default')).toContain('Reset all to defaults');
    expect(panel('default')).not.toMatch(/paper value/i);
    expect(panel('default')).toContain('title="Default: 1"');
  });
});

describe('completeGroups()', () => {
  const specs = ['a', 'b', 'c', 'd'].map((name) => ({ ...spec, name }));
  it('leaves out hidden parameters, a group they empty, and does not list them under Other', () => {
    const groups = [
      { title: 'G', names: ['a', 'b'] },
      { title: 'H', names: ['c'] },
    ];
    expect(completeGroups(specs, groups, new Set(['b', 'c', 'd']))).toEqual([
      { title: 'G', names: ['a'] },
    ]);
    expect(completeGroups(specs, groups)).toEqual([...groups, { title: 'Other', names: ['d'] }]);
  });

  it("places a parameter read under another's choice after it, in declared order", () => {
    const shapes = [
      { ...spec, name: 'shape' },
      { ...spec, name: 'ring_nodes', when: [{ param: 'shape', is: ['ring'] }] },
      { ...spec, name: 'routing' },
      { ...spec, name: 'ring_width', when: [{ param: 'shape', is: ['ring'] }] },
      { ...spec, name: 'lonely', when: [{ param: 'elsewhere', is: ['x'] }] },
    ];
    expect(completeGroups(shapes, [{ title: 'Shape', names: ['shape', 'routing'] }])).toEqual([
      { title: 'Shape', names: ['shape', 'ring_nodes', 'ring_width', 'routing'] },
      { title: 'Other', names: ['lonely'] },
    ]);
  });
});
