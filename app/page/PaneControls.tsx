// A pane's fields: its parameters, grouped as the preset groups them, and its seed.
import { i18n, useT } from '../i18n/i18n';
import { ParamPanel } from '../ui/ParamPanel';
import { SeedField } from '../ui/SeedField';
import type { Preset } from '../presets/schema';
import { presetBaseline } from '../presets/schema';
import type { PaneRun, PaneUpdate } from './use_pane_run';

/** A calibration's source while the pane's run answers an open question. */
export const calibrationHeld = () => i18n.t('explorer:paneControls.calibrationHeld');

export function PaneControls({
  preset,
  run,
  hidden,
  calibrationsHeld,
  onPane,
}: {
  preset: Preset;
  run: PaneRun;
  /** The parameters not shown (unused by the model, or left out by a tour's step). */
  hidden: Set<string>;
  /**
   * The run answers a tour's open question: a calibrated cost's source names the paper's
   * measurement it was fitted on, which the question may ask, so it waits for the reveal.
   */
  calibrationsHeld: boolean;
  onPane: PaneUpdate;
}) {
  const t = useT('explorer');
  const { panelSpecs, values, shownDrafts, fieldErrors, paperValues, seed, resets } = run;
  const { setParam, setDraft, resetAll } = run;
  // An override's reason follows the source of the value it replaces.
  const sources = Object.fromEntries(
    Object.entries(preset.params).map(([k, v]) => [
      k,
      t('paneControls.source', {
        basis: v.basis ?? 'none',
        source: calibrationsHeld && v.basis === 'calibrated' ? calibrationHeld() : v.source,
        override: v.override ?? '',
        overridden: v.override === undefined ? 'no' : 'yes',
      }),
    ]),
  );
  return (
    <>
      <ParamPanel
        specs={panelSpecs}
        groups={preset.groups.map((g) => ({ title: g.title, names: g.params }))}
        values={values}
        drafts={shownDrafts}
        errors={fieldErrors}
        paperValues={paperValues}
        sources={sources}
        baseline={presetBaseline(preset)}
        hidden={hidden}
        onValue={setParam}
        onDraft={setDraft}
        onReset={(name) => setParam(name, paperValues[name] ?? 0)}
        onResetAll={resetAll}
      />
      <SeedField
        key={resets}
        seed={seed}
        presetSeed={preset.seed}
        onSeed={(next) =>
          onPane(({ seed: _seed, ...p }) => (next === undefined ? p : { ...p, seed: next }))
        }
      />
    </>
  );
}
