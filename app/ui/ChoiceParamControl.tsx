import { useId } from 'react';

import type { ParamSpec } from '../engine/types';
import type { Baseline } from '../presets/param_values';
import { ParamHead } from './ParamHead';

export interface ChoiceParamControlProps {
  spec: ParamSpec;
  value: number;
  paperValue: number;
  source: string | undefined;
  baseline: Baseline;
  onValue(value: number): void;
  onReset(): void;
}

/** A parameter that picks one of named values (a topology, a traffic pattern). */
export function ChoiceParamControl(props: ChoiceParamControlProps) {
  const { spec, value, paperValue } = props;
  const id = useId();
  return (
    <div className="param choice">
      <ParamHead
        spec={spec}
        inputId={id}
        paperText={spec.choices[paperValue] ?? String(paperValue)}
        source={props.source}
        baseline={props.baseline}
        changed={value !== paperValue}
        onReset={props.onReset}
      />
      <select
        id={id}
        data-param-number={spec.name}
        value={value}
        onChange={(e) => props.onValue(Number(e.target.value))}
      >
        {spec.choices.map((name, i) => (
          <option key={name} value={i}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
