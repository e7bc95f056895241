import { useId } from 'react';

import type { ParamSpec } from '../engine/types';
import { sameValue } from '../engine/types';
import { formatValue } from './param_values';

export interface ListParamControlProps {
  spec: ParamSpec;
  value: number[];
  /** Text typed into the field that is not (yet) a valid list. */
  draft: string | undefined;
  error: string | undefined;
  paperValue: number[];
  source: string | undefined;
  onDraft(text: string): void;
  onReset(): void;
}

/** A sweep parameter: the list of values drawn as separate curves, edited as text. */
export function ListParamControl(props: ListParamControlProps) {
  const { spec, value, draft, error, paperValue, source } = props;
  const id = useId();
  const paperText = formatValue(paperValue);
  const tooltip = [spec.description, source ? `Paper value ${paperText}: ${source}` : '']
    .filter(Boolean)
    .join('\n');
  const hint = `Up to ${spec.maxItems} values from ${spec.min} to ${spec.max}, separated by commas`;
  return (
    <div className={`param list${error ? ' invalid' : ''}`}>
      <div className="param-head">
        <label htmlFor={`${id}-list`} title={tooltip}>
          {spec.label}
          {spec.unit ? <span className="unit"> ({spec.unit})</span> : null}
        </label>
        <button
          type="button"
          className="reset"
          onClick={props.onReset}
          disabled={sameValue(value, paperValue) && draft === undefined}
          aria-label={`Reset ${spec.label} to the paper value ${paperText}`}
          title={`Reset to the paper value (${paperText})`}
        >
          ↺
        </button>
      </div>
      <input
        id={`${id}-list`}
        className="number"
        type="text"
        data-param-number={spec.name}
        value={draft ?? formatValue(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => props.onDraft(e.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
