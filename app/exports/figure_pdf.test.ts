import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { paragonG } from '../charts/fixtures/line_chart';
import { renderFigure } from './figure';
import { figurePdf } from './figure_pdf';
import { readPdfFonts } from '../cli/figure';

const figure = renderFigure({
  name: 'g',
  title: 'BSP g against processors',
  chart: { kind: 'line', data: paragonG },
  caption: ['Paragon (Intel, 1998).', 'Made with archex: http://127.0.0.1:5173/?s=jx'],
  theme: 'print',
});

describe('figurePdf()', () => {
  it('draws the figure on one page its size, its words as text in the embedded faces', async () => {
    const bytes = await figurePdf(figure, readPdfFonts(), { title: 'BSP g', subject: 'Paragon' });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    const [x0, y0, x1, y1] = (await pdf.getPage(1)).view;
    expect([x1! - x0!, y1! - y0!]).toEqual([figure.width, figure.height]);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const words of ['BSP g against processors', 'Paragon (Intel, 1998).', paragonG.x.label]) {
      expect(text.replace(/\s+/g, ' ')).toContain(words);
    }
    // The title is bold (font-weight 600), the rest regular: both faces embedded as subsets.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Arimo-Bold\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Arimo-Regular\b/);
    expect(raw).toContain('/FontFile2');
    const { info } = (await pdf.getMetadata()) as unknown as { info: Record<string, string> };
    expect(info).toMatchObject({ Title: 'BSP g', Subject: 'Paragon', Creator: 'archex' });
  });

  it('stops with what the converter could not draw rather than leave it out', async () => {
    const broken = {
      ...figure,
      text: figure.text.replace('</svg>', '<path d="M 0 0 L x"/></svg>'),
    };
    await expect(figurePdf(broken, readPdfFonts(), { title: 'x' })).rejects.toThrow(
      /^the figure's SVG did not convert: SvgPath: /,
    );
  });
});
