// The trace player's state: the time shown, playing or not, its speed, and what its buttons and
// keys do. The time shown lives here while playing and just after a step, and goes to the link
// once it rests, so neither a frame nor a step rewrites the address.
import type { KeyboardEvent } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { Span } from './player';
import { DEFAULT_SPEED, advance, clampTime, stepTime } from './player';

/** How long the time shown must rest before the link is rewritten with it. */
const LINK_DELAY_MS = 300;

/**
 * The player over `span`, at rest at `rest` (the link's time); `onRest` writes a time to the link
 * once it has rested LINK_DELAY_MS.
 */
export function usePlayer(rest: number, span: Span, onRest: (time: number) => void) {
  // The time shown lives here while playing and just after a step, and goes to the link once it
  // rests (LINK_DELAY_MS), so neither a frame nor a step rewrites the address and re-renders the
  // page; at rest it is the link's (back and forward move it).
  const [local, setLocal] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const time = local ?? clampTime(rest, span);
  const [speed, setSpeed] = useState(DEFAULT_SPEED);
  const linkTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(linkTimer.current), []);

  const settle = (next: number) => {
    const t = clampTime(next, span);
    setPlaying(false);
    setLocal(t);
    clearTimeout(linkTimer.current);
    linkTimer.current = setTimeout(() => {
      onRest(t);
      setLocal(null);
    }, LINK_DELAY_MS);
  };

  // The frame loop starts from the time shown and reads the latest window and settle without
  // restarting.
  const latest = useRef({ time, span, settle });
  useLayoutEffect(() => {
    latest.current = { time, span, settle };
  });
  useEffect(() => {
    if (!playing) return;
    let t = latest.current.time;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      const moved = advance(t, speed, now - last, latest.current.span);
      last = now;
      t = moved.time;
      if (moved.ended) {
        latest.current.settle(moved.time);
        return;
      }
      setLocal(t);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [playing, speed]);

  const togglePlay = () => {
    if (playing) {
      settle(time);
      return;
    }
    clearTimeout(linkTimer.current);
    setLocal(time >= span.end ? span.from : time);
    setPlaying(true);
  };
  const step = (delta: 1 | -1) => settle(stepTime(time, delta, span));

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // A view's own keys (the goal tree's arrows) come first.
    if (event.defaultPrevented) return;
    // A field keeps its own keys; a button (Play, Pause) only its own activation, space: End
    // works from Pause, where the focus is after pressing Play.
    if (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
    if (target.tagName === 'BUTTON' && event.key === ' ') return;
    const actions: Record<string, () => void> = {
      ' ': togglePlay,
      ArrowRight: () => step(1),
      ArrowLeft: () => step(-1),
      Home: () => settle(span.from),
      End: () => settle(span.end),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return { time, playing, speed, setSpeed, settle, togglePlay, step, onKeyDown };
}
