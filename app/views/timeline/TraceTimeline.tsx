// The timeline view (Paraver / Perfetto style) of a trace whose machine declares its timeline (a
// J-Machine program's, a Paragon NX run's): one row per processor coloured by what it does,
// messages as arrows between rows, a cursor at the player's time. Drawn on canvas: a 512-node run has tens of thousands of spans and
// arrows, redrawn at every zoom, pan and player step, which SVG elements cannot keep up with; the
// time axis, the legend and the detail of a clicked span are HTML and SVG beside it.
// Zoom with the wheel, the buttons or + and -, pan by dragging or Shift+arrows; the span in sight
// goes to the link. A click picks the arrow within a few pixels or else the span under it; the
// selection id numbers spans first (lane by lane, in time order), then arrows in send order
// (timeline_hit.ts). With the canvas focused, , and . step along the selected span's row and
// the up and down arrows move to the row above or below. Rows are 4 to 18 px so up to 140 fit
// the 560 px box; more rows scroll in it, or "Rows: all in view" squeezes them (below 1 px each
// for 1,024 nodes, as Paraver does) or fixes them at 8 or 16 px.
import { scaleLinear } from 'd3-scale';
import { useCallback, useId, useMemo, useRef, useState } from 'react';

import { playedEnd } from '../../engine/trace';
import type { ViewProps } from '../../presets/view_kinds';
import { useT } from '../../i18n/i18n';
import { Narration } from '../Narration';
import { WhenBuilt } from '../use_prepared';
import { stateColors } from './timeline_colors';
import { arrowsInSight, picked } from './timeline_hit';
import { onTimelineKey } from './timeline_keys';
import type { TimelineModel } from './timeline_model';
import { runNodes, timelineSliced } from './timeline_model';
import type { RowChoice } from './timeline_rows';
import { LABEL_WIDTH, MAX_HEIGHT, rowHeight } from './timeline_rows';
import { zoomWindow } from './timeline_window';
import { describeTimeline } from './timeline_words';
import { RowLabels, TimeAxis } from './TimelineAxes';
import { ArrowDetail, SpanDetail } from './TimelineDetail';
import { TimelineLegend } from './TimelineLegend';
import { TimelineTools } from './TimelineTools';
import { useTimelinePaint } from './use_timeline_paint';
import { useTimelinePointer } from './use_timeline_pointer';
import { useWheelZoom } from './use_wheel_zoom';
import { numberText } from '../../presets/number_format';
import './TraceTimeline.css';

/** The timeline: its model built in slices, then the drawing. */
export function TraceTimeline(props: ViewProps) {
  const { outcome } = props;
  const t = useT('views');
  const make = useCallback(
    () => timelineSliced(outcome.trace, playedEnd(outcome.trace), runNodes(outcome)),
    [outcome],
  );
  return (
    <WhenBuilt make={make} what={t('timeline.building')} onReady={props.onReady}>
      {(model) => <TimelineDrawing {...props} model={model} />}
    </WhenBuilt>
  );
}

/** The drawing of a built timeline (the view once it is built; tests render it). */
export function TimelineDrawing({
  time,
  selected,
  window,
  width,
  playing,
  onSelect,
  onWindow,
  onTime,
  model,
}: ViewProps & { model: TimelineModel }) {
  const t = useT('views');
  const colors = useMemo(() => stateColors(model), [model]);
  const full: [number, number] = [model.from, Math.max(model.end, model.from + 1)];
  const shown = window && window[1] > window[0] ? window : full;
  const [rowChoice, setRowChoice] = useState<RowChoice>('auto');
  const row = rowHeight(rowChoice, model.lanes.length);
  const plotWidth = Math.max(120, width - LABEL_WIDTH - 8);
  const height = model.lanes.length * row;
  const x = scaleLinear().domain(shown).range([0, plotWidth]);
  const [s0, s1] = shown;

  const canvas = useRef<HTMLCanvasElement>(null);
  useWheelZoom(canvas, shown, full, plotWidth, onWindow);
  useTimelinePaint(canvas, { model, colors, shown, plotWidth, row, height, selected });
  const pointer = useTimelinePointer({ model, shown, full, plotWidth, row, onWindow, onSelect });
  const zoomBy = (factor: number) =>
    onWindow?.(zoomWindow(shown, factor, (shown[0] + shown[1]) / 2, full[0], full[1]));
  const keys = { model, selected, time, shown, full, zoomBy, onWindow, onSelect };

  // What the canvas shows at the player's time, in words, said at a listener's pace (Narration).
  const words = useCallback(() => describeTimeline(model, time), [model, time]);
  const wordsId = useId();

  const ticks = x.ticks(Math.max(2, Math.floor(plotWidth / 110)));
  const chosen = picked(model, selected);
  const inSight = useMemo(() => arrowsInSight(model, [s0, s1]), [model, s0, s1]);

  return (
    <div className="trace-timeline">
      <TimelineTools
        model={model}
        shown={shown}
        zoomed={!!window}
        rowChoice={rowChoice}
        setRowChoice={setRowChoice}
        zoomBy={zoomBy}
        onWindow={onWindow}
      />
      <TimeAxis model={model} x={x} width={width} ticks={ticks} />
      <div className="trace-timeline-rows" style={{ maxHeight: MAX_HEIGHT }}>
        <RowLabels model={model} row={row} height={height} />
        <div className="trace-timeline-plot" style={{ width: plotWidth, height }}>
          <canvas
            ref={canvas}
            style={{ width: plotWidth, height }}
            {...pointer}
            onKeyDown={(event) => onTimelineKey(event, keys)}
            tabIndex={0}
            role="img"
            aria-label={t('timeline.canvas')}
            aria-describedby={wordsId}
          />
          {time >= s0 && time <= s1 ? (
            <div className="trace-timeline-cursor" style={{ left: x(time) - 1, height }} />
          ) : null}
        </div>
      </div>
      <TimelineLegend model={model} colors={colors} />
      <p className="trace-note trace-timeline-counts">
        {t('timeline.counts', {
          spans: numberText(model.spans.start.length),
          messages: numberText(model.arrows.sent.length),
          drawn: inSight.drawn.length < inSight.inSight ? numberText(inSight.drawn.length) : 'all',
          inSight: numberText(inSight.inSight),
        })}
      </p>
      <Narration id={wordsId} words={words} playing={playing} />
      {chosen?.kind === 'span' ? (
        <SpanDetail model={model} index={chosen.index} onTime={onTime} />
      ) : chosen?.kind === 'arrow' ? (
        <ArrowDetail model={model} index={chosen.index} onTime={onTime} />
      ) : (
        <p className="trace-note">{t('timeline.clickHint')}</p>
      )}
    </div>
  );
}
