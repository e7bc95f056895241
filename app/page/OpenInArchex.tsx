// The embed page's link back to the full explorer, which a frame opens in a new tab.
import { useT } from '../i18n/i18n';
import type { MouseEvent } from 'react';
import { useEffect, useRef, useState } from 'react';

import { framed } from './embed_boot';

/**
 * The link back to the explorer. From a frame it opens a new tab, leaving the page around the
 * chart where it is; where that page refuses the frame new tabs (a sandbox without allow-popups),
 * it says so and offers the address to copy.
 */
export function OpenInArchex({ href }: { href: string }) {
  const t = useT('explorer');
  const [refused, setRefused] = useState(false);
  const address = useRef<HTMLInputElement>(null);
  const inFrame = framed();
  useEffect(() => {
    if (refused) address.current?.select();
  }, [refused]);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!inFrame) return;
    event.preventDefault();
    // Not 'noopener': with it the browser answers null whether or not it opened the tab.
    const tab = window.open(href, '_blank');
    if (tab === null) {
      setRefused(true);
      return;
    }
    try {
      tab.opener = null;
    } catch {
      // The tab is already of another origin, and cannot reach this page either.
    }
  };
  return (
    <>
      <a href={href} target={inFrame ? '_blank' : undefined} rel="noopener" onClick={open}>
        {t('openIn.link')}
      </a>
      {refused ? (
        <span className="banner notice embedded-open" role="alert">
          {t('openIn.refused')}
          <input
            ref={address}
            readOnly
            value={href}
            aria-label={t('openIn.address')}
            onFocus={(event) => event.currentTarget.select()}
          />
        </span>
      ) : null}
    </>
  );
}
