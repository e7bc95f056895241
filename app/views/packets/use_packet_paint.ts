// The packet view's painting: the network once on the canvas beneath, the packets of the moment
// on the canvas over it, each again when what it shows changes.
import type { RefObject } from 'react';
import { useLayoutEffect } from 'react';

import { sized } from './canvas_size';
import { deadlockAt } from './moment_words';
import type { PacketIndex } from './packet_index';
import type { PacketLayout } from './packet_layout';
import type { Ctx, Theme } from './packet_paint';
import { paintNetwork, paintScene } from './packet_paint';
import type { Scene } from './packet_scene';

export interface Painted {
  underRef: RefObject<HTMLCanvasElement | null>;
  overRef: RefObject<HTMLCanvasElement | null>;
  layout: PacketLayout | null;
  scene: Scene | null;
  index: PacketIndex;
  theme: Theme | null;
  /** Device pixels per layout px. */
  ratio: number;
  selected: number | undefined;
  time: number;
}

export function usePacketPaint({
  underRef,
  overRef,
  layout,
  scene,
  index,
  theme,
  ratio,
  selected,
  time,
}: Painted) {
  const size = scene?.size ?? 0;
  useLayoutEffect(() => {
    const canvas = underRef.current;
    if (!canvas || !layout || !theme) return;
    const ctx = sized(canvas, layout, ratio);
    if (!ctx) return;
    const draw: Ctx = Object.assign(ctx, { fillPath: (p: string) => ctx.fill(new Path2D(p)) });
    paintNetwork(draw, layout, theme, size);
  }, [underRef, layout, theme, size, ratio]);

  useLayoutEffect(() => {
    const canvas = overRef.current;
    if (!canvas || !layout || !scene || !index || !theme) return;
    const ctx = sized(canvas, layout, ratio);
    if (!ctx) return;
    const started = performance.now();
    const knot = deadlockAt(index, layout, time)?.knot;
    paintScene(ctx, layout, index, scene, { theme, selected, ...(knot ? { knot } : {}) });
    // How long the painting took, for the bench to read.
    canvas.dataset.paintMs = (performance.now() - started).toFixed(2);
  }, [overRef, layout, scene, index, selected, theme, time, ratio]);
}
