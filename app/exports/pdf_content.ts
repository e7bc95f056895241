// What a one-page PDF draws where, read from its content stream: test-only, so that a test can
// measure the drawn figure against its page without a rasterizer (CI has no pdftoppm, and pdf.js
// in Node stops its operator list at the first embedded font).
import { inflateSync } from 'node:zlib';

/** A box in the page's coordinates (points, y up, as the MediaBox). */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The page's MediaBox and its content stream, inflated. */
export function pdfPage(bytes: Uint8Array): { mediaBox: Box; content: string } {
  const raw = Buffer.from(bytes).toString('latin1');
  const media = /\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/.exec(raw);
  const ref = /\/Contents\s+(\d+)\s+0\s+R/.exec(raw);
  if (!media || !ref) throw new Error('no page with a MediaBox and one content stream');
  const head = new RegExp(`(?:^|\\s)${ref[1]} 0 obj\\s*<<([\\s\\S]*?)>>\\s*stream\\r?\\n`).exec(
    raw,
  );
  const length = Number(/\/Length\s+(\d+)/.exec(head?.[1] ?? '')?.[1]);
  if (!head || !(length >= 0)) throw new Error(`no content stream object ${ref[1]}`);
  const start = head.index + head[0].length;
  const data = Buffer.from(bytes.subarray(start, start + length));
  const content = /\/FlateDecode/.test(head[1]!) ? inflateSync(data) : data;
  const [x0, y0, x1, y1] = media.slice(1).map(Number) as [number, number, number, number];
  return { mediaBox: { x0, y0, x1, y1 }, content: content.toString('latin1') };
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

const apply = (m: Matrix, x: number, y: number): [number, number] => [
  m[0] * x + m[2] * y + m[4],
  m[1] * x + m[3] * y + m[5],
];

/** Every painted path's points and every text run's origin, in page coordinates. */
export interface Drawn {
  /** Each painted path: its paint operator and the box of its points. */
  paths: { op: string; box: Box }[];
  /** Where each text run starts. */
  text: [number, number][];
}

const PAINT = new Set(['f', 'F', 'f*', 'S', 's', 'B', 'B*', 'b', 'b*']);
// Strings (literal or hex), arrays' brackets, names, numbers and operators.
const TOKEN =
  /\((?:\\[\s\S]|[^\\)])*\)|<[0-9A-Fa-f\s]*>|\[|\]|\/[^\s/[\]()<>]+|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z'"*]+/g;

/**
 * Follows the graphics state (q, Q, cm) through the content stream and collects what is painted
 * (paths closed by a paint operator; a path ended by n only clips) and where text is set (Tm).
 */
export function drawnContent(content: string): Drawn {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let operands: number[] = [];
  let path: [number, number][] = [];
  const drawn: Drawn = { paths: [], text: [] };
  const point = (x: number, y: number) => path.push(apply(ctm, x, y));
  for (const [token] of content.matchAll(TOKEN)) {
    if (/^[-+.\d]/.test(token)) {
      operands.push(Number(token));
      continue;
    }
    if (!/^[A-Za-z'"]/.test(token)) continue;
    const o = operands;
    switch (token) {
      case 'q':
        stack.push(ctm);
        break;
      case 'Q':
        ctm = stack.pop() ?? ctm;
        break;
      case 'cm':
        ctm = multiply(o.slice(-6) as Matrix, ctm);
        break;
      case 'm':
      case 'l':
        point(o[0]!, o[1]!);
        break;
      case 'c':
        for (let i = 0; i < 6; i += 2) point(o[i]!, o[i + 1]!);
        break;
      case 'v':
      case 'y':
        for (let i = 0; i < 4; i += 2) point(o[i]!, o[i + 1]!);
        break;
      case 're': {
        const [x, y, w, h] = o as [number, number, number, number];
        for (const [px, py] of [
          [x, y],
          [x + w, y],
          [x, y + h],
          [x + w, y + h],
        ] as const)
          point(px, py);
        break;
      }
      case 'n':
        path = [];
        break;
      case 'Tm':
        drawn.text.push(apply(multiply(o.slice(-6) as Matrix, ctm), 0, 0));
        break;
      default:
        if (PAINT.has(token) && path.length > 0) {
          const xs = path.map((p) => p[0]);
          const ys = path.map((p) => p[1]);
          drawn.paths.push({
            op: token,
            box: {
              x0: Math.min(...xs),
              y0: Math.min(...ys),
              x1: Math.max(...xs),
              y1: Math.max(...ys),
            },
          });
          path = [];
        }
    }
    operands = [];
  }
  return drawn;
}

/** The smallest box holding all `boxes`. */
export function union(boxes: Box[]): Box {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}
