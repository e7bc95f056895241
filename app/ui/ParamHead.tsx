import { useId, useState } from 'react';

import type { ParamSpec } from '../engine/types';
import { i18n, useT } from '../i18n/i18n';
import type { Baseline } from '../presets/param_values';
import { unitSymbol } from '../presets/units';
import './params.css';

export interface ParamHeadProps {
  spec: ParamSpec;
  /** The id of the field the label names. */
  inputId: string;
  /** The preset's value as text. */
  paperText: string;
  source: string | undefined;
  baseline: Baseline;
  /** The value or the typed text differs from the preset's, so a reset does something. */
  changed: boolean;
  onReset(): void;
}

/**
 * What a parameter means and where its value comes from, for the "?" button. Separate lines:
 * the description, then the source.
 */
export function paramInfo(
  spec: ParamSpec,
  paperText: string,
  source: string | undefined,
  baseline: Baseline,
): string[] {
  return [
    spec.description,
    source ? i18n.t('explorer:paramHead.source', { baseline, value: paperText, source }) : '',
  ].filter(Boolean);
}

/**
 * A parameter's label, a "?" button that shows what it means and where the value comes from
 * (on a click or tap, and on keyboard focus, so it works without a mouse), and reset.
 */
export function ParamHead(props: ParamHeadProps) {
  const { spec, inputId, paperText, source, baseline, changed, onReset } = props;
  const t = useT('explorer');
  const tipId = useId();
  const [open, setOpen] = useState(false);
  const info = paramInfo(spec, paperText, source, baseline);
  return (
    <>
      <div className="param-head">
        <span className="param-name">
          <label htmlFor={inputId}>
            {spec.label}
            {spec.unit ? (
              <span className="unit">{t('paramHead.unit', { unit: unitSymbol(spec.unit) })}</span>
            ) : null}
          </label>
          {info.length > 0 ? (
            <button
              type="button"
              className="info"
              aria-label={t('paramHead.about', { label: spec.label })}
              aria-expanded={open}
              aria-controls={tipId}
              data-param-info={spec.name}
              onClick={() => setOpen((o) => !o)}
              // A keyboard user gets the text on arriving; a click's own focus leaves it to the
              // click, which would otherwise close what the focus just opened.
              onFocus={(e) => {
                if (e.currentTarget.matches(':focus-visible')) setOpen(true);
              }}
              onBlur={() => setOpen(false)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') setOpen(false);
              }}
            >
              ?
            </button>
          ) : null}
        </span>
        <button
          type="button"
          className="reset"
          onClick={onReset}
          disabled={!changed}
          aria-label={t('paramHead.resetLabel', { label: spec.label, baseline, value: paperText })}
          title={t('paramHead.resetTitle', { baseline, value: paperText })}
        >
          ↺
        </button>
      </div>
      {info.length > 0 ? (
        <div id={tipId} className="param-tip" role="note" hidden={!open}>
          {info.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The message under an invalid field, with the valid range; `id` is its aria-describedby. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {error}
    </p>
  );
}
