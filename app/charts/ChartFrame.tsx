import type { ReactNode, SVGProps } from 'react';
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
  /**
   * Draw at `size` in CSS pixels (width, height and font size as given) instead of stretching the
   * viewBox to the container, so text keeps its size on narrow screens.
   */
  pixelSize?: { fontSize: number };
  /** Focus and pointer handlers of an interactive chart. */
  svgProps?: Pick<
    SVGProps<SVGSVGElement>,
    'tabIndex' | 'onPointerMove' | 'onPointerLeave' | 'onKeyDown' | 'onBlur'
  >;
}

/** The accessible SVG shell every chart shares: viewBox, title, desc and the plot-area group. */
export function ChartFrame({
  name,
  size,
  margin,
  title,
  description,
  children,
  pixelSize,
  svgProps,
}: ChartFrameProps) {
  const id = useId();
  const pixels = pixelSize
    ? {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size.width,
        height: size.height,
        fontSize: pixelSize.fontSize,
      }
    : {};
  return (
    <svg
      className={pixelSize ? 'archex-chart' : 'chart'}
      {...pixels}
      viewBox={`0 0 ${size.width} ${size.height}`}
      role="img"
      // The title names it, the desc describes it: naming it by both would read the desc twice.
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      data-chart={name}
      {...svgProps}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <g transform={`translate(${margin.left},${margin.top})`}>{children}</g>
    </svg>
  );
}
