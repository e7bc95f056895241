import { useId } from 'react';

import type { ParamSpec } from '../engine/types';
import { useT } from '../i18n/i18n';
import { sameValue } from '../engine/types';
import type { Baseline } from '../presets/param_values';
import { FieldError, ParamHead } from './ParamHead';
import { formatValue } from '../presets/param_values';

export interface ListParamControlProps {
  spec: ParamSpec;
  value: number[];
  /** Text typed into the field that is not (yet) a valid list. */
  draft: string | undefined;
  error: string | undefined;
  paperValue: number[];
  source: string | undefined;
  baseline: Baseline;
  onDraft(text: string): void;
  onReset(): void;
}

/** A sweep parameter: the list of values drawn as separate curves, edited as text. */
export function ListParamControl(props: ListParamControlProps) {
  const { spec, value, draft, error, paperValue, source, baseline } = props;
  const t = useT('explorer');
  const id = useId();
  const paperText = formatValue(paperValue);
  const hint = t('listParam.hint', {
    items: String(spec.maxItems),
    min: String(spec.min),
    max: String(spec.max),
  });
  return (
    <div className={`param list${error ? ' invalid' : ''}`}>
      <ParamHead
        spec={spec}
        inputId={`${id}-list`}
        paperText={paperText}
        source={source}
        baseline={baseline}
        changed={!sameValue(value, paperValue) || draft !== undefined}
        onReset={props.onReset}
      />
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
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
