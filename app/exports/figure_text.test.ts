// Every chart of every preset drawn for paper at one column (3.5 in) and two (7 in), 8 pt text,
// its words measured with the embedded font's advance widths (Arimo, Liberation Sans's metrics)
// and placed through the SVG's transforms: none cut with an ellipsis, every one inside the figure,
// none over another.
import { XMLParser } from 'fast-xml-parser';
import PDFKit from 'pdfkit';
import { describe, expect, it } from 'vitest';

import { presetFigures, readPdfFonts } from '../cli/figure';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { sharingRuns } from '../presets/shared_runs';
import { PAPER_WIDTHS } from './figure_size';

type Matrix = [number, number, number, number, number, number];
type Node = Record<string, unknown> & { ':@'?: Record<string, string> };

type Point = [number, number];

/** A line of text's box in the figure's units: its corners (turned with it) and their bounds. */
interface TextBox {
  text: string;
  corners: Point[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const measure = new PDFKit({ autoFirstPage: false });
measure.registerFont('regular', readPdfFonts().regular as unknown as ArrayBuffer);
measure.font('regular');
const widthOf = (text: string, size: number) => measure.fontSize(size).widthOfString(text);

// Above and below a baseline, in ems: Arimo's capitals and digits, its descenders.
const ASCENT = 0.72;
const DESCENT = 0.21;

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

function transformOf(text: string | undefined): Matrix {
  let m: Matrix = [1, 0, 0, 1, 0, 0];
  for (const [, op, args] of (text ?? '').matchAll(/(translate|rotate|scale)\(([^)]*)\)/g)) {
    const [a = 0, b] = args!.split(/[\s,]+/).map(Number);
    if (op === 'translate') m = multiply(m, [1, 0, 0, 1, a, b ?? 0]);
    if (op === 'scale') m = multiply(m, [a, 0, 0, b ?? a, 0, 0]);
    if (op === 'rotate') {
      const r = (a * Math.PI) / 180;
      m = multiply(m, [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), 0, 0]);
    }
  }
  return m;
}

/** A length in the figure's units: a number, or ems of `fontSize`. */
const length = (text: string | undefined, fontSize: number) =>
  text === undefined ? 0 : text.endsWith('em') ? parseFloat(text) * fontSize : Number(text);

const tag = (node: Node) => Object.keys(node).find((k) => k !== ':@')!;
const children = (node: Node) => (node[tag(node)] as Node[] | undefined) ?? [];
const content = (node: Node): string =>
  tag(node) === '#text'
    ? String(node['#text'])
    : tag(node) === 'title'
      ? ''
      : children(node).map(content).join('');

/** The boxes of a <text>'s lines: one, or one per <tspan> that starts a line (it sets x). */
function textLines(node: Node, m: Matrix, fontSize: number): TextBox[] {
  const a = node[':@'] ?? {};
  const anchor = { start: 0, middle: 0.5, end: 1 }[a['text-anchor'] ?? 'start'] ?? 0;
  const lines: { text: string; x: number; y: number; width: number }[] = [];
  let x = length(a.x, fontSize);
  let y = length(a.y, fontSize) + length(a.dy, fontSize);
  for (const part of children(node)) {
    const p = part[':@'] ?? {};
    const size =
      tag(part) === 'tspan' && p['font-size'] ? length(p['font-size'], fontSize) : fontSize;
    const text = content(part);
    if (tag(part) === 'tspan' && p.x !== undefined) {
      x = length(p.x, fontSize);
      y += length(p.dy, fontSize);
      lines.push({ text, x, y, width: widthOf(text, size) });
    } else if (lines.length > 0) {
      const last = lines.at(-1)!;
      last.text += text;
      last.width += widthOf(text, size);
    } else lines.push({ text, x, y, width: widthOf(text, size) });
  }
  return lines
    .filter((l) => l.text.trim() !== '')
    .map((l) => {
      const left = l.x - anchor * l.width;
      const corners = [
        [left, l.y - ASCENT * fontSize],
        [left + l.width, l.y - ASCENT * fontSize],
        [left + l.width, l.y + DESCENT * fontSize],
        [left, l.y + DESCENT * fontSize],
      ].map(([cx, cy]): Point => [m[0] * cx! + m[2] * cy! + m[4], m[1] * cx! + m[3] * cy! + m[5]]);
      const xs = corners.map((c) => c[0]!);
      const ys = corners.map((c) => c[1]!);
      const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
      return { text: l.text, corners, x0, y0, x1, y1 };
    });
}

/** Every line of text in an SVG, boxed where it is drawn. */
function textBoxes(svg: string): TextBox[] {
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
  });
  const boxes: TextBox[] = [];
  const walk = (node: Node, m: Matrix, fontSize: number) => {
    const name = tag(node);
    if (['style', 'title', 'defs', '#text'].includes(name)) return;
    const a = node[':@'] ?? {};
    const inner = multiply(m, transformOf(a.transform));
    const size = a['font-size'] ? length(a['font-size'], fontSize) : fontSize;
    if (name === 'text') boxes.push(...textLines(node, inner, size));
    else for (const child of children(node)) walk(child, inner, size);
  };
  for (const node of parser.parse(svg) as Node[]) walk(node, [1, 0, 0, 1, 0, 0], 16);
  return boxes;
}

