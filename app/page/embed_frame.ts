// The embed page's side of the embed API (link/embed_snippet.ts): how it lays itself out in a
// frame and what it tells the page around it.
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';

import { framed, tellHost } from './embed_boot';
import type { EmbedMessage } from '../link/embed_snippet';
import { isFitMessage } from '../link/embed_snippet';

/**
 * How the embed page is laid out: 'frame' fills the frame it is in (its height is the host's:
 * no script of archex's runs there to change it), 'content' takes the height its chart needs
 * (outside a frame, or once the host asked it to fit and so will follow its height).
 */
export type EmbedFit = 'frame' | 'content';

/**
 * Whether the page around this one asked it to fit ('archex:fit'). Made as the page's script
 * starts, before anything is drawn: the snippet's script asks as the frame loads, which may be
 * before React has rendered.
 */
export class FitRequests {
  private asked = false;
  private readonly listeners = new Set<() => void>();

  constructor(target: Pick<Window, 'addEventListener' | 'parent'>) {
    target.addEventListener('message', (event: MessageEvent) => {
      if (this.asked || event.source !== target.parent || !isFitMessage(event.data)) return;
      this.asked = true;
      for (const listener of this.listeners) listener();
    });
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly fitAsked = () => this.asked;
}

/**
 * The embed page in its frame: its fit, and `say` for the page around it. Once asked to fit, it
 * reports its height now and whenever it changes ('archex:resized').
 */
export function useEmbedFrame(requests: FitRequests): {
  fit: EmbedFit;
  say(message: EmbedMessage): void;
} {
  const asked = useSyncExternalStore(requests.subscribe, requests.fitAsked);
  const fit: EmbedFit = asked || !framed() ? 'content' : 'frame';
  useEffect(() => {
    if (fit !== 'content' || !framed()) return;
    const root = document.documentElement;
    let last = -1;
    const post = () => {
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      tellHost({ type: 'archex:resized', height });
    };
    post();
    const observer = new ResizeObserver(post);
    observer.observe(root);
    return () => observer.disconnect();
  }, [fit]);
  return { fit, say: tellHost };
}

/** The size of the element `ref` is attached to, whole px; null until it has one. */
export function useMeasuredSize(): {
  ref: RefObject<HTMLDivElement | null>;
  size: { width: number; height: number } | null;
} {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) =>
      setSize((old) => {
        const next = { width: Math.floor(width), height: Math.floor(height) };
        if (next.width <= 0) return null;
        return old?.width === next.width && old.height === next.height ? old : next;
      });
    const box = element.getBoundingClientRect();
    update(box.width, box.height);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) update(entry.contentRect.width, entry.contentRect.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}
