// Draws a figure's PDF off the page's thread: styling, converting and embedding the font's
// subsets hold a thread for several hundred milliseconds a chart.
import type { Figure } from './figure';
import type { PdfFonts, PdfInfo } from './figure_pdf';
import { figurePdf } from './figure_pdf';
import { answerRequests } from './worker_call';

/** One PDF asked of the worker. */
export interface PdfRequest {
  figure: Figure;
  fonts: PdfFonts;
  info: PdfInfo;
}

answerRequests(
  ({ figure, fonts, info }: PdfRequest) => figurePdf(figure, fonts, info),
  (bytes) => [bytes.buffer],
);
