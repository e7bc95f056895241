// What the embed page shows before or instead of its chart: the chart's place while the engine
// loads, and an error, said to the page around it too.
import { useEffect, useState } from 'react';

import type { Preset } from '../presets/schema';
import { machineAndYear } from '../presets/schema';
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
  const sandboxed = opaqueOrigin(window.origin)
    ? ' This frame is sandboxed without allow-same-origin: its engine loads only from a site ' +
      "that lets every origin read archex's files (Access-Control-Allow-Origin)."
    : '';
  return `The simulation engine did not load: ${error}${sandboxed}`;
}

/**
 * The page while the engine loads: the chart's place kept, and its caption as far as the link
 * tells it without the engine, so the page is about as tall as it will be.
 */
export function EmbedLoading({ presets, fit }: { presets: Preset[]; fit: EmbedFit }) {
  const [preview] = useState(() => previewLink(window.location.search, presets));
  return (
    <figure className="embedded" data-fit={fit}>
      <ChartArea fit={fit} loading>
        {() => null}
      </ChartArea>
      {preview ? (
        <figcaption>
          {preview.title}. {machineAndYear(preview.preset)}; {preview.preset.citation.text}.
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
