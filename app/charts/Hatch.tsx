// The fill patterns (palette.ts seriesHatch) that tell stacked series apart where colour is lost,
// in greyscale print: the series' colour with lines or dots in the page's background colour over
// it, so each keeps its hue on screen. A chart defines them once and fills its shapes with them.
import { seriesColor, seriesHatch } from './palette';

const TILE = 6;

/**
 * The fill of the series at `position` among the patterns `prefix` (a chart's useId) defines; none
 * for a position without a pattern (the first), which is filled with its colour alone.
 */
export function hatchFill(prefix: string, position: number): string | undefined {
  return seriesHatch(position) ? `url(#${prefix}-hatch-${position})` : undefined;
}

/** <pattern> definitions of the patterns the chart's series positions use. */
export function HatchPatterns({ prefix, positions }: { prefix: string; positions: number[] }) {
  const used = [...new Set(positions)].flatMap((position) => {
    const hatch = seriesHatch(position);
    return hatch ? [{ position, hatch }] : [];
  });
  if (used.length === 0) return null;
  return (
    <defs>
      {used.map(({ position, hatch }) => (
        <pattern
          key={position}
          id={`${prefix}-hatch-${position}`}
          patternUnits="userSpaceOnUse"
          width={TILE}
          height={TILE}
          patternTransform={hatch.angle ? `rotate(${hatch.angle})` : undefined}
        >
          <rect width={TILE} height={TILE} fill={seriesColor(position)} />
          <g className="hatch" stroke="var(--bg)" fill="var(--bg)" strokeWidth={1.5}>
            {hatch.kind === 'dots' ? (
              <circle cx={TILE / 2} cy={TILE / 2} r={1.3} stroke="none" />
            ) : (
              <line x1={0} x2={TILE} y1={TILE / 2} y2={TILE / 2} />
            )}
            {hatch.kind === 'cross' ? <line x1={TILE / 2} x2={TILE / 2} y1={0} y2={TILE} /> : null}
          </g>
        </pattern>
      ))}
    </defs>
  );
}
