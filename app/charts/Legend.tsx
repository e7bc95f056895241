import { CutText } from './ChartBox';
import type { Mark } from '../results/chart_data';
import type { LegendEntry, LegendLayout, LegendSymbol } from './legend_layout';
import { SYMBOL_WIDTH } from './legend_layout';
import { markerPaint } from './line_style';
import { chartsT } from '../results/words';

/** Dash patterns of a model's rule (as its curves) and of any other rule. */
export const RULE_DASH = { model: '6 4', plain: '4 3' } as const;

/** What a mark is: "paper" for a reference value, else its own legend, else "current". */
export function markKind(mark: Pick<Mark, 'kind' | 'legend'>): string {
  return mark.kind === 'reference'
    ? chartsT('line.paper')
    : (mark.legend ?? chartsT('line.current'));
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
        <path
          d={symbol.marker}
          transform={`translate(${mid},0)`}
          {...markerPaint(symbol.hollow === true, 1)}
        />
      ) : symbol.point ? (
        <circle cx={mid} r={3} {...(symbol.hollow ? markerPaint(true, 1) : {})} />
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
          <g transform={`translate(0,${centre})${layout.ink === 1 ? '' : ` scale(${layout.ink})`}`}>
            <SymbolSample symbol={item.symbol} hatch={hatch} />
          </g>
          {item.lines.length > 1 ? (
            <text y={centre}>
              {item.lines.map((line, i) => (
                <tspan
                  key={i}
                  x={layout.symbolWidth + layout.gap}
                  dy={i === 0 ? '0.32em' : layout.rowHeight}
                >
                  {line}
                </tspan>
              ))}
            </text>
          ) : (
            <CutText
              text={item.label}
              full={item.full}
              x={layout.symbolWidth + layout.gap}
              y={centre}
              dy="0.32em"
            />
          )}
        </g>
      ))}
    </g>
  );
}
