import { useId } from 'react';

import type { ParamSpec } from '../engine/types';
import type { Baseline } from '../presets/param_values';
import { ParamHead } from './ParamHead';

export interface ChoiceParamControlProps {
  spec: ParamSpec;
  /** The choices' names as shown here (choiceNamesAt), in the spec's order. */
  names: string[];
  value: number;
  paperValue: number;
  source: string | undefined;
  baseline: Baseline;
  onValue(value: number): void;
  onReset(): void;
}

/** A parameter that picks one of named values (a topology, a traffic pattern). */
export function ChoiceParamControl(props: ChoiceParamControlProps) {
  const { spec, names, value, paperValue } = props;
  const id = useId();
  return (
    <div className="param choice">
      <ParamHead
        spec={spec}
        inputId={id}
        paperText={names[paperValue] ?? String(paperValue)}
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
        {names.map((name, i) => (
          <option key={spec.choices[i]} value={i}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
