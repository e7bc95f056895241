// Saving exports in the browser: a figure (figure.tsx) as a PNG, and any file as a download.
import type { Figure } from './figure';
import { PAPER_DPI, pngPixels } from './figure_size';

/**
 * Draws a figure's SVG on a canvas and encodes it as a PNG: a screen figure twice its size, a
 * paper figure at 300 pixels an inch of its width.
 */
export async function svgToPng(svg: Figure): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    const pixels = pngPixels(svg, { scale: 2, dpi: PAPER_DPI });
    canvas.width = pixels.width;
    canvas.height = pixels.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2-D canvas to draw the PNG on');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Saves a file through the browser's download. */
export function download(data: Blob | string, filename: string, type: string): void {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
