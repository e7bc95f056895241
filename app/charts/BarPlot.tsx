import type { ReactNode, RefObject } from 'react';
import { useId } from 'react';

import { Axis } from './Axis';
import type { BarLayout } from './bar_layout';
import { ChartBox, CutText } from './ChartBox';
import { ChartFrame } from './ChartFrame';
import { textWidth } from '../results/format';
import { hatchFill, HatchPatterns } from './Hatch';
import { Legend } from './Legend';
import type { ReadoutTarget } from './Readout';
import { Readout, targetAt } from './Readout';
import { useReadout } from './use_readout';

/** Pinned bars are drawn lighter with a dashed outline. */
const PINNED = { fillOpacity: 0.35, dash: '3 2' } as const;

/**
 * Draws a bar layout: legend, axes, stacked segments, bar labels and (with `totalLabel`) each
 * bar's total above it, where it fits; `children` adds chart-specific marks on top, `targets`
 * are the read-out targets (the layout's segments and any more).
 */
export function BarPlot({
  name,
  title,
  description,
  layout: g,
  targets,
  totalLabel,
  boxRef,
  children,
}: {
  name: string;
  title: string;
  description: string;
  layout: BarLayout;
  targets: ReadoutTarget[];
  totalLabel?: (total: number) => string;
  boxRef: RefObject<HTMLDivElement | null>;
  children?: ReactNode;
}) {
  const { active, svgProps, announce } = useReadout(targets, g, (px, py) =>
    targetAt(targets, px, py),
  );
  const small = g.fontSize - 1;
  const hatchId = useId();
  const hatch = (position: number) => hatchFill(hatchId, position);
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
        <HatchPatterns
          prefix={hatchId}
          positions={g.bars.flatMap((b) => b.segments.flatMap((s) => s.hatch ?? []))}
        />
        <Legend layout={g.legend} x={8 - g.margin.left} y={8 - g.margin.top} hatch={hatch} />
        {g.notes.lines.length > 0 ? (
          <text className="annotation chart-note" fontSize={g.fontSize} y={g.notes.baseline}>
            {g.notes.lines.map((text, i) => (
              <tspan key={i} x={g.notes.x} dy={i === 0 ? 0 : g.notes.lineHeight}>
                {text}
              </tspan>
            ))}
          </text>
        ) : null}
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
        {g.right ? (
          <Axis
            orient="right"
            ticks={g.right.ticks}
            length={g.innerHeight}
            position={g.innerWidth}
            label={g.right.title}
            fullLabel={g.right.titleFull}
            labelOffset={g.right.titleOffset}
          />
        ) : null}
        <line className="baseline" x1={0} x2={g.innerWidth} y1={g.innerHeight} y2={g.innerHeight} />
        {g.bars.map((bar, i) => (
          <g key={`${i}:${bar.label}`} className={bar.pinned ? 'bar pinned' : 'bar'}>
            {bar.segments.map((s) => {
              const pattern = s.hatch === undefined ? undefined : hatch(s.hatch);
              return (
                <rect
                  key={s.key}
                  x={bar.x}
                  y={s.y}
                  width={bar.width}
                  height={s.height}
                  fill={pattern ?? s.color}
                  fillOpacity={bar.pinned ? PINNED.fillOpacity : undefined}
                  stroke={bar.pinned ? s.color : undefined}
                  strokeDasharray={bar.pinned ? PINNED.dash : undefined}
                />
              );
            })}
            {totalLabel &&
            bar.totalShown &&
            textWidth(totalLabel(bar.total), small) <= bar.width + 8 ? (
              <text
                className="bar-total"
                x={bar.centre}
                y={bar.totalBaseline}
                textAnchor="middle"
                fontSize={small}
              >
                {totalLabel(bar.total)}
              </text>
            ) : null}
            <CutText
              className="bar-label"
              text={bar.text}
              full={bar.full}
              transform={`translate(${bar.centre},${g.innerHeight + 8}) rotate(${g.labelRotation})`}
              dy="0.71em"
              textAnchor={g.labelRotation ? 'end' : 'middle'}
            />
          </g>
        ))}
        {children}
        {active ? <Readout target={active} frame={g} fontSize={g.fontSize} /> : null}
      </ChartFrame>
    </ChartBox>
  );
}
