import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { presets } from '../presets/bundled';
import { Picker } from '../page/Picker';
import { tours } from './bundled';
import { TourList } from './TourList';

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

  it("names each tour's button by its title and marks the papers' words in its summary", () => {
    const html = renderToStaticMarkup(<TourList onTour={() => {}} />);
    for (const tour of tours) {
      const button = new RegExp(
        `<button type="button" class="card-link" data-tour="${tour.id}" aria-labelledby="([^"]+)"></button>`,
      ).exec(html);
      expect(button, tour.id).not.toBeNull();
      expect(html).toContain(`<span class="card-title" id="${button![1]}">`);
    }
    const pie64 = html.slice(
      html.indexOf('data-tour="pie64"'),
      html.indexOf('</li>', html.indexOf('data-tour="pie64"')),
    );
    expect(pie64).toMatch(
      /class="term-word" aria-describedby="[^"]+" data-term="MP-Write">MP-Write</,
    );
  });

  it('offers none when it cannot', () => {
    const html = renderToStaticMarkup(<Picker presets={presets} networks={{}} onPick={() => {}} />);
    expect(html).not.toContain('Guided tours');
    expect(html).not.toContain('follow a guided tour');
  });
});
