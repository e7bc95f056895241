import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';

import { Axis } from './Axis';
import { ChartFrame } from './ChartFrame';
import { palette } from './palette';

export interface PerformanceOverheadData {
  /** Relative performance against relative communication overhead X, from the engine. */
  curve: { x: number[]; y: number[] };
  /** Performance with no communication (the average work rate). */
  workRate: number;
  current: { overhead: number; performance: number };
  /** The sec. 8 floor: the largest overhead that keeps the chosen fraction of performance. */
  floor: { overhead: number; performance: number };
}

const CHART_SIZE = { width: 640, height: 340 };
const MARGIN = { top: 16, right: 24, bottom: 48, left: 60 };

/** Scales and paths of the chart; pure so it can be tested with numeric tolerances. */
export function performanceOverheadGeometry(data: PerformanceOverheadData, size = CHART_SIZE) {
  const innerWidth = size.width - MARGIN.left - MARGIN.right;
  const innerHeight = size.height - MARGIN.top - MARGIN.bottom;
  // The engine samples X in ascending order, so the last sample is the largest.
  const curveMax = data.curve.x.at(-1) ?? 1;
  const xMax = Math.max(curveMax, data.current.overhead * 1.05, data.floor.overhead * 1.05);
  const x = scaleLinear().domain([0, xMax]).range([0, innerWidth]).nice();
  const y = scaleLinear().domain([0, 1]).range([innerHeight, 0]);
  const points = data.curve.x.map((xv, i) => [xv, data.curve.y[i] ?? 0] as [number, number]);
  const path = line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]))(points);
  return {
    innerWidth,
    innerHeight,
    margin: MARGIN,
    curvePath: path ?? '',
    workRateY: y(data.workRate),
    point: { cx: x(data.current.overhead), cy: y(data.current.performance) },
    floor: { x: x(data.floor.overhead), y: y(data.floor.performance) },
    xTicks: x.ticks(8).map((v) => ({ value: v, offset: x(v), label: String(v) })),
    yTicks: y.ticks(5).map((v) => ({ value: v, offset: y(v), label: `${Math.round(v * 100)}%` })),
  };
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;

/** Relative performance against relative communication overhead, as Taki's Fig. 6. */
export function PerformanceOverheadChart({ data }: { data: PerformanceOverheadData }) {
  const g = performanceOverheadGeometry(data);
  const { current, floor } = data;
  return (
    <ChartFrame
      name="perf_vs_overhead"
      size={CHART_SIZE}
      margin={g.margin}
      title="Relative performance against relative communication overhead"
      description={`Performance / ideal = work rate / (1 + X). Current point: X = ${current.overhead.toFixed(3)}, performance ${pct(current.performance)} of ideal. Floor: X up to ${floor.overhead.toFixed(3)} keeps ${pct(floor.performance)}.`}
    >
      <Axis
        orient="bottom"
        ticks={g.xTicks}
        length={g.innerWidth}
        position={g.innerHeight}
        grid={g.innerHeight}
        label="relative communication overhead X = communication rate × relative communication time"
      />
      <Axis
        orient="left"
        ticks={g.yTicks}
        length={g.innerHeight}
        position={0}
        grid={g.innerWidth}
        label="performance / ideal"
      />
      <line
        className="reference-line"
        x1={0}
        x2={g.innerWidth}
        y1={g.workRateY}
        y2={g.workRateY}
        stroke={palette.grey}
        strokeDasharray="6 4"
      />
      <text className="annotation" x={g.innerWidth - 4} y={g.workRateY - 6} textAnchor="end">
        no communication (work rate)
      </text>
      <polyline
        className="floor-guide"
        points={`0,${g.floor.y} ${g.floor.x},${g.floor.y} ${g.floor.x},${g.innerHeight}`}
        fill="none"
        stroke={palette.vermillion}
        strokeDasharray="2 3"
      />
      <text
        className="annotation"
        x={g.floor.x + 4}
        y={g.innerHeight - 6}
        fill={palette.vermillion}
      >
        floor
      </text>
      <path className="curve" d={g.curvePath} fill="none" stroke={palette.blue} strokeWidth={2} />
      <circle
        className="current-point"
        cx={g.point.cx}
        cy={g.point.cy}
        r={6}
        fill={palette.orange}
        stroke="currentColor"
      >
        <title>{`X = ${current.overhead.toFixed(4)}, performance ${pct(current.performance)}`}</title>
      </circle>
    </ChartFrame>
  );
}
