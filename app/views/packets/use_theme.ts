// The packet view's colours as the page's theme resolves them, read again when it changes.
import type { RefObject } from 'react';
import { useLayoutEffect, useState } from 'react';

import { palette } from '../../charts/palette';
import type { Theme } from './packet_paint';

/**
 * The theme's colours as the page resolves them (light or dark): packets.css sets the box's
 * colour, border, outline and text decoration colours from the page's variables.
 */
function readTheme(box: HTMLElement): Theme {
  const style = getComputedStyle(box);
  return {
    fg: style.color || '#1d232b',
    muted: style.outlineColor || palette.grey,
    border: style.borderTopColor || '#d5dbe1',
    accent: style.textDecorationColor || palette.blue,
    bg: style.backgroundColor || '#ffffff',
  };
}

/** The theme's colours, read again when the page's theme or the system's changes. */
export function useTheme(box: RefObject<HTMLElement | null>): Theme | null {
  const [theme, setTheme] = useState<Theme | null>(null);
  useLayoutEffect(() => {
    const read = () => {
      if (box.current) setTheme(readTheme(box.current));
    };
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    });
    const media = window.matchMedia?.('(prefers-color-scheme: dark)');
    media?.addEventListener?.('change', read);
    return () => {
      observer.disconnect();
      media?.removeEventListener?.('change', read);
    };
  }, [box]);
  return theme;
}
