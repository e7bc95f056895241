import { CutText } from './ChartBox';
import type { Mark } from '../results/chart_data';
import { fitText, textWidth } from '../results/format';

/** How a legend entry is drawn: a curve sample, a bar swatch, a colour ramp or a mark symbol. */
export type LegendSymbol =
  /** A curve's line and point; `marker` is the point's shape as path data (else a circle). */
  | {
      kind: 'series';
      color: string;
      line: boolean;
      point: boolean;
      dash?: string;
      marker?: string;
    }
  /** A bar's swatch; `hatch` is the palette position of its fill pattern (Hatch.tsx). */
  | { kind: 'swatch'; color: string; pinned?: boolean; hatch?: number }
  | { kind: 'ramp'; colors: string[] }
  | { kind: 'mark'; mark: 'current' | 'reference' }
  /** A rule's line: across for a y rule, upright for an x rule; grey and dashed for a model. */
  | { kind: 'rule'; axis: 'x' | 'y'; model: boolean }
  /** An upright tick across a curve (where it saturates). */
  | { kind: 'tick' };

export interface LegendEntry {
  key: string;
  label: string;
  symbol: LegendSymbol;
  /** Drawn lighter: an entry for a pinned run. */
  faded?: boolean;
}

export interface LegendItem extends LegendEntry {
  x: number;
  y: number;
  /** The entry's label in full; `label` may be cut to fit the width. */
  full: string;
  /** The label as drawn: one line, or wrapped onto more where it is wider than the legend. */
  lines: string[];
}

export interface LegendLayout {
  items: LegendItem[];
  height: number;
  rowHeight: number;
}

const SYMBOL_WIDTH = 22;

/** Dash patterns of a model's rule (as its curves) and of any other rule. */
export const RULE_DASH = { model: '6 4', plain: '4 3' } as const;
const GAP = 6;
const SPACING = 16;

/**
 * A label's words on as many lines as `width` needs, none cut: side by side's names ("Virtual
 * channels: 1 per channel; Torus dateline: off: 8-flit packets") are read whole. Only a single
 * word wider than the line is cut.
 */
function wrapWords(text: string, width: number, fontSize: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, fontSize) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.map((l) => fitText(l, width, fontSize));
}

/**
 * Entries laid out left to right, wrapping to another row when `width` px is full; an entry too
 * long for a row has one to itself, its label on as many lines as it needs.
 */
export function legendLayout(
  entries: LegendEntry[],
  width: number,
  fontSize: number,
): LegendLayout {
  const rowHeight = fontSize + 8;
  const items: LegendItem[] = [];
  let x = 0;
  let y = 0;
  for (const entry of entries) {
    const lines = wrapWords(entry.label, width - SYMBOL_WIDTH - GAP, fontSize);
    const widest = Math.max(0, ...lines.map((l) => textWidth(l, fontSize)));
    const itemWidth = SYMBOL_WIDTH + GAP + widest;
    if (x > 0 && x + itemWidth > width) {
      x = 0;
      y += rowHeight;
    }
    items.push({ ...entry, label: lines.join(' '), lines, full: entry.label, x, y });
    if (lines.length > 1) {
      // The next entry starts on the row after the last line.
      y += rowHeight * (lines.length - 1);
      x = width;
    } else x += itemWidth + SPACING;
  }
  return { items, height: items.length > 0 ? y + rowHeight : 0, rowHeight };
}

/** What a mark is: "paper" for a reference value, else its own legend, else "current". */
export function markKind(mark: Pick<Mark, 'kind' | 'legend'>): string {
  return mark.kind === 'reference' ? 'paper' : (mark.legend ?? 'current');
}

/** The legend entry explaining a mark symbol, as markKind() names it. */
export function markLegendEntry(mark: Pick<Mark, 'kind' | 'legend'>): LegendEntry {
  const label = markKind(mark);
  return { key: `mark:${mark.kind}:${label}`, label, symbol: { kind: 'mark', mark: mark.kind } };
}

