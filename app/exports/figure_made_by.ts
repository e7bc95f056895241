// What made a figure, in the file: the SVG's <metadata> (the record as JSON) and the PDF's
// information (its Creator the build in words, its Keywords the command), so a figure in a paper
// can be traced to the build and the command that drew it.
import type { MadeBy } from '../engine/engine_build';
import { buildText } from '../engine/engine_build';
import type { Figure } from './figure';
import type { PdfInfo } from './figure_pdf';

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The figure with `made` as the first child of its root: `<metadata id="archex-made-by">`. */
export function figureWithMadeBy(figure: Figure, made: MadeBy): Figure {
  const open = /<svg\b[^>]*>/.exec(figure.text);
  if (!open) throw new Error('the figure has no <svg> root');
  const at = open.index + open[0].length;
  const metadata = `<metadata id="archex-made-by">${escapeXml(JSON.stringify(made))}</metadata>`;
  return { ...figure, text: figure.text.slice(0, at) + metadata + figure.text.slice(at) };
}

/** The PDF information that says what made it. */
export function pdfMadeBy(made: MadeBy, command: string | undefined): Partial<PdfInfo> {
  return { creator: buildText(made), ...(command ? { keywords: command } : {}) };
}
