import type { ReactNode } from 'react';
import { useId } from 'react';

export interface ChartFrameProps {
  /** Identifies the chart for tests and exports. */
  name: string;
  size: { width: number; height: number };
  margin: { top: number; left: number };
  title: string;
  /** Text alternative: what the chart shows, with its key numbers. */
  description: string;
  children: ReactNode;
}

/** The accessible SVG shell every chart shares: viewBox, title, desc and the plot-area group. */
export function ChartFrame({ name, size, margin, title, description, children }: ChartFrameProps) {
  const id = useId();
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${size.width} ${size.height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-chart={name}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g transform={`translate(${margin.left},${margin.top})`}>{children}</g>
    </svg>
  );
}
