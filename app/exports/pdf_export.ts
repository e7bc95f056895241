// The PDF export in the page: the font files the app ships, fetched once when a PDF is first
// asked for (the Japanese ones only for a figure in Japanese), and the same renderer as `cli figure --pdf`, run in a worker of its own
// (pdf_worker.ts; PDFKit loads there, not with the page).
import boldItalicUrl from '@expo-google-fonts/arimo/700Bold_Italic/Arimo_700Bold_Italic.ttf?url';
import boldUrl from '@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf?url';
import italicUrl from '@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf?url';
import regularUrl from '@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf?url';
import jaBoldUrl from '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf?url';
import jaRegularUrl from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url';

import type { Figure } from './figure';
import type { PdfFonts, PdfInfo } from './figure_pdf';
import { pdfNeedsJapanese } from './figure_pdf';
import type { PdfRequest } from './pdf_worker';
import { callWorker } from './worker_call';

/** Each script's faces, fetched when a PDF first needs them (Japanese only for Japanese text). */
const fonts = new Map<'latin' | 'ja', Promise<PdfFonts>>();
const URLS = {
  latin: [regularUrl, boldUrl, italicUrl, boldItalicUrl],
  ja: [jaRegularUrl, jaBoldUrl, jaRegularUrl, jaBoldUrl],
};

async function fetchFont(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the PDF's font did not load (${response.status} ${url})`);
  return new Uint8Array(await response.arrayBuffer());
}

function loadFonts(script: 'latin' | 'ja'): Promise<PdfFonts> {
  let loading = fonts.get(script);
  if (!loading) {
    loading = Promise.all(URLS[script].map(fetchFont)).then(
      ([regular, bold, italic, boldItalic]) => ({
        regular: regular!,
        bold: bold!,
        italic: italic!,
        boldItalic: boldItalic!,
      }),
    );
    // A failed load is tried again next time rather than kept.
    loading.catch(() => fonts.delete(script));
    fonts.set(script, loading);
  }
  return loading;
}

export async function figurePdfBlob(figure: Figure, info: PdfInfo): Promise<Blob> {
  const fontsFor = await loadFonts(pdfNeedsJapanese(figure) ? 'ja' : 'latin');
  const request: PdfRequest = { figure, fonts: fontsFor, info };
  const bytes = await callWorker<Uint8Array>(
    () => new Worker(new URL('./pdf_worker.ts', import.meta.url), { type: 'module' }),
    request,
  );
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}
