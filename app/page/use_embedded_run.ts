// The embed page's one run: its state read once from the link, the chart it shows, the run and
// the pins drawn with it, the page's idle signal, and 'archex:ready' said once it is drawn.
import { useEffect, useLayoutEffect, useState } from 'react';

import type { Engine } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { parseUrlState } from '../link/url_state';
import { fillParams, resolveValues } from '../presets/param_values';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { useEngineRun } from '../ui/use_engine_run';
import type { EmbedMessage } from '../link/embed_snippet';
import { chartOfLink } from './embed_link';
import { urlContext, useTheme } from './page';
import { usePinnedRuns } from './use_pinned_runs';

export function useEmbeddedRun(
  engine: Engine,
  presets: Preset[],
  models: ModelInfo[],
  say: (message: EmbedMessage) => void,
) {
  // The embed page never changes its state: everything is read once from the link.
  const [{ state, chartId, preset, job, specs, parsed }] = useState(() => {
    const ctx = { ...urlContext(presets, models), otherKeys: ['chart'] };
    const read = parseUrlState(window.location.search, ctx);
    const found = presets.find((p) => p.id === read.state.presetId);
    const model = models.find((m) => m.name === found?.model);
    const params =
      found && model ? resolveValues(model.params, presetParams(found), read.state.params) : null;
    return {
      parsed: read,
      state: read.state,
      chartId: new URLSearchParams(window.location.search).get('chart'),
      preset: found,
      specs: model?.params ?? [],
      job:
        found && model && params
          ? {
              request: { model: model.name, params, seed: read.state.seed ?? found.seed },
              tag: found,
            }
          : null,
    };
  });
  useTheme(state.theme);
  const values = job?.request.params ?? {};
  const shown = chartOfLink(parsed, preset, chartId, (c) => fillParams(c.title, specs, values));
  const spec = 'spec' in shown ? shown.spec : undefined;
  const run = useEngineRun(engine, spec ? job : null);
  const pinned = usePinnedRuns(engine, state.pins, presets, models, state);

  const idle =
    !spec ||
    job === null ||
    (pinned.ready && (run.upToDate || run.error !== null || run.held !== null));
  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(idle);
  }, [idle]);
  const drawn = idle && run.upToDate && spec !== undefined;
  useEffect(() => {
    if (!drawn || !spec) return;
    // Said with the height the page is laid out at once the chart is, as the next resize
    // observation sees it: a chart first draws at a default width, then at its measured one, and
    // a height read now would be the first's (the frame would end that tall, its caption cut).
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      say({
        type: 'archex:ready',
        chart: spec.id,
        title: fillParams(spec.title, specs, job?.request.params ?? {}),
        height: Math.ceil(root.getBoundingClientRect().height),
      });
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, [drawn, spec, say, specs, job]);

  return { state, preset, specs, parsed, shown, spec, values, run, pinned };
}
