// The packet view: a network at one cycle of its trace, each packet a coloured worm of flits in
// the buffers it holds, blocked heads marked with why they wait, held circuits, credits on
// request, and a followed packet with its latency split. Drawn on canvas, not SVG: a 256-node
// network near saturation holds a thousand flits or more, redrawn every frame while playing,
// which an SVG of as many elements cannot do at 60 frames a second; the network itself is
// painted once on a canvas beneath. The legend, the controls and the text summary are HTML.
import './packets.css';

import type { MouseEvent } from 'react';
import { useCallback, useId, useMemo, useRef, useState } from 'react';

import type { NetworkMap } from '../../engine/types';
import type { ViewProps } from '../../presets/view_kinds';
import { useT } from '../../i18n/i18n';
import { Narration } from '../Narration';
import { joinSentences } from '../../i18n/join';

import type { Sliced } from '../sliced';
import { WhenBuilt } from '../use_prepared';
import { useBackingRatio, useOthersHeight, zoomOf } from './canvas_size';
import { FollowedPacket } from './FollowedPacket';
import { describeMoment, followedText } from './moment_words';
import { indexTrace, tracedNetwork } from './open_index';
import { PacketControls } from './PacketControls';
import type { PacketIndex } from './packet_index';
import { packetLayout } from './packet_layout';
import { PacketLegend } from './PacketLegend';
import { FlowNote, RunNote } from './PacketNotes';
import { buildScene, packetAt } from './packet_scene';
import { describeCycle } from './packet_words';
import { usePacketPaint } from './use_packet_paint';
import { useTheme } from './use_theme';
import { useZoom } from './use_zoom';

/** The tallest the drawing gets, px, unless the view is given a height to fill. */
const MAX_HEIGHT = 720;
/** The least height a drawing fitted to a height keeps, px. */
const MIN_HEIGHT = 120;

/** A run with no network has no index to build: its one step is all of it. */
function* noIndex(): Sliced<null> {
  yield 1;
  return null;
}

/** The packet view (see the file's head): its index built in slices, then the drawing. */
export function PacketView(props: ViewProps) {
  const { outcome } = props;
  const t = useT('views');
  const network = useMemo(() => tracedNetwork(outcome), [outcome]);
  const make = useCallback(
    (): Sliced<PacketIndex | null> => (network ? indexTrace(outcome, network) : noIndex()),
    [outcome, network],
  );
  return (
    <WhenBuilt make={make} what={t('packets.indexing')} onReady={props.onReady}>
      {(index) =>
        network && index ? (
          <PacketDrawing {...props} network={network} index={index} />
        ) : (
          <p className="packet-empty">{t('packets.noNetwork')}</p>
        )
      }
    </WhenBuilt>
  );
}

/** The drawing of an indexed trace (the view once its index is built; tests render it). */
export function PacketDrawing({
  outcome,
  time,
  selected,
  width,
  height,
  playing,
  onSelect,
  network,
  index,
}: ViewProps & { network: NetworkMap; index: PacketIndex }) {
  const t = useT('views');
  const [plane, setPlane] = useState(0);
  const [credits, setCredits] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const { zoom, scale, setZoom, most } = useZoom(scroller, width, network !== null);
  const box = useRef<HTMLDivElement>(null);
  // Given a height, the drawing takes what the view's other parts leave of it.
  const others = useOthersHeight(box, scroller, height, Boolean(network && index));
  const fitted = height === undefined ? MAX_HEIGHT : Math.max(MIN_HEIGHT, height - others);
  const layout = useMemo(
    () =>
      network && index
        ? packetLayout(network, {
            width: width * zoom,
            maxHeight: fitted * zoom,
            plane,
            buffer: index.buffer,
          })
        : null,
    [network, index, width, plane, zoom, fitted],
  );
  const frame = index ? index.frame(time) : null;
  const scene = useMemo(
    () => (layout && index && frame ? buildScene(layout, index, frame, credits) : null),
    [layout, index, frame, credits],
  );
  const summaryId = useId();
  const under = useRef<HTMLCanvasElement>(null);
  const over = useRef<HTMLCanvasElement>(null);
  const theme = useTheme(box);
  const ratio = useBackingRatio(over, layout?.width ?? 0);

  // The picture in words for a screen reader, written when it is to be said (Narration).
  const words = useCallback(() => {
    if (!index || !layout) return '';
    const moment = index.frame(time);
    const text = describeCycle(index, layout, moment);
    return selected === undefined
      ? text
      : joinSentences([text, followedText(selected, index, layout, moment.state, time)]);
  }, [index, layout, time, selected]);

  usePacketPaint({
    underRef: under,
    overRef: over,
    layout,
    scene,
    index,
    theme,
    ratio,
    selected,
    time,
  });

  if (!network || !index || !layout || !scene || !frame) {
    return <p className="packet-empty">{t('packets.noNetwork')}</p>;
  }

  const onClick = (event: MouseEvent<HTMLCanvasElement>) => {
    // The click in the layout's px, under any CSS zoom around the view.
    const rect = event.currentTarget.getBoundingClientRect();
    const shown = zoomOf(event.currentTarget, layout.width);
    const [x, y] = [(event.clientX - rect.left) / shown, (event.clientY - rect.top) / shown];
    onSelect(packetAt(scene, layout, x, y));
  };

  // The packets a keyboard can follow: those on their way now, and the followed one.
  const followable = [...frame.state.inFlight].sort((a, b) => a - b).slice(0, 300);
  if (selected !== undefined && !followable.includes(selected)) followable.unshift(selected);
  const summary = describeMoment(time, index, layout, scene, frame.state, selected);

  return (
    <div className="packet-view" ref={box}>
      <PacketControls
        index={index}
        layout={layout}
        followable={followable}
        selected={selected}
        onSelect={onSelect}
        credits={credits}
        onCredits={setCredits}
        zoom={zoom}
        most={most}
        setZoom={setZoom}
        setPlane={setPlane}
      />
      <RunNote outcome={outcome} index={index} layout={layout} time={time} />
      <div
        ref={scroller}
        className="packet-scroll"
        data-zoom={zoom}
        // Zoomed, the drawing pans within a screenful.
        style={zoom > 1 ? { maxHeight: `min(${fitted}px, 80vh)` } : undefined}
      >
        <div
          className="packet-canvas"
          style={{
            width: layout.width,
            height: layout.height,
            ...(scale !== 1 ? { transform: `scale(${scale})` } : {}),
          }}
        >
          <canvas ref={under} style={{ width: layout.width, height: layout.height }} />
          <canvas
            ref={over}
            className="packet-over"
            style={{ width: layout.width, height: layout.height }}
            onClick={onClick}
            role="img"
            aria-label={t('packets.canvas')}
            aria-describedby={`${summaryId}-words`}
          />
        </div>
      </div>
      {selected !== undefined ? (
        <FollowedPacket
          selected={selected}
          index={index}
          layout={layout}
          state={frame.state}
          time={time}
        />
      ) : null}
      {credits ? <FlowNote index={index} /> : null}
      <PacketLegend index={index} layout={layout} />
      <p id={summaryId} className="packet-summary">
        {summary}
      </p>
      <Narration id={`${summaryId}-words`} words={words} playing={playing} />
    </div>
  );
}
