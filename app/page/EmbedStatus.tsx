// What the embed page shows before or instead of its chart: the chart's place while the engine
// loads, and an error, said to the page around it too.
import { machineLine } from '../presets/machines';
import { Rich } from '../i18n/Rich';
import { i18n, useReading } from '../i18n/i18n';
import { useEffect, useState } from 'react';

import type { Preset } from '../presets/schema';
import { opaqueOrigin } from './embed_boot';
import type { EmbedFit } from './embed_frame';
import { previewLink } from './embed_link';
import type { EmbedMessage } from '../link/embed_snippet';
import { ChartArea } from './EmbedChartArea';

/**
 * The engine's failure in words; in a frame sandboxed without allow-same-origin, what that frame
 * needs of archex's site too.
 */
export function engineFailed(error: string): string {
  return i18n.t('explorer:embed.engineFailed', {
    error,
    sandboxed: opaqueOrigin(window.origin) ? 'yes' : 'no',
  });
}

/**
 * The page while the engine loads: the chart's place kept, and its caption as far as the link
 * tells it without the engine, so the page is about as tall as it will be.
 */
export function EmbedLoading({ presets, fit }: { presets: Preset[]; fit: EmbedFit }) {
  const { lang } = useReading();
  const [preview] = useState(() => previewLink(window.location.search, presets));
  return (
    <figure className="embedded" data-fit={fit}>
      <ChartArea fit={fit} loading>
        {() => null}
      </ChartArea>
      {preview ? (
        <figcaption>
          <Rich
            k="explorer:embed.caption"
            values={{
              title: preview.title,
              machine: machineLine(preview.preset.machine, lang)?.name ?? preview.preset.machine,
              year: preview.preset.year === undefined ? 'none' : String(preview.preset.year),
            }}
            parts={{ citation: <span translate="no">{preview.preset.citation.text}</span> }}
          />
        </figcaption>
      ) : null}
    </figure>
  );
}

/** An error the embed page shows, said to the page around it too ('archex:error'). */
export function EmbedError({ message, say }: { message: string; say(m: EmbedMessage): void }) {
  useEffect(() => say({ type: 'archex:error', message }), [message, say]);
  return (
    <p className="banner error" role="alert">
      {message}
    </p>
  );
}
