// The channel heat map of a k-ary n-cube's plane: legend, nodes, rings and channels, and the
// read-out over them.
import { ChartBox } from './ChartBox';
import type { ChartProps } from './ChartBox';
import type { ChannelHeatmapData } from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import { ColorBar } from './ColorBar';
import type { ChannelHeatmapGeometry } from './heatmap_geometry';
import {
  channelHeatmapGeometry,
  channelHeatmapHeight,
  nearestChannel,
  OUTER,
} from './heatmap_geometry';
import { noDataLabel, SWATCH_WIDTH } from './heatmap_legend';
import { STYLE } from './heatmap_style';
import { describeChannelHeatmap } from './heatmap_words';
import { palette } from './palette';
import { Readout } from './Readout';
import { useMeasuredWidth } from './use_measured_width';
import { useReadout } from './use_readout';

/**
 * Heat map of per-channel utilization in one plane of a k-ary n-cube (mesh or torus, 1 to 3
 * dimensions), on a viridis scale from 0 to the busiest channel's round top (heatTop).
 */
export function ChannelHeatmap({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<ChannelHeatmapData>) {
  const { ref, width: w } = useMeasuredWidth(width);
  const g = channelHeatmapGeometry(data, {
    width: w,
    height: height ?? channelHeatmapHeight(data, w, fontSize),
    fontSize,
  });
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    nearestChannel(g.channels, px, py),
  );
  const activeChannel = active ? g.channels[g.targets.indexOf(active)] : undefined;
  return (
    <ChartBox boxRef={ref} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description ?? describeChannelHeatmap(data)}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <HeatmapLegend g={g} />
        {g.nodes.map((node) => (
          <rect
            key={`${node.x},${node.y}`}
            className="heatmap-node"
            x={node.px - node.size / 2}
            y={node.py - node.size / 2}
            width={node.size}
            height={node.size}
            fill="none"
            stroke="currentColor"
          />
        ))}
        {g.rings.map((m) => (
          <circle
            key={m.text}
            className="heatmap-mark"
            cx={m.px}
            cy={m.py}
            r={m.r}
            fill="none"
            stroke={palette.vermillion}
            strokeWidth={Math.max(2, g.thickness / 2)}
          >
            <title>{m.text}</title>
          </circle>
        ))}
        {g.channels.map((c) => (
          <path
            key={`${c.x},${c.y},${c.direction}`}
            d={c.parts.map((p) => p.path).join('')}
            className={c.value === null ? undefined : 'heatmap-channel'}
            fill={c.color}
            fillOpacity={c.value === null ? STYLE.noDataOpacity : undefined}
            stroke={c.value === null ? palette.grey : undefined}
          />
        ))}
        {activeChannel?.parts.slice(1).map((p) => (
          // The read-out outlines the leaving part; this outlines where a wrap-around re-enters.
          <rect
            key={p.path}
            className="readout-outline"
            data-export="exclude"
            pointerEvents="none"
            x={p.box.x - 2}
            y={p.box.y - 2}
            width={p.box.width + 4}
            height={p.box.height + 4}
            fill="none"
            strokeWidth={2}
          />
        ))}
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}

/** The legend block above the grid: caption lines, the colour bar, a "no data" key. */
function HeatmapLegend({ g }: { g: ChannelHeatmapGeometry }) {
  const { legend } = g;
  const small = g.fontSize - 1;
  return (
    <g
      className="heatmap-legend"
      transform={`translate(${OUTER - g.margin.left},${OUTER - g.margin.top})`}
    >
      {legend.caption.map((line, i) => (
        <text key={line} y={i * legend.rowHeight + g.fontSize}>
          {line}
        </text>
      ))}
      <ColorBar bar={legend.colorBar} fontSize={g.fontSize} />
      {legend.noData ? (
        <g transform={`translate(${legend.noData.x},${legend.noData.y})`}>
          <rect
            y={-STYLE.colorBar.height / 2}
            width={SWATCH_WIDTH}
            height={STYLE.colorBar.height}
            fill={palette.grey}
            fillOpacity={STYLE.noDataOpacity}
            stroke={palette.grey}
          />
          <text x={SWATCH_WIDTH + 6} dy="0.32em" fontSize={small}>
            {noDataLabel()}
          </text>
        </g>
      ) : null}
    </g>
  );
}
