// What an embed page's link asks it to show, or why it cannot show it, in a visitor's words.
import { i18n } from '../i18n/i18n';
import type { ChartSpec, Preset } from '../presets/schema';
import type { ParsedUrl } from '../link/url_state';
import { parseUrlState, URL_VERSION } from '../link/url_state';
import { elideParams } from '../presets/param_values';

/** The chart a link shows, or what stops it. */
export type LinkChart = { spec: ChartSpec } | { problem: string };

/**
 * The chart of `preset` the link `parsed` names by `chartId` (none: the preset's first), or why
 * there is none to show; `title` gives a chart's title as drawn.
 */
export function chartOfLink(
  parsed: Pick<ParsedUrl, 'dropped' | 'unread'>,
  preset: Preset | undefined,
  chartId: string | null,
  title: (spec: ChartSpec) => string,
): LinkChart {
  if (parsed.unread?.reason === 'damaged') return { problem: i18n.t('explorer:embed.damaged') };
  if (parsed.unread?.reason === 'version')
    return {
      problem: i18n.t('explorer:embed.version', {
        version: String(parsed.unread.version),
        latest: String(URL_VERSION),
      }),
    };
  if (!preset) {
    return {
      problem:
        parsed.dropped.length > 0
          ? i18n.t('explorer:embed.noExperimentIgnored', { what: parsed.dropped.join('; ') })
          : i18n.t('explorer:embed.noExperiment'),
    };
  }
  if (chartId === null) return { spec: preset.charts[0]! };
  const spec = preset.charts.find((c) => c.id === chartId);
  if (spec) return { spec };
  const charts = preset.charts
    .map((c) => i18n.t('explorer:embed.chartItem', { id: c.id, title: title(c) }))
    .join('; ');
  return {
    problem: i18n.t('explorer:embed.noChart', { chart: chartId, title: preset.title, charts }),
  };
}

/**
 * What a link that can be shown held but could not use, in words (its defaults stand in), or
 * null when it was whole.
 */
export function partlyRead(dropped: string[]): string | null {
  return dropped.length === 0
    ? null
    : i18n.t('explorer:embed.partly', { what: dropped.join('; ') });
}

/**
 * The preset and chart the link `search` names, read before the engine has loaded (so without its
 * parameters, which only the engine's models describe), with the chart's title as far as it is
 * known: for the caption while the chart loads. Null where the link shows no chart.
 */
export function previewLink(
  search: string,
  presets: Preset[],
): { preset: Preset; spec: ChartSpec; title: string } | null {
  const ctx = { presetIds: presets.map((p) => p.id), specsFor: () => [], otherKeys: ['chart'] };
  const parsed = parseUrlState(search, ctx);
  const preset = presets.find((p) => p.id === parsed.state.presetId);
  const chartId = new URLSearchParams(search).get('chart');
  const shown = chartOfLink(parsed, preset, chartId, (c) => elideParams(c.title));
  return preset && 'spec' in shown
    ? { preset, spec: shown.spec, title: elideParams(shown.spec.title) }
    : null;
}
