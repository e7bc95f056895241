import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';

import type { Engine, RunOutcome } from '../engine/engine';
import type { ModelInfo, ParamValue } from '../engine/types';
import { sameValue } from '../engine/types';
import { LineChart } from '../charts/LineChart';
import type { Preset } from '../presets/schema';
import { machineAndYear, presetBaseline, presetParams, unusedParams } from '../presets/schema';
import { checkValue, resolveValues } from '../presets/param_values';
import { ParamPanel } from '../ui/ParamPanel';
import type { MachinesLink } from './link';
import { MachinesTable, OverlapNotes } from './MachinesTable';
import type { MachineRun, Unit } from './machines';
import {
  fittedRows,
  logpPresets,
  machineRequest,
  machinesChartData,
  paperRows,
  targetOrder,
} from './machines';
import { costModelPreset, logpSignature } from './signatures';
import { useRuns } from './use_runs';
import { useReportIdle } from '../ui/page_idle';
import './machines.css';

const UNIT_NAMES: Record<Unit, string> = { us: 'microseconds', cycles: 'processor cycles' };

export interface MachinesPageProps {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
  link: MachinesLink;
  onLink(link: MachinesLink): void;
  /** A tour's step on this page, given each machine's run (by preset id) and whether all are in. */
  tour?(runs: Record<string, RunOutcome>, done: boolean): ReactNode;
  /** A tour's open question reads these runs: their chart and fits are drawn once revealed. */
  held?: boolean;
}

/**
 * Every machine measured the same way: the LogP microbenchmark on each machine's own model (run
 * in the engine's workers), one-way time against size on one chart, the fitted o, L, g and G in
 * a table beside the papers' own cost models; one machine's parameters open to change.
 */
export function MachinesPage({
  engine,
  models,
  presets,
  link,
  onLink,
  tour,
  held,
}: MachinesPageProps) {
  const machines = useMemo(() => logpPresets(presets, models), [presets, models]);
  const order = useMemo(() => targetOrder(machines, models), [machines, models]);
  const modelOf = (p: Preset) => models.find((m) => m.name === p.model);
  const costModels = costModelPreset(presets, models);
  const paperPreset = costModels?.preset;
  const jobs = [
    ...machines.map((p) => ({ id: p.id, request: machineRequest(p, modelOf(p), link) })),
    ...(paperPreset
      ? [{ id: paperPreset.id, request: machineRequest(paperPreset, modelOf(paperPreset), link) }]
      : []),
  ];
  const states = useRuns(engine, jobs);
  const unit: Unit = link.unit;

  const runs: MachineRun[] = machines.flatMap((preset) => {
    const outcome = states[preset.id]?.outcome;
    const signature = logpSignature(preset, models);
    return outcome && signature ? [{ preset, result: outcome.result, signature }] : [];
  });
  const paperOutcome = costModels ? states[costModels.preset.id]?.outcome : undefined;
  const fitted = runs.flatMap((r) => fittedRows(r.preset, r.result, r.signature));
  const paper =
    paperOutcome && costModels
      ? paperRows(paperOutcome.result, paperOutcome.params, costModels.signature)
      : [];
  const data = machinesChartData(
    runs,
    paperOutcome && costModels
      ? { result: paperOutcome.result, signature: costModels.signature }
      : null,
    unit,
    order,
  );
  const done = jobs.filter((j) => states[j.id]?.upToDate).length;
  // The page's idle signal (e2e, screenshots, the bench): every machine's run answered or failed.
  useReportIdle(jobs.every((j) => states[j.id]?.upToDate || states[j.id]?.error));
  const errors = jobs.flatMap((j) => {
    const e = states[j.id]?.error;
    return e ? [{ id: j.id, message: e }] : [];
  });

  return (
    <main className="machines-page" data-busy={done < jobs.length ? 'true' : 'false'}>
      <h2>Every machine on one chart, measured the same way</h2>
      <p className="machines-intro">
        The LogP microbenchmark (a ping-pong over message sizes and bursts of back-to-back sends)
        runs on each machine&apos;s own model; o, L, g and G are fitted from those runs.
      </p>
      {tour?.(
        Object.fromEntries(
          jobs.flatMap((j) => {
            const outcome = states[j.id]?.upToDate ? states[j.id]?.outcome : null;
            return outcome ? [[j.id, outcome] as const] : [];
          }),
        ),
        done === jobs.length,
      )}
      <div className="machines-controls">
        <fieldset className="machines-unit">
          <legend>Units</legend>
          {(['us', 'cycles'] as const).map((u) => (
            <label key={u}>
              <input
                type="radio"
                name="machines-unit"
                value={u}
                checked={unit === u}
                onChange={() => onLink({ ...link, unit: u })}
              />
              {UNIT_NAMES[u]}
            </label>
          ))}
        </fieldset>
        <p className="machines-progress" role="status">
          {done < jobs.length
            ? `Running: ${done} of ${jobs.length} machines done${progressText(jobs, states)}`
            : `All ${jobs.length} runs done`}
        </p>
      </div>
      {errors.map((e) => (
        <p key={e.id} role="alert" className="banner error">
          {e.id}: {e.message}
        </p>
      ))}
      {held ? (
        <p className="chart-withheld">
          Predict first: the chart and the fitted parameters are drawn when you reveal your answer
          to the tour&apos;s question.
        </p>
      ) : null}
      <section className="machines-chart" hidden={held}>
        <LineChart
          name="machines-one-way"
          title={`One-way time against message size (${UNIT_NAMES[unit]})`}
          data={data}
        />
        {unit === 'cycles' && (
          <p className="note">
            The papers&apos; cost models are drawn in microseconds only: their clocks are not
            declared here.
          </p>
        )}
      </section>
      <section className="machines-fits" hidden={held}>
        <h3>Fitted LogGP parameters</h3>
        <MachinesTable
          fitted={fitted}
          paper={paper}
          selected={link.machine}
          onSelect={(id) => onLink({ ...link, machine: id })}
        />
        <OverlapNotes fitted={fitted} />
      </section>
      <MachineParams
        machines={machines}
        models={models}
        link={link}
        onLink={onLink}
        engineError={errors.find((e) => e.id === link.machine)?.message}
      />
    </main>
  );
}

