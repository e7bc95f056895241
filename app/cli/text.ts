// How the CLI writes text: tables, CSV, numbers, lines wrapped to the terminal.
import type { RunResult } from '../engine/types';
import { tableToCsv } from '../charts/chart_table';

/** Scalars as `metric,value,unit` rows; parameters and series (lists included) are in --json. */
export function toCsv(result: RunResult): string {
  return tableToCsv({
    columns: ['metric', 'value', 'unit'],
    rows: result.scalars.map((s) => [s.name, s.value, s.unit]),
  });
}

/** A plain-text table: numeric columns right-aligned, the first and the `left` ones left. */
export function formatTable(header: string[], rows: string[][], left: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === 0 || left.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** How far a wrapped line's next lines are indented. */
export const WRAP_INDENT = 4;

/**
 * A line as lines of at most `width` characters, broken at spaces, each after the first indented
 * by `indent`; a word longer than a line stays whole.
 */
export function wrapLine(line: string, width: number, indent: number): string[] {
  const lines: string[] = [];
  const prefix = ' '.repeat(indent);
  let rest = line;
  let lead = '';
  while (lead.length + rest.length > width) {
    const room = width - lead.length;
    let cut = rest.lastIndexOf(' ', room);
    if (cut <= 0) cut = rest.indexOf(' ', room);
    if (cut <= 0) break;
    lines.push(lead + rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
    lead = prefix;
  }
  lines.push(lead + rest);
  return lines;
}

/** The width text is wrapped to: the terminal's, or 100 columns when it is not a terminal. */
export function terminalWidth(stream: { columns?: number } = process.stdout): number {
  return stream.columns !== undefined && stream.columns > 0 ? stream.columns : 100;
}

export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 1e5 || (value !== 0 && Math.abs(value) < 1e-3)
    ? value.toExponential(4)
    : String(Number(value.toPrecision(5)));
}

/** A warning on stderr (a torn line left out, say). */
export const warn = (message: string) => console.error(`archex: ${message}`);