/**
 * Whether two boxes, turned or not, share more than half a point: no edge's direction separates
 * them (the separating axis test), each overlapping the other that far along every one.
 */
function overlap(a: TextBox, b: TextBox): boolean {
  const axes = [a, b].flatMap((box) =>
    box.corners.slice(0, 2).map((c, i) => {
      const next = box.corners[i + 1]!;
      const [dx, dy] = [next[0] - c[0], next[1] - c[1]];
      const n = Math.hypot(dx, dy) || 1;
      return [dx / n, dy / n] as Point;
    }),
  );
  return axes.every(([ux, uy]) => {
    const project = (box: TextBox) => box.corners.map(([x, y]) => x * ux + y * uy);
    const [pa, pb] = [project(a), project(b)];
    return (
      Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb)) > 0.5
    );
  });
}

/** What is wrong with a figure's text: cut, outside the figure, or over other text. */
function textFaults(svg: string, width: number, height: number): string[] {
  const boxes = textBoxes(svg);
  const faults = boxes.filter((b) => b.text.includes('…')).map((b) => `cut: ${b.text}`);
  for (const b of boxes) {
    if (b.x0 < -0.5 || b.y0 < -0.5 || b.x1 > width + 0.5 || b.y1 > height + 0.5) {
      faults.push(`outside: ${b.text} [${b.x0.toFixed(1)}, ${b.x1.toFixed(1)}]`);
    }
  }
  boxes.forEach((a, i) => {
    for (const b of boxes.slice(i + 1))
      if (overlap(a, b)) faults.push(`over: ${a.text} / ${b.text}`);
  });
  return faults;
}

describe('textBoxes(svg)', () => {
  it('places a line of text through its groups, its anchor and a rotation', () => {
    const [box] = textBoxes(
      '<svg font-size="10"><g transform="translate(100,50)"><text x="5" text-anchor="end" transform="rotate(-90)">ab</text></g></svg>',
    );
    const w = widthOf('ab', 10);
    // Turned upright: its width runs up from y = 50 - 5 ... now along y, its height along x.
    expect(box!.x0).toBeCloseTo(100 - ASCENT * 10, 6);
    expect(box!.x1).toBeCloseTo(100 + DESCENT * 10, 6);
    expect(box!.y0).toBeCloseTo(50 - 5, 6);
    expect(box!.y1).toBeCloseTo(50 - 5 + w, 6);
  });

  it('finds a cut word, a word outside and two words over each other', () => {
    const svg =
      '<svg font-size="10"><text x="0" y="10">one…</text><text x="2" y="11">two</text><text x="95" y="10">three</text></svg>';
    expect(textFaults(svg, 100, 20)).toEqual([
      'cut: one…',
      expect.stringMatching(/^outside: three/),
      'over: one… / two',
    ]);
  });

  it('tells turned labels apart where only their bounds would meet', () => {
    const turned = (x: number, text: string) =>
      `<text transform="translate(${x},40) rotate(-45)" text-anchor="end">${text}</text>`;
    const svg = `<svg font-size="10">${turned(30, 'K = 1')}${turned(46, 'K = 2')}</svg>`;
    expect(textFaults(svg, 100, 80)).toEqual([]);
    const close = `<svg font-size="10">${turned(30, 'K = 1')}${turned(36, 'K = 2')}</svg>`;
    expect(textFaults(close, 100, 80)).toEqual(['over: K = 1 / K = 2']);
  });
});

describe('a paper figure of every chart of every preset', () => {
  // The path `cli figure` takes; each preset's run is the suite's shared one.
  const engine = sharingRuns(createInProcessEngine(loadNodeModule()));
  for (const [size, widthPt] of [
    ['one column', PAPER_WIDTHS['one column']],
    ['two columns', PAPER_WIDTHS['two columns']],
  ] as const) {
    it(
      `keeps its words whole, inside it and apart at ${size} and 8 pt`,
      { timeout: 1_200_000 },
      async () => {
        const models = await engine.listModels();
        const faults: string[] = [];
        for (const preset of loadPresetsFromDisk()) {
          const figures = await presetFigures(engine, models, preset, {
            charts: 'shown',
            settings: [],
            theme: 'print',
            paper: { widthPt, fontPt: 8 },
            parts: { title: false, caption: false },
            baseUrl: null,
          });
          for (const { spec, figure } of figures) {
            for (const f of textFaults(figure.text, figure.width, figure.height)) {
              faults.push(`${preset.id} ${spec.id} (${spec.kind}): ${f}`);
            }
          }
        }
        expect(faults).toEqual([]);
      },
    );
  }
});
