import { ChartBox } from './ChartBox';
import type { ChartProps } from './ChartBox';
import type { ChannelHeatmapData } from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import { HeatLegend } from './ColorBar';
import { channelGraphGeometry, STYLE } from './graph_geometry';
import { describeChannelGraph } from './graph_words';
import { Readout, nearestTarget } from './Readout';
import { useMeasuredWidth } from './use_measured_width';
import { useReadout } from './use_readout';

/** Heat map of per-channel utilization of a network not on a lattice, as its graph. */
export function ChannelGraphMap({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<ChannelHeatmapData>) {
  const { ref, width: w } = useMeasuredWidth(width);
  const graph = data.graph ?? { routers: 0, terminals: 0, channels: [] };
  const size = { width: w, height, fontSize };
  const g = channelGraphGeometry(graph, size);
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    nearestTarget(g.targets, px, py),
  );
  return (
    <ChartBox boxRef={ref} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description ?? describeChannelGraph(graph)}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <HeatLegend
          legend={g.legend}
          at={{ x: 0, y: -g.margin.top + STYLE.outer }}
          fontSize={g.fontSize}
        />
        {g.groups.map((q, i) => (
          <circle key={`g${i}`} className="graph-group" cx={q.px} cy={q.py} r={q.r} />
        ))}
        {g.channels.map((c, i) => {
          const stroke = {
            stroke: c.color,
            strokeOpacity: c.value === null ? STYLE.noDataOpacity : undefined,
            strokeWidth: g.lineWidth,
          };
          return c.cx === undefined || c.cy === undefined ? (
            <line
              key={i}
              className="graph-channel"
              x1={c.x1}
              y1={c.y1}
              x2={c.x2}
              y2={c.y2}
              {...stroke}
            />
          ) : (
            <path
              key={i}
              className="graph-channel"
              d={`M${c.x1} ${c.y1}Q${c.cx} ${c.cy} ${c.x2} ${c.y2}`}
              fill="none"
              {...stroke}
            />
          );
        })}
        {g.routers.map((r) => (
          <rect
            key={r.id}
            className="heatmap-node"
            x={r.px - g.routerSize / 2}
            y={r.py - g.routerSize / 2}
            width={g.routerSize}
            height={g.routerSize}
            stroke="currentColor"
          />
        ))}
        {g.terminals.map((t) => (
          <circle
            key={t.id}
            className="heatmap-node"
            cx={t.px}
            cy={t.py}
            r={g.terminalRadius}
            fill="none"
            stroke="currentColor"
          />
        ))}
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
