import { useId } from 'react';

import type { ParamSpec } from '../engine/types';
import { useT } from '../i18n/i18n';
import type { Baseline } from '../presets/param_values';
import { unitSymbol } from '../presets/units';
import { FieldError, ParamHead } from './ParamHead';
import { sliderRange, sliderStep, toSliderPosition } from './slider_scale';

export interface ParamControlProps {
  spec: ParamSpec;
  value: number;
  /** Text typed into the number field that is not (yet) a valid value. */
  draft: string | undefined;
  error: string | undefined;
  paperValue: number;
  source: string | undefined;
  baseline: Baseline;
  onValue(value: number): void;
  onDraft(text: string): void;
  onReset(): void;
}

/** One parameter: slider, exact number field, unit, paper-value mark and reset. */
export function ParamControl(props: ParamControlProps) {
  const { spec, value, draft, error, paperValue, source, baseline } = props;
  const t = useT('explorer');
  const id = useId();
  const slider = sliderRange(spec);
  const markAt = (toSliderPosition(spec, paperValue) - slider.min) / (slider.max - slider.min);

  return (
    <div className={`param${error ? ' invalid' : ''}`}>
      <ParamHead
        spec={spec}
        inputId={`${id}-number`}
        paperText={String(paperValue)}
        source={source}
        baseline={baseline}
        changed={value !== paperValue || draft !== undefined}
        onReset={props.onReset}
      />
      <div className="param-inputs">
        <div className="slider">
          <input
            type="range"
            aria-label={spec.label}
            aria-valuetext={t('paramControl.valueText', {
              value: String(value),
              unit: unitSymbol(spec.unit),
            })}
            data-param={spec.name}
            min={slider.min}
            max={slider.max}
            step={slider.step}
            value={toSliderPosition(spec, value)}
            onChange={(e) => props.onValue(sliderStep(spec, value, Number(e.target.value)))}
          />
          <span
            className="paper-mark"
            style={{ left: `${Math.min(1, Math.max(0, markAt)) * 100}%` }}
            title={t('paramControl.mark', { baseline, value: String(paperValue) })}
            aria-hidden="true"
          />
        </div>
        <input
          id={`${id}-number`}
          className="number"
          type="text"
          inputMode="decimal"
          data-param-number={spec.name}
          value={draft ?? String(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => props.onDraft(e.target.value)}
        />
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
