import { useId } from 'react';

import type { ColorBarLayout } from './heat_scale';
import { ROW_GAP } from './heat_scale';

/** A heat map's colour bar: the gradient, and its ticks and labels below it. */
export function ColorBar({ bar, fontSize }: { bar: ColorBarLayout; fontSize: number }) {
  const gradientId = useId();
  const small = fontSize - 1;
  return (
    <>
      <defs>
        <linearGradient id={gradientId}>
          {bar.stops.map((s) => (
            <stop key={s.offset} offset={s.offset} stopColor={s.color} />
          ))}
        </linearGradient>
      </defs>
      <g className="axis" transform={`translate(${bar.x},${bar.y})`}>
        <rect
          className="colorbar"
          width={bar.width}
          height={bar.height}
          fill={`url(#${gradientId})`}
        />
        {bar.ticks.map((t) => (
          <g key={t.value} transform={`translate(${t.offset},${bar.height})`}>
            <line y2={4} />
            <text y={4 + small} textAnchor="middle" fontSize={small}>
              {t.label}
            </text>
          </g>
        ))}
      </g>
    </>
  );
}

/** A graph or crosspoint map's legend (heatLegendLayout): its caption and colour bar. */
export function HeatLegend({
  legend,
  at,
  fontSize,
}: {
  legend: { caption: string[]; bar: ColorBarLayout };
  at: { x: number; y: number };
  fontSize: number;
}) {
  return (
    <g className="heatmap-legend" transform={`translate(${at.x},${at.y})`}>
      {legend.caption.map((line, i) => (
        <text key={i} y={fontSize + i * (fontSize + ROW_GAP)}>
          {line}
        </text>
      ))}
      <ColorBar bar={legend.bar} fontSize={fontSize} />
    </g>
  );
}
