import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';

import type { Engine, RunOutcome } from '../engine/engine';
import type { ModelInfo, ParamValue } from '../engine/types';
import { sameValue } from '../engine/types';
import { LineChart } from '../charts/LineChart';
import { useT } from '../i18n/i18n';
import { joinItems } from '../i18n/join';
import { vt } from '../views/view_words';
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
  const t = useT('views');
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
      <h2>{t('machines.title')}</h2>
      <p className="machines-intro">{t('machines.intro')}</p>
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
          <legend>{t('machines.units')}</legend>
          {(['us', 'cycles'] as const).map((u) => (
            <label key={u}>
              <input
                type="radio"
                name="machines-unit"
                value={u}
                checked={unit === u}
                onChange={() => onLink({ ...link, unit: u })}
              />
              {t('machines.unit', { unit: u })}
            </label>
          ))}
        </fieldset>
        <p className="machines-progress" role="status">
          {done < jobs.length
            ? t('machines.running', {
                done,
                total: jobs.length,
                running: progressText(jobs, states),
              })
            : t('machines.allDone', { total: jobs.length })}
        </p>
      </div>
      {errors.map((e) => (
        <p key={e.id} role="alert" className="banner error">
          {t('machines.error', { id: e.id, message: e.message })}
        </p>
      ))}
      {held ? <p className="chart-withheld">{t('machines.held')}</p> : null}
      <section className="machines-chart" hidden={held}>
        <LineChart name="machines-one-way" title={t('machines.chartTitle', { unit })} data={data} />
        {unit === 'cycles' && <p className="note">{t('machines.cyclesNote')}</p>}
      </section>
      <section className="machines-fits" hidden={held}>
        <h3>{t('machines.fitted')}</h3>
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
    return p === null || p === undefined
      ? []
      : [vt('machines.progress', { id: j.id, percent: Math.round(p * 100) })];
  });
  return running.length > 0 ? joinItems(running) : 'none';
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
  const t = useT('views');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const preset = machines.find((p) => p.id === link.machine);
  const model = preset && models.find((m) => m.name === preset.model);
  const choose = (
    <label className="machines-pick">
      {t('machines.pick')}{' '}
      <select
        value={preset?.id ?? ''}
        onChange={(e) => {
          setDrafts({});
          onLink({ ...link, machine: e.target.value || undefined });
        }}
      >
        <option value="">{t('machines.none')}</option>
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
