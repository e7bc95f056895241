// The timeline's axes: time along the top, the rows' labels down the side.
import type { ScaleLinear } from 'd3-scale';

import { formatReadable } from '../../results/format';
import type { TimelineModel } from './timeline_model';
import { LABEL_HEIGHT, LABEL_WIDTH, labelledRows } from './timeline_rows';
import { timelineUnit } from './timeline_words';

const AXIS_HEIGHT = 22;

/** The time axis over the rows, in the trace's unit. */
export function TimeAxis({
  model,
  x,
  width,
  ticks,
}: {
  model: TimelineModel;
  x: ScaleLinear<number, number>;
  width: number;
  ticks: number[];
}) {
  return (
    <svg className="trace-timeline-axis" width={width} height={AXIS_HEIGHT} aria-hidden="true">
      <g transform={`translate(${LABEL_WIDTH},0)`}>
        {ticks.map((t) => (
          <g key={t} transform={`translate(${x(t)},0)`}>
            <line y1={AXIS_HEIGHT - 5} y2={AXIS_HEIGHT} stroke="currentColor" />
            <text y={AXIS_HEIGHT - 8} textAnchor="middle" fontSize={11} fill="currentColor">
              {formatReadable(t, { unit: '' })}
            </text>
          </g>
        ))}
      </g>
      <text x={4} y={AXIS_HEIGHT - 8} fontSize={11} fill="currentColor">
        {timelineUnit(model)}
      </text>
    </svg>
  );
}

/** Each row's label where rows are tall enough, else a few labels spread down the side. */
export function RowLabels({
  model,
  row,
  height,
}: {
  model: TimelineModel;
  row: number;
  height: number;
}) {
  const lanes = model.lanes.length;
  return (
    <div className="trace-timeline-labels" style={{ width: LABEL_WIDTH }} aria-hidden="true">
      {row >= 9
        ? model.lanes.map((l, i) => (
            <div key={i} style={{ height: row, lineHeight: `${row}px` }}>
              {l.label}
            </div>
          ))
        : labelledRows(lanes, row).map((i) => (
            <div
              key={i}
              style={{
                position: 'absolute',
                top: Math.min(i * row, height - LABEL_HEIGHT),
                lineHeight: `${LABEL_HEIGHT}px`,
              }}
            >
              {model.lanes[i]?.label}
            </div>
          ))}
    </div>
  );
}
