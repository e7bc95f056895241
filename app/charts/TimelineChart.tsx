import { useId, useMemo } from 'react';

import { Axis } from './Axis';
import { ChartBox, CutText } from './ChartBox';
import type { ChartProps } from './ChartBox';
import type { TimelineData } from '../results/chart_data';
import { ChartFrame } from './ChartFrame';
import { hatchFill, HatchPatterns } from './Hatch';
import { Legend } from './Legend';
import { Readout } from './Readout';
import { describeTimeline } from './timeline_chart_words';
import { timelineHeight } from './timeline_frame';
import { timelineGeometry, timelineTargetAt } from './timeline_geometry';
import { IDLE_COLOR, STYLE } from './timeline_style';
import { useMeasuredWidth } from './use_measured_width';
import { useReadout } from './use_readout';

/**
 * Per-processor timeline: one band per processor, each state's share of every time bin stacked
 * from the band's bottom, idle time left as the band's background.
 */
export function TimelineChart({
  name,
  title,
  description,
  data,
  width,
  height,
  fontSize,
}: ChartProps<TimelineData>) {
  const { ref, width: w } = useMeasuredWidth(width);
  const h = height ?? timelineHeight(data, w, fontSize);
  // Hovering re-renders; the geometry of a large timeline is worth keeping across those renders.
  const g = useMemo(
    () => timelineGeometry(data, { width: w, height: h, fontSize }),
    [data, w, h, fontSize],
  );
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    timelineTargetAt(g, px, py),
  );
  const hatchId = useId();
  const hatch = (position: number) => hatchFill(hatchId, position);
  return (
    <ChartBox boxRef={ref} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description ?? describeTimeline(data)}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <HatchPatterns prefix={hatchId} positions={g.hatches.flatMap((p) => p ?? [])} />
        <Legend layout={g.legend} x={8 - g.margin.left} y={8 - g.margin.top} hatch={hatch} />
        {g.rows.map((row, r) => (
          <g key={`${r}:${row.label}`} className="timeline-row">
            <rect y={row.y} width={g.innerWidth} height={row.height} fill={IDLE_COLOR} />
            {row.paths.map((p) => {
              const pattern = p.d && p.hatch !== undefined ? hatch(p.hatch) : undefined;
              return p.d ? <path key={p.key} d={p.d} fill={pattern ?? p.color} /> : null;
            })}
            {row.text ? (
              <CutText
                text={row.text}
                full={row.label}
                x={-STYLE.labelGap}
                y={row.y + row.height / 2}
                dy="0.32em"
                textAnchor="end"
              />
            ) : null}
          </g>
        ))}
        <Axis
          orient="bottom"
          ticks={g.xTicks}
          length={g.innerWidth}
          position={g.innerHeight}
          label={g.xTitle}
          fullLabel={g.xTitleFull}
          labelOffset={g.xTitleOffset}
        />
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
