import { ChartBox, chartFontSize } from './ChartBox';
import type { ChartProps, ChartSize } from './ChartBox';
import type { ChannelHeatmapData } from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import { HeatLegend } from './ColorBar';
import { formatReadable, textWidth } from '../results/format';
import {
  heatColor,
  heatLegendLayout,
  heatScaleNote,
  heatTop,
  maxMean,
  sharePercent,
} from './heat_scale';
import { palette } from './palette';
import { Readout } from './Readout';
import type { ReadoutTarget } from './Readout';
import { useMeasuredWidth } from './use_measured_width';
import { useReadout } from './use_readout';
import { joinSentences } from '../i18n/join';
import { chartsT } from '../results/words';

const STYLE = {
  outer: 8,
  /** Gap between neighbouring cells, as a share of the cell (none below 6 px cells). */
  gap: 0.08,
  noDataOpacity: 0.3,
  /** Cells are at most this big, so a 2 x 2 crossbar does not fill a wide page. */
  maxCell: 48,
} as const;

const PERCENT = { unit: '', format: 'percent' } as const;

/** The crossbar's N and its crosspoints, made whole: a missing or non-finite value is no data. */
function matrix(data: ChannelHeatmapData) {
  const n = Math.max(0, Math.floor(data.graph?.terminals ?? 0));
  const raw = data.graph?.crosspoints ?? [];
  const values = Array.from({ length: n * n }, (_, i) => {
    const v = raw[i];
    return v !== undefined && v !== null && Number.isFinite(v) ? v : null;
  });
  return { n, values };
}

/** The caption's parts: the crossbar, maximum and mean crosspoint use, the colour scale. */
export function crosspointCaptionParts(data: ChannelHeatmapData): string[] {
  const { n, values } = matrix(data);
  const measured = values.filter((v): v is number => v !== null);
  const stats = maxMean(
    measured.length > 0
      ? {
          max: Math.max(...measured),
          mean: measured.reduce((a, b) => a + b, 0) / measured.length,
        }
      : null,
  );
  return [
    chartsT('crosspoint.size', { n: String(n), crosspoints: String(n * n) }),
    ...stats,
    ...heatScaleNote(heatTop(values)),
  ];
}

/** The caption in one line. */
export function crosspointCaption(data: ChannelHeatmapData): string {
  return crosspointCaptionParts(data).join(' · ');
}

/** Every step of `every` of 0..n-1: the row and column numbers that fit beside the cells. */
function labelled(n: number, cell: number, fontSize: number): number[] {
  const widest = textWidth(String(Math.max(0, n - 1)), fontSize - 1) + 4;
  const every = Math.max(1, Math.ceil(Math.max(widest, fontSize) / Math.max(1, cell)));
  return Array.from({ length: n }, (_, i) => i).filter((i) => i % every === 0 || i === n - 1);
}

/**
 * Everything the crosspoint map draws, in plot coordinates: an N x N matrix of cells, row i the
 * input of terminal i, column o the output to terminal o, each coloured by the crosspoint's use
 * on the run's scale; row and column numbers, axis titles and read-out targets. Pure.
 */
