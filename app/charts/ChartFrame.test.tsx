// The SVG shell's text alternative: named by its title alone, described by its desc.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { ChartFrame } from './ChartFrame';

describe('<ChartFrame>', () => {
  it('is named by its <title> and described by its <desc>, each once', () => {
    const html = renderToStaticMarkup(
      <ChartFrame
        name="c"
        size={{ width: 100, height: 50 }}
        margin={{ top: 0, left: 0 }}
        title="Latency against load"
        description="One curve, 5 points."
      >
        <rect />
      </ChartFrame>,
    );
    const attr = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
    const titleId = /<title id="([^"]+)">Latency against load<\/title>/.exec(html)?.[1];
    const descId = /<desc id="([^"]+)">One curve, 5 points.<\/desc>/.exec(html)?.[1];
    expect(titleId).toBeDefined();
    expect(descId).toBeDefined();
    expect(attr('aria-labelledby')).toBe(titleId);
    expect(attr('aria-describedby')).toBe(descId);
  });
});
