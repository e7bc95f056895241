import { XMLValidator } from 'fast-xml-parser';
import { Resvg } from '@resvg/resvg-js';
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import type { LineChartData } from '../results/chart_data';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule, readEngineBuild } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { sharingRuns } from '../presets/shared_runs';
import { renderFigure } from '../exports/figure';
import { PT_PER_PX } from '../exports/figure_size';
import { UsageError } from '../headless/usage_error';
import { extractText, getDocumentProxy } from 'unpdf';

import { DEFAULT_BASE_URL, findChart, parsePaperSize, parseTheme } from '../headless/figure';
import {
  checkFonts,
  figurePdfFile,
  readPdfFonts,
  figurePng,
  parseDpi,
  parseScale,
  presetFigures,
  writeAtomic,
} from './figure';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'archex-figure-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs `npm run cli -- figure ...`, as a Makefile would. */
function figure(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'cli', '--', 'figure', ...args],
      { cwd: root, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function svgSize(text: string): { width: number; height: number } {
  expect(XMLValidator.validate(text)).toBe(true);
  const open = /<svg\b[^>]*>/.exec(text)?.[0] ?? '';
  return {
    width: Number(/ width="(\d+)"/.exec(open)?.[1]),
    height: Number(/ height="(\d+)"/.exec(open)?.[1]),
  };
}

/** A PDF read back: its pages, the first's size in points, its text, the fonts it embeds. */
async function pdfFacts(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const [x0, y0, x1, y1] = (await pdf.getPage(1)).view;
  const { text } = await extractText(pdf, { mergePages: true });
  // Font dictionaries are not compressed: an embedded TrueType names its file and its face.
  const raw = Buffer.from(bytes).toString('latin1');
  return {
    pages: pdf.numPages,
    size: { width: x1! - x0!, height: y1! - y0! },
    text: text.replace(/\s+/g, ' '),
    info: (await pdf.getMetadata()).info as Record<string, unknown>,
    embedded: raw.includes('/FontFile2') && /\/BaseFont \/[A-Z]{6}\+Arimo/.test(raw),
  };
}

describe('cli figure --all', () => {
  // Rows of data in each chart's CSV, counted from the run: 4 curves of 201 points; 2 bars;
  // 3 message kinds at 10 sizes.
  const presets = {
    'multipsi-v1-comm': { 'perf-overhead': ['curve', 804], 'cost-breakdown': ['', 2] },
    'jmachine-terminal-bandwidth': { 'terminal-bandwidth': ['curve', 30] },
  } as const;

  for (const [preset, charts] of Object.entries(presets)) {
    it(`writes SVG, PNG at 2x, PDF, CSV and a curve chart's .tex for every chart of ${preset}`, async () => {
      const out = join(scratch, preset);
      const run = await figure(preset, '--all', '--out', out);
      expect(run.stderr).not.toContain('Error');
      expect(run.code).toBe(0);
      const expected = Object.entries(charts).flatMap(([c, [kind]]) =>
        ['csv', 'pdf', 'png', 'svg', ...(kind === 'curve' ? ['tex'] : [])].map(
          (ext) => `${preset}-${c}.${ext}`,
        ),
      );
      expect(readdirSync(out).sort()).toEqual(expected.sort());
      for (const [chart, [kind, rows]] of Object.entries(charts)) {
        const base = join(out, `${preset}-${chart}`);
        const svg = readFileSync(`${base}.svg`, 'utf8');
        const size = svgSize(svg);
        expect(size.width).toBe(800);
        expect(svg).toContain('Made with archex: http://127.0.0.1:5173/?s=');
        expect(pngSize(readFileSync(`${base}.png`))).toEqual({
          width: 2 * size.width,
          height: 2 * size.height,
        });
        const pdf = await pdfFacts(readFileSync(`${base}.pdf`));
        // A screen figure's pixels print at 0.75 pt, as the browser prints them.
        expect(pdf.size).toEqual({
          width: size.width * PT_PER_PX,
          height: size.height * PT_PER_PX,
        });
        expect(pdf.text).toContain('Made with archex: http://127.0.0.1:5173/?s=');
        // What made it, in the PDF's information and the SVG's metadata.
        const { version, sources, wasm } = readEngineBuild();
        const build = `archex ${version} (engine sources ${sources}, wasm ${wasm})`;
        expect(pdf.info).toMatchObject({
          Creator: build,
          Keywords: `npm run cli -- figure ${preset} --all --out ${out}`,
        });
        expect(svg).toContain(
          `<metadata id="archex-made-by">${JSON.stringify({
            archex: version,
            engine: { sources, wasm },
            command: ['figure', preset, '--all', '--out', out],
          })}</metadata>`,
        );
        const all = readFileSync(`${base}.csv`, 'utf8').trim().split('\n');
        // Its provenance first, as comment lines: what made it, preset, chart, parameters, seed,
        // source, link.
        const comments = all.filter((l) => l.startsWith('# '));
        expect(comments.map((l) => l.slice(2, l.indexOf(':')))).toEqual([
          'made by',
          'preset',
          'chart',
          'parameters',
          'seed',
          'source',
          'link',
        ]);
        expect(all.slice(0, comments.length)).toEqual(comments);
        expect(comments.at(-1)).toMatch(/^# link: http:\/\/127\.0\.0\.1:5173\/\?s=/);
        const lines = all.slice(comments.length);
        const data = kind === '' ? lines.slice(1) : lines.filter((l) => l.endsWith(`,${kind}`));
        expect(data).toHaveLength(rows);
      }
    });
  }
});

describe('presetFigures() of every preset', () => {
  // The path `cli figure --all` takes, for every chart a preset declares (shown for its
  // parameters or not): each must draw a sized SVG that rasterizes, and a CSV.
  // Each preset's run is the suite's shared one (app/presets/shared_runs.ts).
  const engine = sharingRuns(createInProcessEngine(loadNodeModule()));
  for (const preset of loadPresetsFromDisk()) {
    it(
      `draws every chart of ${preset.id} as SVG, PNG, PDF and CSV`,
      { timeout: 600_000 },
      async () => {
        const figures = await presetFigures(engine, await engine.listModels(), preset, {
          charts: preset.charts,
          settings: [],
          theme: 'print',
          baseUrl: new URL(DEFAULT_BASE_URL),
        });
        expect(figures.map((f) => f.spec.id)).toEqual(preset.charts.map((c) => c.id));
        for (const output of figures) {
          const { spec, figure: drawn, csv } = output;
          const size = svgSize(drawn.text);
          expect(size, spec.id).toEqual({ width: drawn.width, height: drawn.height });
          expect(drawn.text, spec.id).not.toContain('var(');
          expect(pngSize(figurePng(drawn, { scale: 1 })), spec.id).toEqual(size);
          // The PDF: one page the figure's size in points, its title as text, the font embedded.
          const pdf = await pdfFacts(await figurePdfFile(output));
          expect(pdf, spec.id).toMatchObject({
            pages: 1,
            size: { width: size.width * 0.75, height: size.height * 0.75 },
            embedded: true,
          });
          expect(pdf.text, spec.id).toContain(output.title.replace(/\s+/g, ' '));
          expect(
            csv.split('\n').filter((l) => l && !l.startsWith('#')).length,
            spec.id,
          ).toBeGreaterThan(0);
        }
      },
    );
  }
});

describe('cli figure captions', () => {
  it("say what changed in the panel's words, and leave the link out with --no-link", async () => {
    const run = await figure(
      'custom-network',
      'latency-load',
      '--set',
      'topology=torus',
      '--set',
      'vcs=2',
      '--set',
      'dims=4x4',
      '--set',
      'max_cycles=2000',
      '--no-link',
    );
    expect(run.code).toBe(0);
    // The text the figure draws: its metadata (what made it, the command) is not drawn.
    const text = run.stdout
      .replace(/<metadata[^>]*>[^<]*<\/metadata>/, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/&#x27;/g, "'");
    expect(text).toContain(
      "Changed from the preset's defaults: Topology: torus; Radix per dimension: 4, 4 nodes; " +
        'Virtual channels: 2 per channel; Longest measurement: 2000 cycles. Seed 1.',
    );
    expect(text).not.toContain('Made with archex');
    expect(text).not.toContain('topology=');
  });

  it('reads the parameters of a --params file, choices by name', async () => {
    const file = join(scratch, 'export.json');
    writeFileSync(
      file,
      JSON.stringify({
        preset: 'custom-network',
        seed: 5,
        params: { topology: 'torus', vcs: 2, dims: [4, 4], max_cycles: 2000 },
      }),
    );
    const run = await figure('custom-network', 'latency-load', '--params', file);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Topology: torus; Radix per dimension: 4, 4 nodes');
    expect(run.stdout).toContain('Seed 5.');
    const other = await figure('multipsi-v1-comm', 'perf-overhead', '--params', file);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      `--params ${file} is for preset custom-network, not multipsi-v1-comm`,
    );
  });
});

describe('cli figure with bad input', () => {
  it('lists the presets for an unknown preset and exits 2', async () => {
    const run = await figure('no-such-preset', 'x');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown preset 'no-such-preset'; valid: custom-network,");
  });

  it('lists the charts of the preset for an unknown chart id and exits 2', async () => {
    const run = await figure('multipsi-v1-comm', 'nope', '--svg', join(scratch, 'a.svg'));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "unknown chart 'nope' of preset multipsi-v1-comm; valid: perf-overhead, cost-breakdown",
    );
  });

  it('lists the themes for an unknown theme and exits 2', async () => {
    const run = await figure('multipsi-v1-comm', 'perf-overhead', '--theme', 'sepia');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown theme 'sepia'; valid: print, dark");
  });

  it('names the range of a parameter out of range, exits 2 and writes nothing', async () => {
    const out = join(scratch, 'bad-range');
    const run = await figure('multipsi-v1-comm', '--all', '--out', out, '--set', 'pes=100000');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("parameter 'pes' = 100000 is out of range; valid range [1, 1024]");
    expect(existsSync(out)).toBe(false);
  });

  it('names a file whose folder does not exist, exits 2 and writes none of the files', async () => {
    const svg = join(scratch, 'written-first.svg');
    const png = join(scratch, 'no-such-folder', 'f.png');
    const run = await figure('multipsi-v1-comm', 'perf-overhead', '--svg', svg, '--png', png);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot write ${png}: its folder does not exist`);
    expect(existsSync(svg)).toBe(false);
  });

  it('names --width and its units for a width without one, exits 2 and writes nothing', async () => {
    const pdf = join(scratch, 'no-unit.pdf');
    const run = await figure('multipsi-v1-comm', 'perf-overhead', '--width', '3.5', '--pdf', pdf);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "--width '3.5' has no unit: give one of in, pt, mm, cm (1 to 20 in)",
    );
    expect(existsSync(pdf)).toBe(false);
  });

  it('lists the parameters for an unknown one and exits 2', async () => {
    const run = await figure('multipsi-v1-comm', 'perf-overhead', '--set', 'nodes=4');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/unknown parameter 'nodes' for \S+; valid: seed, /);
  });
});

describe('presetFigures() for paper', () => {
  it('draws at the width in points, its PNG 300 dpi, without the title and caption asked off', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const preset = loadPresetsFromDisk().find((p) => p.id === 'multipsi-v1-comm')!;
    const [output] = await presetFigures(engine, await engine.listModels(), preset, {
      charts: [findChart(preset, 'perf-overhead')],
      settings: [],
      theme: 'print',
      paper: parsePaperSize('3.5in', '8pt'),
      parts: { title: false, caption: false },
      baseUrl: new URL(DEFAULT_BASE_URL),
    });
    const { figure: drawn, title } = output!;
    expect(drawn).toMatchObject({ width: 252, paper: true });
    expect(drawn.text).toMatch(/^<svg [^>]*width="252pt"/m);
    // The chart's own <title> names it for a screen reader; no <text> draws the title.
    expect(drawn.text).not.toContain(`>${title}</text>`);
    expect(drawn.text).toContain(`<title id=`);
    expect(drawn.text).not.toContain('Made with archex');
    expect(pngSize(figurePng(drawn)).width).toBe(1050);
    expect(pngSize(figurePng(drawn, { dpi: 600 })).width).toBe(2100);
    const pdf = await pdfFacts(await figurePdfFile(output!));
    expect(pdf.size).toEqual({ width: 252, height: drawn.height });
  });
});

describe('parsePaperSize(), parseDpi()', () => {
  it('take a width and a text size with their units, each defaulting for the other', () => {
    expect(parsePaperSize()).toBeUndefined();
    expect(parsePaperSize('7in', '9pt')).toEqual({ widthPt: 504, fontPt: 9 });
    expect(parsePaperSize('89mm')).toEqual({ widthPt: (89 * 72) / 25.4, fontPt: 8 });
    expect(parsePaperSize(undefined, '10pt')).toEqual({ widthPt: 252, fontPt: 10 });
    expect(parseDpi('600')).toBe(600);
  });

  it('name --width, --font-size and --dpi with their units and ranges', () => {
    expect(() => parsePaperSize('3.5')).toThrow(
      new UsageError("--width '3.5' has no unit: give one of in, pt, mm, cm (1 to 20 in)"),
    );
    expect(() => parsePaperSize('30in')).toThrow(
      new UsageError("--width '30in' is out of range: from 1 to 20 in"),
    );
    expect(() => parsePaperSize('3.5in', '3pt')).toThrow(
      new UsageError("--font-size '3pt' is out of range: from 5 to 24 pt"),
    );
    expect(() => parsePaperSize('3.5in', 'big')).toThrow(/^--font-size 'big' is not a length/);
    expect(() => parseDpi('72.5')).toThrow(
      new UsageError("--dpi '72.5' is not a whole number from 72 to 1200"),
    );
  });
});

describe('parseTheme(), parseScale()', () => {
  it('take the valid values and name the valid ones otherwise', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseScale('2')).toBe(2);
    expect(() => parseScale('0')).toThrow(
      new UsageError("--scale '0' is not a number from 0.25 to 8"),
    );
    expect(() => parseScale('')).toThrow(UsageError);
  });
});

describe('readPdfFonts()', () => {
  it('reads the four faces of the font package the app ships with', () => {
    const fonts = readPdfFonts();
    expect(Object.keys(fonts)).toEqual(['regular', 'bold', 'italic', 'boldItalic']);
    for (const face of Object.values(fonts)) expect(face.length).toBeGreaterThan(100_000);
  });
});

describe('checkFonts()', () => {
  it('passes with the system fonts and says what to install when there is no font', () => {
    expect(() => checkFonts()).not.toThrow();
    expect(() => checkFonts({ loadSystemFonts: false })).toThrow(
      'sudo apt-get install fonts-liberation',
    );
  });
});

describe('figurePng()', () => {
  it("draws every glyph in the figure's font: powers of ten, arrows, signs", () => {
    // Log axes from 10⁻⁷ to 10⁸ and a rule named at the edge with an arrow.
    const data: LineChartData = {
      x: { label: 'message size', unit: 'µs', scale: 'log' },
      y: { label: 'alpha = Tw / p', unit: 'clocks', scale: 'log' },
      curves: [{ id: 'a', label: 'a – b ± ½', points: [1e-7, 1e8].map((v) => ({ x: v, y: v })) }],
      rules: [{ label: 'bound ≥', axis: 'y', value: 1e30 }],
    };
    const glyphs = renderFigure({
      name: 'glyphs',
      title: 'Glyphs × · …',
      chart: { kind: 'line', data },
      caption: ['caption'],
      theme: 'print',
    });
    // The same PNG with no font but the figure's: a glyph it lacks would have come from another.
    const file = (style: string) =>
      execFileSync('fc-match', ['-f', '%{file}', `Liberation Sans:style=${style}`], {
        encoding: 'utf8',
      });
    const own = new Resvg(glyphs.text, {
      font: {
        loadSystemFonts: false,
        fontFiles: [file('Regular'), file('Bold')],
        defaultFontFamily: 'Liberation Sans',
      },
    });
    expect(figurePng(glyphs, { scale: 1 }).equals(own.render().asPng())).toBe(true);
  });
});

describe('writeAtomic()', () => {
  it('replaces a file whole and leaves no temporary file', () => {
    const dir = join(scratch, 'atomic');
    mkdirSync(dir, { recursive: true });
    writeAtomic(join(dir, 'f.txt'), 'new');
    expect(readFileSync(join(dir, 'f.txt'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['f.txt']);
  });

  it('on failure leaves what was there and no temporary file', () => {
    const dir = join(scratch, 'atomic-fail');
    mkdirSync(join(dir, 'taken'), { recursive: true });
    writeFileSync(join(dir, 'taken', 'keep'), 'x');
    expect(() => writeAtomic(join(dir, 'taken'), 'data')).toThrow('EISDIR');
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(join(dir, 'taken'))).toEqual(['keep']);
  });
});