export function crosspointGeometry(data: ChannelHeatmapData, size: ChartSize) {
  const { n, values } = matrix(data);
  const fontSize = chartFontSize(size);
  const small = fontSize - 1;
  const scaleTop = heatTop(values);
  const legend = heatLegendLayout(
    crosspointCaptionParts(data),
    scaleTop,
    size.width - 2 * STYLE.outer,
    fontSize,
  );
  // Column titles and numbers above the matrix, row titles and numbers on its left.
  const head = 2 * (small + 6);
  const side = 2 * (small + 6) + textWidth(String(Math.max(0, n - 1)), small);
  const top = STYLE.outer + legend.height + head;
  const availableWidth = Math.max(20, size.width - 2 * STYLE.outer - side);
  const availableHeight = Math.max(20, size.height - top - STYLE.outer);
  const cell = Math.min(
    STYLE.maxCell,
    availableWidth / Math.max(1, n),
    availableHeight / Math.max(1, n),
  );
  const inner = cell * n;
  const gap = cell >= 6 ? cell * STYLE.gap : 0;
  const margin = { top, left: STYLE.outer + side + Math.max(0, (availableWidth - inner) / 2) };
  const cells = values.map((value, i) => {
    const input = Math.floor(i / Math.max(1, n));
    const output = i % Math.max(1, n);
    return {
      input,
      output,
      value,
      x: output * cell + gap / 2,
      y: input * cell + gap / 2,
      size: cell - gap,
      color: value === null ? palette.grey : heatColor(value, scaleTop),
    };
  });
  const targets: ReadoutTarget[] = cells.map((c) => ({
    series: c.input,
    px: c.x + c.size / 2,
    py: c.y + c.size / 2,
    rect: { x: c.x, y: c.y, width: c.size, height: c.size },
    color: c.color,
    title: chartsT('crosspoint.cell', { input: String(c.input), output: String(c.output) }),
    lines: [
      c.value === null
        ? chartsT('noDataFor', { label: chartsT('crosspoint.use') })
        : chartsT('line.value', {
            label: chartsT('crosspoint.use'),
            value: formatReadable(c.value, PERCENT),
          }),
    ],
  }));
  const ticks = labelled(n, cell, fontSize).map((i) => ({ index: i, at: (i + 0.5) * cell }));
  return {
    size,
    fontSize,
    margin,
    legend,
    scaleTop,
    n,
    cell,
    side,
    innerWidth: inner,
    innerHeight: inner,
    cells,
    ticks,
    targets,
  };
}

/** The cell under (px, py), or null off the matrix. */
function cellAt(g: ReturnType<typeof crosspointGeometry>, px: number, py: number): number | null {
  if (g.n === 0 || px < 0 || py < 0 || px >= g.innerWidth || py >= g.innerHeight) return null;
  return Math.floor(py / g.cell) * g.n + Math.floor(px / g.cell);
}

/** The text alternative: layout, size, the busiest crosspoint and the colour scale. */
export function describeCrosspoints(data: ChannelHeatmapData): string {
  const { n, values } = matrix(data);
  let busiest = -1;
  values.forEach((v, i) => {
    if (v !== null && (busiest < 0 || v > (values[busiest] ?? 0))) busiest = i;
  });
  const parts = [
    chartsT('crosspoint.describe', { n: String(n), top: sharePercent(heatTop(values)) }),
    chartsT('crosspoint.caption', { caption: crosspointCaption(data) }),
  ];
  if (busiest >= 0) {
    parts.push(
      chartsT('crosspoint.busiest', {
        input: String(Math.floor(busiest / n)),
        output: String(busiest % n),
        value: sharePercent(values[busiest] ?? 0),
      }),
    );
  }
  return joinSentences(parts);
}

/** Heat map of a lone crossbar's crosspoints, as its N x N matrix of input to output use. */
export function CrosspointMap({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<ChannelHeatmapData>) {
  const { ref, width: w } = useMeasuredWidth(width);
  const g = crosspointGeometry(data, { width: w, height: height ?? 480, fontSize });
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) => cellAt(g, px, py));
  const small = g.fontSize - 1;
  return (
    <ChartBox boxRef={ref} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description ?? describeCrosspoints(data)}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <HeatLegend
          legend={g.legend}
          at={{ x: STYLE.outer - g.margin.left, y: STYLE.outer - g.margin.top }}
          fontSize={g.fontSize}
        />
        <g className="axis">
          <text x={g.innerWidth / 2} y={-(small + 12)} textAnchor="middle" fontSize={small}>
            output (to terminal)
          </text>
          {g.ticks.map((t) => (
            <text key={`o${t.index}`} x={t.at} y={-4} textAnchor="middle" fontSize={small}>
              {t.index}
            </text>
          ))}
          <text
            transform={`translate(${small - g.side},${g.innerHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize={small}
          >
            input (from terminal)
          </text>
          {g.ticks.map((t) => (
            <text key={`i${t.index}`} x={-4} y={t.at} dy="0.32em" textAnchor="end" fontSize={small}>
              {t.index}
            </text>
          ))}
        </g>
        {g.cells.map((c) => (
          <rect
            key={`${c.input},${c.output}`}
            className={c.value === null ? undefined : 'heatmap-channel'}
            x={c.x}
            y={c.y}
            width={c.size}
            height={c.size}
            fill={c.color}
            fillOpacity={c.value === null ? STYLE.noDataOpacity : undefined}
          />
        ))}
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
