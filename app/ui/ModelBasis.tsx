import { useId } from 'react';

import type { ParamSpec, Params } from '../engine/types';
import { useT } from '../i18n/i18n';
import { Rich } from '../i18n/Rich';
import { valueText } from '../presets/param_values';
import type { ParamBasis, Preset } from '../presets/schema';
import './model_basis.css';

interface Entry {
  name: string;
  label: string;
  value: string;
  source: string;
}

/** The preset's inputs the paper does not state, by basis, in the model's order. */
export function basisEntries(
  preset: Preset,
  specs: ParamSpec[],
  paperValues: Params,
): Record<ParamBasis, Entry[]> {
  const out: Record<ParamBasis, Entry[]> = { calibrated: [], assumed: [] };
  for (const spec of specs) {
    const entry = preset.params[spec.name];
    const value = paperValues[spec.name];
    if (!entry?.basis || value === undefined) continue;
    out[entry.basis].push({
      name: spec.name,
      label: spec.label,
      value: valueText(spec, value),
      source: entry.source,
    });
  }
  return out;
}

/**
 * Beside the model-vs-paper table: which costs were calibrated and on what target, and which
 * values are the model's own assumptions, so a reader sees why a number is what it is without
 * opening each field's help.
 */
export function ModelBasis({
  preset,
  specs,
  paperValues,
  mask = (text) => text,
}: {
  preset: Preset;
  specs: ParamSpec[];
  paperValues: Params;
  /** The words as shown: a tour's open question holds back the numbers that state its answer. */
  mask?: (text: string) => string;
}) {
  const t = useT('explorer');
  // Side by side draws one per pane: the heading's id is the pane's own.
  const titleId = useId();
  const { calibrated, assumed } = basisEntries(preset, specs, paperValues);
  if (calibrated.length + assumed.length === 0) return null;
  const list = (entries: Entry[], basis: ParamBasis) => (
    <ul>
      {entries.map((e) => (
        <li key={e.name} data-basis={basis} data-param={e.name}>
          <Rich
            k="explorer:basis.entry"
            values={{ value: e.value, source: mask(e.source) }}
            parts={{ label: <strong>{e.label}</strong> }}
          />
        </li>
      ))}
    </ul>
  );
  return (
    <section className="model-basis" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('basis.title')}</h3>
      <p>{t('basis.text')}</p>
      {calibrated.length > 0 ? (
        <>
          <h4>{t('basis.calibrated', { count: String(calibrated.length) })}</h4>
          {list(calibrated, 'calibrated')}
        </>
      ) : null}
      {assumed.length > 0 ? (
        <details>
          <summary>{t('basis.assumed', { count: String(assumed.length) })}</summary>
          {list(assumed, 'assumed')}
        </details>
      ) : null}
    </section>
  );
}