/** The symbol of a current point (filled) or of a paper value (hollow diamond), centred on 0,0. */
export function MarkSymbol({ kind }: { kind: 'current' | 'reference' }) {
  return kind === 'current' ? (
    <circle className="mark-current" r={4.5} />
  ) : (
    <path className="mark-reference" d="M0,-5.5L5.5,0L0,5.5L-5.5,0Z" strokeWidth={1.5} />
  );
}

/** The fill of a hatch pattern position, as the chart that defines the patterns names it. */
export type HatchFill = (position: number) => string | undefined;

function SymbolSample({ symbol, hatch }: { symbol: LegendSymbol; hatch?: HatchFill }) {
  const mid = SYMBOL_WIDTH / 2;
  if (symbol.kind === 'mark') {
    return (
      <g transform={`translate(${mid},0)`}>
        <MarkSymbol kind={symbol.mark} />
      </g>
    );
  }
  if (symbol.kind === 'ramp') {
    const step = SYMBOL_WIDTH / symbol.colors.length;
    return (
      <g>
        {symbol.colors.map((color, i) => (
          // Each step overlaps the next by half a pixel, so no seam shows between them.
          <rect key={i} x={i * step} y={-6} width={step + 0.5} height={12} fill={color} />
        ))}
      </g>
    );
  }
  if (symbol.kind === 'tick') {
    return <line className="tick" x1={mid} x2={mid} y1={-7} y2={7} strokeWidth={2} />;
  }
  if (symbol.kind === 'rule') {
    const [x1, x2, y1, y2] = symbol.axis === 'y' ? [0, SYMBOL_WIDTH, 0, 0] : [mid, mid, -7, 7];
    return (
      <line
        className={symbol.model ? 'rule model' : 'rule'}
        x1={x1}
        x2={x2}
        y1={y1}
        y2={y2}
        strokeDasharray={symbol.model ? RULE_DASH.model : RULE_DASH.plain}
      />
    );
  }
  if (symbol.kind === 'swatch') {
    const pattern = symbol.hatch === undefined ? undefined : hatch?.(symbol.hatch);
    return (
      <rect
        x={mid - 6}
        y={-6}
        width={12}
        height={12}
        fill={pattern ?? symbol.color}
        fillOpacity={symbol.pinned ? 0.35 : undefined}
        stroke={symbol.pinned ? symbol.color : undefined}
        strokeDasharray={symbol.pinned ? '3 2' : undefined}
      />
    );
  }
  return (
    <g stroke={symbol.color} fill={symbol.color}>
      {symbol.line ? (
        <line x2={SYMBOL_WIDTH} strokeWidth={2} strokeDasharray={symbol.dash} />
      ) : null}
      {symbol.point && symbol.marker ? (
        <path d={symbol.marker} transform={`translate(${mid},0)`} stroke="none" />
      ) : symbol.point ? (
        <circle cx={mid} r={3} />
      ) : null}
    </g>
  );
}

/** A legend drawn in the SVG, so that an exported chart keeps it. */
export function Legend({
  layout,
  x,
  y,
  hatch,
}: {
  layout: LegendLayout;
  x: number;
  y: number;
  /** The fill patterns of the chart's swatches (HatchPatterns), where it has them. */
  hatch?: HatchFill;
}) {
  const centre = layout.rowHeight / 2 - 2;
  return (
    <g className="legend" transform={`translate(${x},${y})`}>
      {layout.items.map((item) => (
        <g
          key={item.key}
          transform={`translate(${item.x},${item.y})`}
          opacity={item.faded ? 0.6 : undefined}
        >
          <g transform={`translate(0,${centre})`}>
            <SymbolSample symbol={item.symbol} hatch={hatch} />
          </g>
          {item.lines.length > 1 ? (
            <text y={centre}>
              {item.lines.map((line, i) => (
                <tspan key={i} x={SYMBOL_WIDTH + GAP} dy={i === 0 ? '0.32em' : layout.rowHeight}>
                  {line}
                </tspan>
              ))}
            </text>
          ) : (
            <CutText
              text={item.label}
              full={item.full}
              x={SYMBOL_WIDTH + GAP}
              y={centre}
              dy="0.32em"
            />
          )}
        </g>
      ))}
    </g>
  );
}
