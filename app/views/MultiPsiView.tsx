import { useEffect, useLayoutEffect, useMemo, useState } from 'react';

import { CostBreakdownChart } from '../charts/CostBreakdownChart';
import { PerformanceOverheadChart } from '../charts/PerformanceOverheadChart';
import type { Engine } from '../engine/engine';
import type { ModelInfo, Params, RunResult } from '../engine/types';
import { findSeries, scalarValue } from '../engine/types';
import type { Preset } from '../presets/schema';
import { presetParams } from '../presets/schema';
import { validate } from '../presets/validation';
import type { ParamGroup } from '../ui/ParamPanel';
import { ParamPanel } from '../ui/ParamPanel';
import { ValidationTable } from '../ui/ValidationTable';
import { checkValue, resolveValues } from '../ui/param_values';
import type { RunJob } from '../ui/use_engine_run';
import { useEngineRun } from '../ui/use_engine_run';
import { parseUrlState, serializeUrlState } from '../ui/url_state';

const MODEL = 'multipsi_perf';

const GROUPS: ParamGroup[] = [
  {
    title: 'Machine and program',
    names: ['pes', 'pe_rps', 'work_rate', 'comm_rate', 'rel_comm_time', 'perf_fraction'],
  },
  {
    title: 'What-if speed-ups over the measured exchange',
    names: ['reduction_speedup', 'hardware_speedup', 'firmware_speedup', 'software_speedup'],
  },
  {
    title: 'Measured exchange (Table 1)',
    names: ['reduction_ms', 'hardware_ms', 'firmware_ms', 'software_ms'],
  },
  { title: 'Chart', names: ['curve_overhead_max', 'curve_points'] },
];

const number = new Intl.NumberFormat('en', { maximumSignificantDigits: 4 });
const percent = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 1 });

interface Props {
  engine: Engine;
  models: ModelInfo[];
  presets: Preset[];
}

/** "Multi-PSI: communication vs performance": Taki's model with its Fig. 6 and cost breakdown. */
export function MultiPsiView({ engine, models, presets }: Props) {
  const model = models.find((m) => m.name === MODEL);
  const ownPresets = useMemo(() => presets.filter((p) => p.model === MODEL), [presets]);
  const [initial] = useState(() =>
    parseUrlState(window.location.search, {
      presetIds: ownPresets.map((p) => p.id),
      specsFor: () => model?.params ?? [],
    }),
  );
  const [presetId, setPresetId] = useState(initial.state.presetId);
  const [seed, setSeed] = useState(initial.state.seed);
  const preset = ownPresets.find((p) => p.id === presetId) ?? ownPresets[0];
  const specs = useMemo(() => model?.params ?? [], [model]);
  const paperValues = useMemo(
    () => resolveValues(specs, preset ? presetParams(preset) : {}),
    [specs, preset],
  );
  const [values, setValues] = useState<Params>(() => ({ ...paperValues, ...initial.state.params }));
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [dropped, setDropped] = useState(initial.dropped);

  const errors = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [name, text] of Object.entries(drafts)) {
      const spec = specs.find((s) => s.name === name);
      const checked = spec ? checkValue(spec, text) : { error: 'unknown parameter' };
      if ('error' in checked) out[name] = checked.error;
    }
    return out;
  }, [drafts, specs]);

  const job = useMemo<RunJob<Preset> | null>(
    () =>
      preset
        ? { request: { model: MODEL, params: values, seed: seed ?? preset.seed }, tag: preset }
        : null,
    [preset, values, seed],
  );
  const run = useEngineRun(engine, job);
  const [pending, setPending] = useState(0);
  useEffect(() => engine.onPendingChange(setPending), [engine]);

  // The idle signal e2e tests wait on: nothing pending and the current job's answer drawn.
  useLayoutEffect(() => {
    document.documentElement.dataset.idle = String(
      pending === 0 && (run.upToDate || run.error !== null),
    );
  }, [pending, run.upToDate, run.error]);

  useLayoutEffect(() => {
    if (!preset) return;
    const url = serializeUrlState(
      { presetId: preset.id, params: values, ...(seed !== undefined ? { seed } : {}) },
      paperValues,
    );
    if (url !== window.location.search) window.history.replaceState(null, '', url);
  }, [preset, values, paperValues, seed]);

  if (!model || !preset) {
    return <p className="banner error">No preset uses the {MODEL} model.</p>;
  }

  const setValue = (name: string, value: number) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDrafts((d) => Object.fromEntries(Object.entries(d).filter(([k]) => k !== name)));
  };
  const setDraft = (name: string, text: string) => {
    const spec = specs.find((s) => s.name === name);
    const checked = spec ? checkValue(spec, text) : null;
    if (checked && 'value' in checked) setValues((v) => ({ ...v, [name]: checked.value }));
    setDrafts((d) => ({ ...d, [name]: text }));
  };
  const choosePreset = (id: string) => {
    const next = ownPresets.find((p) => p.id === id);
    if (!next) return;
    setPresetId(id);
    setSeed(undefined);
    setValues(resolveValues(specs, presetParams(next)));
    setDrafts({});
  };
  const sources = Object.fromEntries(Object.entries(preset.params).map(([k, v]) => [k, v.source]));
  const outcome = run.outcome;
  const engineFieldError =
    run.error?.param !== undefined ? { [run.error.param]: run.error.message } : {};

  return (
    <main className="view">
      <aside className="sidebar">
        <label className="preset-picker">
          <span>Machine</span>
          <select value={preset.id} onChange={(e) => choosePreset(e.target.value)}>
            {ownPresets.map((p) => (
              <option key={p.id} value={p.id}>
                {p.title}
              </option>
            ))}
          </select>
        </label>
        <p className="preset-description">{preset.description}</p>
        <ParamPanel
          specs={specs}
          groups={GROUPS}
          values={values}
          drafts={drafts}
          errors={{ ...engineFieldError, ...errors }}
          paperValues={paperValues}
          sources={sources}
          onValue={setValue}
          onDraft={setDraft}
          onReset={(name) => setValue(name, paperValues[name] ?? 0)}
          onResetAll={() => {
            setValues(paperValues);
            setDrafts({});
          }}
        />
      </aside>
      <section className="content" aria-live="polite">
        <h2>{model.title}</h2>
        {dropped.length > 0 ? (
          <div className="banner warning" role="status">
            Ignored from the link: {dropped.join('; ')}.
            <button type="button" onClick={() => setDropped([])} aria-label="Dismiss">
              ×
            </button>
          </div>
        ) : null}
        {run.error && run.error.param === undefined ? (
          <p className="banner error" role="alert">
            {run.error.message}
          </p>
        ) : null}
        {run.progress ? (
          <progress max={1} value={run.progress.fraction} aria-label="Simulation progress" />
        ) : null}
        {outcome ? (
          <Results
            preset={outcome.tag}
            result={outcome.result}
            params={outcome.params}
            paper={resolveValues(specs, presetParams(outcome.tag))}
          />
        ) : null}
        <footer className="citation">
          <p>{model.description}</p>
          <p>
            Source: {preset.citation.text}, sections {preset.citation.sections}.
          </p>
        </footer>
      </section>
    </main>
  );
}

