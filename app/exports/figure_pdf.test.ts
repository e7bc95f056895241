import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { paragonG } from '../charts/fixtures/line_chart';
import { renderFigure } from './figure';
import { PDF_FONT_FILES_JA, figurePdf, pdfNeedsJapanese } from './figure_pdf';
import { PAPER_WIDTHS, figurePoints } from './figure_size';
import { drawnContent, pdfPage, union } from './pdf_content';
import { readPdfFonts } from '../cli/figure';

const figure = renderFigure({
  name: 'g',
  title: 'BSP g against processors',
  chart: { kind: 'line', data: paragonG },
  caption: ['Paragon (Intel, 1998).', 'Made with archex: http://127.0.0.1:5173/?s=jx'],
  theme: 'print',
});

describe('figurePdf()', () => {
  it('embeds a subset of Noto Sans JP for a figure in Japanese, its words as text', async () => {
    const ja = renderFigure({
      name: 'g',
      title: 'プロセッサ数に対する BSP の g',
      chart: { kind: 'line', data: paragonG },
      caption: ['Paragon（Intel、1998 年）。'],
      theme: 'print',
    });
    expect(pdfNeedsJapanese(ja)).toBe(true);
    expect(pdfNeedsJapanese(figure)).toBe(false);
    const bytes = await figurePdf(ja, readPdfFonts(PDF_FONT_FILES_JA), { title: 'g' });
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Bold\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular\b/);
    // A subset: the glyphs used, not the 5 MB faces.
    expect(bytes.length).toBeLessThan(200_000);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    });
    expect(text.replace(/\s+/g, '')).toContain('プロセッサ数に対するBSPのg');
  });

  it('draws the figure on one page its size, its words as text in the embedded faces', async () => {
    const bytes = await figurePdf(figure, readPdfFonts(), { title: 'BSP g', subject: 'Paragon' });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(1);
    const [x0, y0, x1, y1] = (await pdf.getPage(1)).view;
    // An 800 px figure is 600 pt: CSS's 0.75 pt a px, as the converter draws it.
    expect([x1! - x0!, y1! - y0!]).toEqual([figure.width * 0.75, figure.height * 0.75]);
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

  // The figure fills its page: what is painted (its background, the axes and grid, the caption)
  // measured from the page's content stream against its MediaBox. A figure drawn at 0.75 of its
  // page (800 px drawn as 600 pt on an 800 pt page) leaves the right and bottom quarters blank.
  const sizes = [
    { name: 'the 800 px screen figure', paper: undefined },
    { name: 'one column, 8 pt', paper: { widthPt: PAPER_WIDTHS['one column'], fontPt: 8 } },
    { name: 'two columns, 9 pt', paper: { widthPt: PAPER_WIDTHS['two columns'], fontPt: 9 } },
  ];
  for (const { name, paper } of sizes) {
    it(`draws ${name} over its whole page`, async () => {
      const drawnFigure = renderFigure({
        name: 'g',
        title: 'BSP g against processors',
        chart: { kind: 'line', data: paragonG },
        caption: ['Paragon (Intel, 1998).', 'Made with archex: http://127.0.0.1:5173/?s=jx'],
        theme: 'print',
        paper,
      });
      const bytes = await figurePdf(drawnFigure, readPdfFonts(), { title: 'g' });
      const { mediaBox, content } = pdfPage(bytes);
      const drawn = drawnContent(content);
      const all = union(drawn.paths.map((p) => p.box));
      for (const side of ['x0', 'y0', 'x1', 'y1'] as const) {
        expect(all[side], side).toBeCloseTo(mediaBox[side], 1);
      }
      const page = figurePoints(drawnFigure);
      expect([mediaBox.x1 - mediaBox.x0, mediaBox.y1 - mediaBox.y0]).toEqual([
        page.width,
        page.height,
      ]);
      expect(page.width).toBe(paper?.widthPt ?? 600);
      // Not only the background: the plot's lines reach across, and the caption's last line is
      // set near the page's foot (y up), its first words near the left.
      const [background, ...marks] = drawn.paths;
      expect(background?.op).toBe('f');
      const lines = union(marks.map((p) => p.box));
      expect(lines.x1 / page.width).toBeGreaterThan(0.9);
      expect(lines.x0 / page.width).toBeLessThan(0.15);
      const lowest = Math.min(...drawn.text.map(([, y]) => y));
      expect(lowest / page.height).toBeLessThan(0.08);
    });
  }

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
