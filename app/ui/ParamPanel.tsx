import type { ParamSpec, ParamValue, Params } from '../engine/types';
import { i18n, useT } from '../i18n/i18n';
import { isListSpec } from '../engine/types';
import { ChoiceParamControl } from './ChoiceParamControl';
import { ListParamControl } from './ListParamControl';
import { ParamControl } from './ParamControl';
import type { Baseline } from '../presets/param_values';
import { choiceNamesAt, specDefault } from '../presets/param_values';
import './params.css';

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
  /** The preset's values are a paper's, or defaults where there is no paper. */
  baseline: Baseline;
  /** Parameters the experiment does not read at these values: not shown (their values stay). */
  hidden?: ReadonlySet<string>;
  onValue(name: string, value: ParamValue): void;
  onDraft(name: string, text: string): void;
  onReset(name: string): void;
  onResetAll(): void;
}

/**
 * The groups to show: the given ones, each parameter they leave out that is read only under
 * another's choice (its first `when`: a shape's own sizes under `topology`) placed in that one's
 * group after it and the others placed so, then every parameter left under "Other"; hidden
 * parameters left out, and groups left empty by them.
 */
export function completeGroups(
  specs: ParamSpec[],
  groups: ParamGroup[],
  hidden: ReadonlySet<string> = new Set(),
): ParamGroup[] {
  const placed = groups.map((g) => ({ ...g, names: [...g.names] }));
  const grouped = new Set(groups.flatMap((g) => g.names));
  const rest: string[] = [];
  const after = new Map<string, string>();
  for (const s of specs) {
    if (grouped.has(s.name)) continue;
    const on = s.when[0]?.param;
    const group = on === undefined ? undefined : placed.find((g) => g.names.includes(on));
    if (on === undefined || group === undefined) {
      rest.push(s.name);
      continue;
    }
    const last = after.get(on) ?? on;
    group.names.splice(group.names.indexOf(last) + 1, 0, s.name);
    after.set(on, s.name);
  }
  const all =
    rest.length > 0
      ? [...placed, { title: i18n.t('explorer:paramPanel.other'), names: rest }]
      : placed;
  return all
    .map((g) => ({ ...g, names: g.names.filter((name) => !hidden.has(name)) }))
    .filter((g) => g.names.length > 0);
}

/** The parameter controls, generated from the engine's specs and laid out in groups. */
export function ParamPanel(props: ParamPanelProps) {
  const t = useT('explorer');
  const byName = new Map(props.specs.map((s) => [s.name, s]));
  return (
    <form
      className="param-panel"
      aria-label={t('paramPanel.title')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="panel-head">
        <h2>{t('paramPanel.title')}</h2>
        <button type="button" onClick={props.onResetAll}>
          {t('paramPanel.resetAll', { baseline: props.baseline })}
        </button>
      </div>
      {completeGroups(props.specs, props.groups, props.hidden).map((group) => (
        <fieldset key={group.title}>
          <legend>{group.title}</legend>
          {group.names.map((name) => {
            const spec = byName.get(name);
            if (!spec) return null;
            const common = {
              spec,
              draft: props.drafts[name],
              error: props.errors[name],
              source: props.sources[name],
              baseline: props.baseline,
              onDraft: (text: string) => props.onDraft(name, text),
              onReset: () => props.onReset(name),
            };
            const value = props.values[name] ?? specDefault(spec);
            const paper = props.paperValues[name] ?? specDefault(spec);
            if (spec.choices.length > 0) {
              return (
                <ChoiceParamControl
                  key={name}
                  spec={spec}
                  names={choiceNamesAt(spec, props.specs, props.values)}
                  value={typeof value === 'number' ? value : spec.default}
                  paperValue={typeof paper === 'number' ? paper : spec.default}
                  source={props.sources[name]}
                  baseline={props.baseline}
                  onValue={(v) => props.onValue(name, v)}
                  onReset={() => props.onReset(name)}
                />
              );
            }
            if (isListSpec(spec)) {
              return (
                <ListParamControl
                  key={name}
                  {...common}
                  value={Array.isArray(value) ? value : [value]}
                  paperValue={Array.isArray(paper) ? paper : [paper]}
                />
              );
            }
            return (
              <ParamControl
                key={name}
                {...common}
                value={typeof value === 'number' ? value : spec.default}
                paperValue={typeof paper === 'number' ? paper : spec.default}
                onValue={(v) => props.onValue(name, v)}
              />
            );
          })}
        </fieldset>
      ))}
    </form>
  );
}
