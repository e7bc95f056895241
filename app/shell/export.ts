// Chart exports: a self-contained SVG (styles inlined, title and caption drawn in), a PNG at twice
// the size, the plotted data as CSV, and the run as JSON.

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Properties that decide how an SVG element looks; inlined so the file needs no stylesheet. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
] as const;

const TITLE_HEIGHT = 28;
const CAPTION_LINE = 16;

function inlineStyles(source: Element, target: Element): void {
  const computed = getComputedStyle(source);
  const style = STYLE_PROPERTIES.map((p) => `${p}:${computed.getPropertyValue(p)}`).join(';');
  target.setAttribute('style', style);
  target.removeAttribute('class');
  const from = Array.from(source.children);
  const to = Array.from(target.children);
  from.forEach((child, i) => {
    const copy = to[i];
    if (copy) inlineStyles(child, copy);
  });
}

function textElement(doc: Document, text: string, x: number, y: number, size: number) {
  const el = doc.createElementNS(SVG_NS, 'text');
  el.setAttribute('x', String(x));
  el.setAttribute('y', String(y));
  el.setAttribute('style', `font-family:sans-serif;font-size:${size}px;fill:currentColor`);
  el.textContent = text;
  return el;
}

/** Splits text into lines of at most `chars` characters, at spaces where it can. */
export function wrapText(text: string, chars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current !== '' && current.length + 1 + word.length > chars) {
      lines.push(current);
      current = word;
    } else {
      current = current === '' ? word : `${current} ${word}`;
    }
  }
  if (current !== '') lines.push(current);
  return lines;
}

export interface SvgExport {
  text: string;
  width: number;
  height: number;
}

/**
 * A standalone copy of a drawn chart: computed styles inlined, hover read-outs left out, the
 * chart's title above and `caption` lines (machine, parameters, citation) below.
 */
export function exportSvg(svg: SVGSVGElement, title: string, caption: string[]): SvgExport {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, copy);
  for (const el of Array.from(copy.querySelectorAll('[data-export="exclude"]'))) el.remove();

  const box = svg.viewBox.baseVal;
  const width = box.width || svg.clientWidth;
  const chartHeight = box.height || svg.clientHeight;
  // About 6 px per character of 11 px sans-serif.
  const lines = caption.flatMap((c) => wrapText(c, Math.max(30, Math.floor((width - 16) / 6))));
  const height = TITLE_HEIGHT + chartHeight + lines.length * CAPTION_LINE + 12;
  const colours = getComputedStyle(svg);

  const out = document.createElementNS(SVG_NS, 'svg');
  out.setAttribute('xmlns', SVG_NS);
  out.setAttribute('width', String(width));
  out.setAttribute('height', String(height));
  out.setAttribute('viewBox', `0 0 ${width} ${height}`);
  out.setAttribute('style', `color:${colours.color};background:${colours.backgroundColor}`);
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', getComputedStyle(document.body).backgroundColor);
  out.append(background);
  const titleEl = copy.querySelector('title');
  if (titleEl) out.append(titleEl.cloneNode(true));
  const descEl = copy.querySelector('desc');
  if (descEl) out.append(descEl.cloneNode(true));
  out.append(textElement(document, title, 8, 19, 14));

  const chart = document.createElementNS(SVG_NS, 'g');
  chart.setAttribute('transform', `translate(0,${TITLE_HEIGHT})`);
  for (const child of Array.from(copy.childNodes)) {
    if (child.nodeName !== 'title' && child.nodeName !== 'desc') chart.append(child);
  }
  out.append(chart);
  lines.forEach((line, i) => {
    const y = TITLE_HEIGHT + chartHeight + (i + 1) * CAPTION_LINE;
    out.append(textElement(document, line, 8, y, 11));
  });
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(out)}`;
  return { text, width, height };
}

/** Renders an exported SVG to a PNG `scale` times its size. */
export async function svgToPng(svg: SvgExport, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg.text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(svg.width * scale);
    canvas.height = Math.round(svg.height * scale);
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
