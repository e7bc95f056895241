// A figure as a vector PDF for LaTeX: the figure's SVG (what the SVG export writes) drawn by
// svg-to-pdfkit on one page its size in points (a screen figure's px at 0.75 pt, as CSS has it
// and as svg-to-pdfkit draws them; a paper figure's points as they are), text kept as text in an embedded Arimo (the
// metrics of the Liberation Sans and Arial the figures name; its files ship with the app under
// the SIL Open Font License). The SVG's style sheet is first written onto its elements (SVGO's
// inlineStyles): the converter reads an element's own attributes and style, not a sheet's
// selectors (without it the grid and axes lose their colours). The same code runs in Node (the
// CLI) and in the page; only how the font files are read differs.
import PDFKit from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { optimize } from 'svgo/browser';

import type { Figure } from './figure';
import { figurePoints } from './figure_size';

/** The faces the figure's text may take, as TrueType files. */
export interface PdfFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  italic: Uint8Array;
  boldItalic: Uint8Array;
}

/** Each face's file in the font package. */
export const PDF_FONT_FILES: Record<keyof PdfFonts, string> = {
  regular: '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf',
  bold: '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf',
  italic: '@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf',
  boldItalic: '@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf',
};

/**
 * The faces of a figure whose text is Japanese: Noto Sans JP, whose Latin letters serve the rest of
 * its words (Arimo has no kana or kanji); it has no italic, so its upright faces stand in.
 */
export const PDF_FONT_FILES_JA: Record<keyof PdfFonts, string> = {
  regular: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  italic: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  boldItalic: '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
};

/** Whether a figure's text needs the Japanese faces: kana or kanji in it. */
export function pdfNeedsJapanese(figure: Figure): boolean {
  return /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(figure.text);
}

export interface PdfInfo {
  title: string;
  /** Where the figure comes from (its caption's provenance). */
  subject?: string;
  /** What made it: archex's version and engine build (default: archex). */
  creator?: string;
  /** The command that drew it. */
  keywords?: string;
}

export function figurePdf(figure: Figure, fonts: PdfFonts, info: PdfInfo): Promise<Uint8Array> {
  const svg = optimize(figure.text, {
    plugins: [{ name: 'inlineStyles', params: { onlyMatchedOnce: false } }],
  }).data;
  const page = figurePoints(figure);
  const doc = new PDFKit({
    size: [page.width, page.height],
    margin: 0,
    // The regular face from the start: PDFKit would otherwise open with Helvetica, which its
    // browser build does not carry.
    font: fonts.regular as unknown as string,
    info: {
      Title: info.title,
      Creator: info.creator ?? 'archex',
      ...(info.subject ? { Subject: info.subject } : {}),
      ...(info.keywords ? { Keywords: info.keywords } : {}),
    },
  });
  for (const face of Object.keys(fonts) as (keyof PdfFonts)[]) {
    doc.registerFont(face, fonts[face] as unknown as ArrayBuffer);
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
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      resolve(bytes);
    });
    SVGtoPDF(doc, svg, 0, 0, {
      width: page.width,
      height: page.height,
      fontCallback: (_family, bold, italic) =>
        bold ? (italic ? 'boldItalic' : 'bold') : italic ? 'italic' : 'regular',
      warningCallback: (warning) => problems.push(warning),
    });
    doc.end();
  });
}
