import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { loadPresetsFromDisk } from '../presets/from_disk';
import { presetBaseline } from '../presets/schema';
import { Picker, groupByMachine } from './Picker';

const presets = loadPresetsFromDisk();
const custom = presets.find((p) => p.id === 'custom-network')!;

describe('<Picker>', () => {
  it('gives the custom network no year, and papers their year', () => {
    const html = renderToStaticMarkup(<Picker presets={presets} models={[]} onPick={() => {}} />);
    expect(custom.year).toBeUndefined();
    expect(html).toContain('<span class="card-meta">Custom network · 64 nodes</span>');
    expect(html).toContain('<span class="card-meta">MIT J-Machine, 1993 · ');
    expect(html).not.toMatch(/20[0-9]{2} · /);
  });

  it('lists machines by year, the one without a paper last', () => {
    expect(groupByMachine(presets).at(-1)?.machine).toBe('Custom network');
  });

  it("presetBaseline() calls the custom network's values defaults", () => {
    expect(presetBaseline(custom)).toBe('default');
    expect(presetBaseline(presets.find((p) => p.id === 'jmachine-latency-load')!)).toBe(
      'paper value',
    );
  });
});
