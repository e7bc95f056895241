import type { ParamSpec, Params } from '../engine/types';
import { ParamControl } from './ParamControl';

export interface ParamGroup {
  title: string;
  names: string[];
}

export interface ParamPanelProps {
  specs: ParamSpec[];
  groups: ParamGroup[];
  values: Params;
  drafts: Record<string, string>;
  errors: Record<string, string>;
  paperValues: Params;
  sources: Record<string, string>;
  onValue(name: string, value: number): void;
  onDraft(name: string, text: string): void;
  onReset(name: string): void;
  onResetAll(): void;
}

/** The parameter controls, generated from the engine's specs and laid out in groups. */
export function ParamPanel(props: ParamPanelProps) {
  const byName = new Map(props.specs.map((s) => [s.name, s]));
  return (
    <form className="param-panel" aria-label="Parameters" onSubmit={(e) => e.preventDefault()}>
      <div className="panel-head">
        <h2>Parameters</h2>
        <button type="button" onClick={props.onResetAll}>
          Reset all to paper values
        </button>
      </div>
      {props.groups.map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          {group.names.map((name) => {
            const spec = byName.get(name);
            if (!spec) return null;
            return (
              <ParamControl
                key={name}
                spec={spec}
                value={props.values[name] ?? spec.default}
                draft={props.drafts[name]}
                error={props.errors[name]}
                paperValue={props.paperValues[name] ?? spec.default}
                source={props.sources[name]}
                onValue={(v) => props.onValue(name, v)}
                onDraft={(t) => props.onDraft(name, t)}
                onReset={() => props.onReset(name)}
              />
            );
          })}
        </fieldset>
      ))}
    </form>
  );
}
