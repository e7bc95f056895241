// A figure as a vector PDF for LaTeX: the figure's SVG (what the SVG export writes) drawn by
// svg-to-pdfkit on one page its size in points, text kept as text in an embedded Liberation Sans.
// The SVG's style sheet is first written onto its elements (SVGO's inlineStyles): the converter
// reads an element's own attributes and style, not a sheet's selectors (without it the grid and
// axes lose their colours).
import PDFKit from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { optimize } from 'svgo';

import type { Figure } from './figure';

/** The faces the figure's text may take, as font files (TrueType). */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  italic: Uint8Array;
  boldItalic: Uint8Array;
}

/** The font the figures name first (figure.tsx): every face is drawn in it. */
export const PDF_FONT_FILES: Record<keyof PdfFonts, string> = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
  boldItalic: 'LiberationSans-BoldItalic.ttf',
};

export interface PdfInfo {
  title: string;
  /** Where the figure comes from (its caption's provenance). */
  subject?: string;
}

export function figurePdf(figure: Figure, fonts: PdfFonts, info: PdfInfo): Promise<Uint8Array> {
  const svg = optimize(figure.text, {
    plugins: [{ name: 'inlineStyles', params: { onlyMatchedOnce: false } }],
  }).data;
  const doc = new PDFKit({
    size: [figure.width, figure.height],
    margin: 0,
    info: {
      Title: info.title,
      Creator: 'archex',
      ...(info.subject ? { Subject: info.subject } : {}),
    },
  });
  for (const face of Object.keys(fonts) as (keyof PdfFonts)[]) {
    doc.registerFont(face, Buffer.from(fonts[face]));
  }
  const problems: string[] = [];
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      if (problems.length > 0) {
        reject(new Error(`the figure's SVG did not convert: ${problems.join('; ')}`));
        return;
      }
      resolve(Buffer.concat(chunks));
    });
    SVGtoPDF(doc, svg, 0, 0, {
      width: figure.width,
      height: figure.height,
      fontCallback: (_family, bold, italic) =>
        bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular',
      warningCallback: (warning) => problems.push(warning),
    });
    doc.end();
  });
}
