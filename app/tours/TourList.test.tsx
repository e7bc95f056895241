import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { presets } from '../presets/bundled';
import { Picker } from '../page/Picker';
import { tours } from './bundled';

describe('the landing page', () => {
  it('offers every tour beside the machines when it can open one', () => {
    const html = renderToStaticMarkup(
      <Picker presets={presets} networks={{}} onPick={() => {}} onTour={() => {}} />,
    );
    expect(html).toContain('follow a guided tour');
    expect(html).toContain('<h2 id="tours-title">Guided tours</h2>');
    for (const tour of tours) expect(html).toContain(`data-tour="${tour.id}"`);
    expect(html.indexOf('Guided tours')).toBeLessThan(html.indexOf('Pick a machine and an'));
  });

  it('offers none when it cannot', () => {
    const html = renderToStaticMarkup(<Picker presets={presets} networks={{}} onPick={() => {}} />);
    expect(html).not.toContain('Guided tours');
    expect(html).not.toContain('follow a guided tour');
  });
});