/** Everything drawn from one completed run, read only from that run and its own preset. */
function Results({
  preset,
  result,
  params,
  paper,
}: {
  preset: Preset;
  result: RunResult;
  params: Params;
  paper: Params;
}) {
  const s = (name: string) => scalarValue(result, name);
  const curve = findSeries(result, 'perf_vs_overhead');
  const workRate = params.work_rate ?? 1;
  const fraction = params.perf_fraction ?? 0.5;
  const changed = Object.keys(paper).some((k) => paper[k] !== params[k]);
  return (
    <>
      <dl className="readouts">
        <div>
          <dt>System performance</dt>
          <dd data-readout="system_rps">
            {number.format(s('system_rps'))} RPS
            <small>
              {percent.format(s('relative_performance'))} of ideal {number.format(s('ideal_rps'))}{' '}
              RPS
            </small>
          </dd>
        </div>
        <div>
          <dt>Relative communication overhead X</dt>
          <dd data-readout="overhead">
            {number.format(s('overhead'))}
            <small>
              {number.format(params.comm_rate ?? 0)} msg/reduction ×{' '}
              {number.format(s('rel_comm_time'))} reductions/msg
            </small>
          </dd>
        </div>
        <div>
          <dt>Allowed communication rate for ≥ {percent.format(fraction)}</dt>
          <dd data-readout="max_comm_rate">
            ≤ {number.format(s('max_comm_rate'))} messages/reduction
            <small>
              one message per {number.format(s('min_reductions_per_message'))} reductions;{' '}
              {number.format(s('max_comm_rate_ratio'))}× the measured machine&apos;s{' '}
              {number.format(s('max_comm_rate_measured'))}
            </small>
          </dd>
        </div>
      </dl>
      <figure className="chart-card">
        <figcaption>
          Relative performance against relative communication overhead (Fig. 6)
        </figcaption>
        <PerformanceOverheadChart
          data={{
            curve,
            workRate,
            current: { overhead: s('overhead'), performance: s('relative_performance') },
            floor: { overhead: s('allowed_overhead'), performance: workRate * fraction },
          }}
        />
      </figure>
      <figure className="chart-card">
        <figcaption>
          Inter-PE exchange: one goal out, one reduction, termination back (Tables 1, 2)
        </figcaption>
        <CostBreakdownChart
          bars={[
            {
              label: 'measured',
              reductionMs: s('base_reduction_ms'),
              hardwareMs: s('base_hardware_ms'),
              firmwareMs: s('base_firmware_ms'),
              softwareMs: s('base_software_ms'),
            },
            {
              label: 'what-if',
              reductionMs: s('whatif_reduction_ms'),
              hardwareMs: s('whatif_hardware_ms'),
              firmwareMs: s('whatif_firmware_ms'),
              softwareMs: s('whatif_software_ms'),
            },
          ]}
        />
      </figure>
      <ValidationTable rows={validate(preset, result)} changed={changed} />
    </>
  );
}
