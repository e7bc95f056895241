// Picks a value of a step's run by its output's name, as the model declares it: a scalar, a
// curve's value at an x (or its first, last, largest, smallest), or where a curve first reaches a
// level; side by side, from either pane. Never a number typed as the answer.
import { useId } from 'react';

import type { OutputSpec } from '../engine/types';
import { useT } from '../i18n/i18n';
import type { RunView } from '../results/chart_builder';
import type { RunValueSpec } from '../tours/schema';

/** The outputs a question may read: the model's scalars and curves (not its families). */
export function readableOutputs(outputs: OutputSpec[], run?: RunView): OutputSpec[] {
  const declared = outputs.filter(
    (o) => (o.kind === 'scalar' || o.kind === 'series') && !o.name.includes('*'),
  );
  if (!run) return declared;
  // A family's members ('*') are named by the run.
  const named = (name: string) => declared.some((o) => o.name === name);
  return [
    ...declared,
    ...run.result.scalars
      .filter((s) => !named(s.name))
      .map((s): OutputSpec => ({ ...s, kind: 'scalar' })),
    ...run.result.series
      .filter((s) => !named(s.name))
      .map((s): OutputSpec => ({
        name: s.name,
        kind: 'series',
        unit: s.yUnit,
        description: s.label,
      })),
  ];
}

type Mode = 'at' | 'first' | 'last' | 'max' | 'min' | 'crosses';
const MODES: Mode[] = ['at', 'first', 'last', 'max', 'min', 'crosses'];

function modeOf(value: RunValueSpec): Mode {
  if ('crosses' in value) return 'crosses';
  if ('at' in value) return typeof value.at === 'number' ? 'at' : value.at;
  return 'at';
}

/** A value of the output `name`, its way of reading kept where it still applies. */
function withOutput(output: OutputSpec, old: RunValueSpec | undefined): RunValueSpec {
  const side = old?.side ? { side: old.side } : {};
  if (output.kind === 'scalar') return { scalar: output.name, ...side };
  if (old && 'crosses' in old) return { series: output.name, crosses: old.crosses, ...side };
  if (old && 'at' in old) return { series: output.name, at: old.at, ...side };
  return { series: output.name, at: 'max', ...side };
}

function withMode(value: RunValueSpec, mode: Mode, number: number): RunValueSpec {
  if (!('series' in value)) return value;
  const { series, side } = value;
  const base = { series, ...(side ? { side } : {}) };
  if (mode === 'crosses') return { ...base, crosses: number };
  return { ...base, at: mode === 'at' ? number : mode };
}

export function RunValuePicker({
  label,
  value,
  outputs,
  sideBySide,
  onChange,
}: {
  label: string;
  value: RunValueSpec | undefined;
  outputs: OutputSpec[];
  /** The step is side by side: the value may be read from the right pane. */
  sideBySide: boolean;
  onChange(value: RunValueSpec): void;
}) {
  const id = useId();
  const t = useT('teaching');
  // A scalar and a curve may share a name (the Paragon's comm_share_bsp_p8): an output is its kind
  // and its name.
  const key = (o: Pick<OutputSpec, 'kind' | 'name'>) => `${o.kind}:${o.name}`;
  const current =
    value &&
    outputs.find((o) =>
      'scalar' in value
        ? o.kind === 'scalar' && o.name === value.scalar
        : 'series' in value && o.kind === 'series' && o.name === value.series,
    );
  const mode = value ? modeOf(value) : 'at';
  const number =
    value && 'crosses' in value
      ? value.crosses
      : value && 'at' in value && typeof value.at === 'number'
        ? value.at
        : 0;
  return (
    <fieldset className="run-value">
      <legend>{label}</legend>
      {sideBySide ? (
        <label>
          {t('runValue.pane')}{' '}
          <select
            value={value?.side ?? 'left'}
            disabled={!value}
            onChange={(e) => {
              if (!value) return;
              const { side: _side, ...rest } = value;
              onChange(e.target.value === 'right' ? { ...rest, side: 'right' } : rest);
            }}
          >
            <option value="left">{t('runValue.left')}</option>
            <option value="right">{t('runValue.right')}</option>
          </select>
        </label>
      ) : null}
      <label htmlFor={`${id}-output`}>{t('runValue.output')}</label>
      <select
        id={`${id}-output`}
        value={current ? key(current) : ''}
        onChange={(e) => {
          const output = outputs.find((o) => key(o) === e.target.value);
          if (output) onChange(withOutput(output, value));
        }}
      >
        <option value="" disabled>
          {t('runValue.pick')}
        </option>
        {outputs.map((o) => (
          // Its name first and its words whole: what tells two outputs apart is never cut.
          <option key={key(o)} value={key(o)}>
            {t('runValue.option', {
              series: o.kind === 'series' ? 'yes' : 'no',
              name: o.name,
              described: o.description ? 'yes' : 'no',
              description: o.description ?? '',
            })}
          </option>
        ))}
      </select>
      {value && 'series' in value ? (
        <span className="run-value-mode">
          <select
            aria-label={t('runValue.readAt')}
            value={mode}
            onChange={(e) => onChange(withMode(value, e.target.value as Mode, number))}
          >
            {MODES.map((m) => (
              <option key={m} value={m}>
                {t(`runValue.modes.${m}`)}
              </option>
            ))}
          </select>
          {mode === 'at' || mode === 'crosses' ? (
            <input
              type="number"
              step="any"
              aria-label={mode === 'at' ? t('runValue.x') : t('runValue.level')}
              value={number}
              onChange={(e) => {
                const n = e.target.valueAsNumber;
                if (Number.isFinite(n)) onChange(withMode(value, mode, n));
              }}
            />
          ) : null}
        </span>
      ) : null}
      {current?.unit && current.unit !== 'boolean' && !(value && 'crosses' in value) ? (
        <span className="run-value-unit">{t('runValue.unit', { unit: current.unit })}</span>
      ) : null}
    </fieldset>
  );
}
