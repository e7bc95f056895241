// Draws a line-chart geometry: frame, legend and axes, the plot's lines and words, the read-out.
import type { RefObject } from 'react';
import { useId } from 'react';

import { Axis } from './Axis';
import { ChartBox } from './ChartBox';
import { ChartFrame } from './ChartFrame';
import { Legend } from './Legend';
import { PlotLines, SaturationTicks } from './LineCurves';
import type { LineChartGeometry } from './line_geometry';
import { Marks, PlotNote, RuleLabels } from './LineLabels';
import { nearestTarget, Readout } from './Readout';
import { useReadout } from './use_readout';

/** Draws a line-chart geometry; the line, latency-load and speedup charts share it. */
export function LinePlot({
  name,
  title,
  description,
  geometry: g,
  boxRef,
}: {
  name: string;
  title: string;
  description: string;
  geometry: LineChartGeometry;
  boxRef: RefObject<HTMLDivElement | null>;
}) {
  const clipId = useId();
  const { active, svgProps, announce } = useReadout(g.targets, g, (px, py) =>
    nearestTarget(g.targets, px, py),
  );
  return (
    <ChartBox boxRef={boxRef} announce={announce}>
      <ChartFrame
        name={name}
        size={g.size}
        margin={g.margin}
        title={title}
        description={description}
        pixelSize={{ fontSize: g.fontSize }}
        svgProps={svgProps}
      >
        <defs>
          <clipPath id={clipId}>
            <rect x={-6} y={-6} width={g.innerWidth + 12} height={g.innerHeight + 12} />
          </clipPath>
        </defs>
        <Legend layout={g.legend} x={8 - g.margin.left} y={8 - g.margin.top} />
        <Axis
          orient="bottom"
          ticks={g.xTicks}
          length={g.innerWidth}
          position={g.innerHeight}
          grid={g.innerHeight}
          label={g.xTitle}
          fullLabel={g.xTitleFull}
          labelOffset={g.xTitleOffset}
        />
        <Axis
          orient="left"
          ticks={g.yTicks}
          length={g.innerHeight}
          position={0}
          grid={g.innerWidth}
          label={g.yTitle}
          fullLabel={g.yTitleFull}
          labelOffset={g.yTitleOffset}
        />
        <PlotLines g={g} clipId={clipId} />
        <SaturationTicks g={g} />
        <RuleLabels g={g} />
        <Marks g={g} />
        <PlotNote g={g} />
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