function progressText(
  jobs: { id: string }[],
  states: Record<string, { progress: number | null }>,
): string {
  const running = jobs.flatMap((j) => {
    const p = states[j.id]?.progress;
    return p === null || p === undefined ? [] : [`${j.id} ${Math.round(p * 100)} %`];
  });
  return running.length > 0 ? `; ${running.join(', ')}` : '';
}

/** The chosen machine's parameters, in the panel the explorer uses. */
function MachineParams({
  machines,
  models,
  link,
  onLink,
  engineError,
}: {
  machines: Preset[];
  models: ModelInfo[];
  link: MachinesLink;
  onLink(link: MachinesLink): void;
  engineError: string | undefined;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const preset = machines.find((p) => p.id === link.machine);
  const model = preset && models.find((m) => m.name === preset.model);
  const choose = (
    <label className="machines-pick">
      Machine to change{' '}
      <select
        value={preset?.id ?? ''}
        onChange={(e) => {
          setDrafts({});
          onLink({ ...link, machine: e.target.value || undefined });
        }}
      >
        <option value="">(none)</option>
        {machines.map((p) => (
          <option key={p.id} value={p.id}>
            {p.title}
          </option>
        ))}
      </select>
    </label>
  );
  if (!preset || !model) return <section className="machines-params">{choose}</section>;
  const paperValues = resolveValues(model.params, presetParams(preset));
  const overrides = link.params[preset.id] ?? {};
  const values = resolveValues(model.params, paperValues, overrides);
  const setOverrides = (next: Record<string, ParamValue>) =>
    onLink({ ...link, params: { ...link.params, [preset.id]: next } });
  const errors: Record<string, string> = {};
  for (const [name, text] of Object.entries(drafts)) {
    const spec = model.params.find((s) => s.name === name);
    const checked = spec ? checkValue(spec, text) : null;
    if (checked && 'error' in checked) errors[name] = checked.error;
  }
  const sources = Object.fromEntries(
    Object.entries(preset.params).map(([k, v]) => [k, v.source] as const),
  );
  return (
    <section className="machines-params">
      {choose}
      <p className="machines-machine">{machineAndYear(preset)}</p>
      {engineError && (
        <p role="alert" className="banner error">
          {engineError}
        </p>
      )}
      <ParamPanel
        specs={model.params}
        groups={preset.groups.map((g) => ({ title: g.title, names: g.params }))}
        values={values}
        drafts={drafts}
        errors={errors}
        paperValues={paperValues}
        sources={sources}
        baseline={presetBaseline(preset)}
        hidden={unusedParams(preset, model, values)}
        onValue={(name, value) => {
          const next = { ...overrides, [name]: value };
          if (sameValue(value, paperValues[name])) delete next[name];
          setOverrides(next);
          setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== name)));
        }}
        onDraft={(name, text) => {
          setDrafts((d) => ({ ...d, [name]: text }));
          const spec = model.params.find((s) => s.name === name);
          const checked = spec ? checkValue(spec, text) : null;
          if (checked && 'value' in checked) {
            const next = { ...overrides, [name]: checked.value };
            if (sameValue(checked.value, paperValues[name])) delete next[name];
            setOverrides(next);
          }
        }}
        onReset={(name) => {
          const next = { ...overrides };
          delete next[name];
          setOverrides(next);
        }}
        onResetAll={() => {
          setDrafts({});
          setOverrides({});
        }}
      />
    </section>
  );
}
