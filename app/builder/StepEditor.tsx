// One step of the lesson being written: its title and words, what it points at, what of the
// experiment it shows, its question, the state it was taken from (which the explorer can give
// again), and what the tours' checks find in it.
import type { TFunction } from 'i18next';

import type { ModelInfo } from '../engine/types';
import { useT } from '../i18n/i18n';
import type { Preset } from '../presets/schema';
import type { QuestionSpec, TargetSpec, TourStep } from '../tours/schema';
import { TEXT_LIMITS } from '../tours/schema';
import { QuestionEditor, newQuestion } from './QuestionEditor';
import { readableOutputs } from './RunValuePicker';
import { StepShows } from './StepShows';
import type { StepOutcome } from './use_step_runs';

/** A target as an option's value, and back. */
function targetKey(look: TargetSpec): string {
  if ('chart' in look) return `chart:${look.chart}`;
  if ('readout' in look) return `readout:${look.readout}`;
  if ('param' in look) return `param:${look.param}`;
  if ('machines' in look) return `machines:${look.machines}`;
  return 'view';
}

function targetOf(key: string): TargetSpec {
  const [kind, rest = ''] = key.split(/:(.*)/s);
  if (kind === 'chart') return { chart: rest };
  if (kind === 'readout') return { readout: Number(rest) };
  if (kind === 'param') return { param: rest };
  if (kind === 'machines') return { machines: rest === 'table' ? 'table' : 'chart' };
  return { view: true };
}

function targets(
  step: TourStep,
  preset: Preset,
  model: ModelInfo,
  t: TFunction,
): [string, string][] {
  if (step.layout?.kind === 'machines')
    return [
      ['machines:chart', t('stepEditor.targets.machinesChart')],
      ['machines:table', t('stepEditor.targets.machinesTable')],
    ];
  const label = (name: string) => model.params.find((p) => p.name === name)?.label ?? name;
  return [
    ...preset.charts.map((c): [string, string] => [
      `chart:${c.id}`,
      t('stepEditor.targets.chart', { title: c.title }),
    ]),
    ...preset.readouts.map((r, i): [string, string] => [
      `readout:${i}`,
      t('stepEditor.targets.readout', { label: r.label }),
    ]),
    ...(step.view ? [['view', t('stepEditor.targets.view')] as [string, string]] : []),
    ...Object.keys(step.params ?? {}).map((n): [string, string] => [
      `param:${n}`,
      t('stepEditor.targets.field', { label: label(n) }),
    ]),
  ];
}

export function StepEditor(props: {
  step: TourStep;
  index: number;
  count: number;
  preset: Preset | undefined;
  model: ModelInfo | undefined;
  outcome: StepOutcome | undefined;
  problems: string[];
  onChange(step: TourStep): void;
  onMove(to: number): void;
  onRemove(): void;
  /** Takes the explorer's state again for this step; absent while no experiment is open. */
  onRetake?: () => void;
  /** Opens the step's state in the explorer. */
  onShow(): void;
}) {
  const { step, index, count, preset, model, outcome, problems, onChange } = props;
  const t = useT('teaching');
  const n = index + 1;
  const runs = outcome && 'runs' in outcome ? outcome.runs : undefined;
  const outputs = model ? readableOutputs(model.outputs, runs?.run) : [];
  const sideBySide = step.layout?.kind === 'side';
  const setQuestion = (question: QuestionSpec | undefined) => {
    const { question: _q, ...rest } = step;
    onChange(question ? { ...rest, question } : rest);
  };
  return (
    <li className="step-editor" aria-labelledby={`lesson-step-${n}`}>
      <h4 id={`lesson-step-${n}`}>
        {t('stepEditor.heading', {
          n,
          untitled: step.title ? 'no' : 'yes',
          title: step.title,
        })}
      </h4>
      <p className="lesson-hint">
        {t('stepEditor.on', { experiment: preset?.title ?? step.presetId })}
      </p>
      <label>
        {t('stepEditor.title')}
        <input
          value={step.title}
          maxLength={TEXT_LIMITS.title}
          onChange={(e) => onChange({ ...step, title: e.target.value })}
        />
      </label>
      <label>
        {t('stepEditor.words')}
        <textarea
          rows={4}
          maxLength={TEXT_LIMITS.text}
          value={step.text}
          onChange={(e) => onChange({ ...step, text: e.target.value })}
        />
      </label>
      {preset && model ? (
        <label>
          {t('stepEditor.pointAt')}{' '}
          <select
            value={targetKey(step.look)}
            onChange={(e) => onChange({ ...step, look: targetOf(e.target.value) })}
          >
            {targets(step, preset, model, t).map(([key, words]) => (
              <option key={key} value={key}>
                {words}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {preset && model && step.layout?.kind !== 'machines' ? (
        <StepShows step={step} preset={preset} model={model} onChange={onChange} />
      ) : null}
      {step.question ? (
        <QuestionEditor
          question={step.question}
          outputs={outputs}
          charts={preset?.charts ?? []}
          sideBySide={sideBySide}
          runs={runs}
          onChange={setQuestion}
        />
      ) : (
        <div className="step-actions">
          <button type="button" onClick={() => setQuestion(newQuestion('number', outputs[0]))}>
            {t('stepEditor.addNumber')}
          </button>
          <button type="button" onClick={() => setQuestion(newQuestion('choice', outputs[0]))}>
            {t('stepEditor.addChoice')}
          </button>
        </div>
      )}
      <div className="step-actions">
        <button type="button" onClick={props.onShow}>
          {t('stepEditor.show')}
        </button>
        {props.onRetake ? (
          <button type="button" onClick={props.onRetake}>
            {t('stepEditor.retake')}
          </button>
        ) : null}
        <button type="button" disabled={index === 0} onClick={() => props.onMove(index - 1)}>
          {t('stepEditor.up')}
        </button>
        <button
          type="button"
          disabled={index === count - 1}
          onClick={() => props.onMove(index + 1)}
        >
          {t('stepEditor.down')}
        </button>
        <button type="button" onClick={props.onRemove}>
          {t('stepEditor.remove', { n })}
        </button>
      </div>
      {outcome === undefined ? (
        <p className="step-run">{t('stepEditor.running')}</p>
      ) : 'error' in outcome ? (
        <p className="step-run problem">{t('stepEditor.cannotRun', { error: outcome.error })}</p>
      ) : null}
      {problems.length > 0 ? (
        <ul className="step-problems" aria-label={t('stepEditor.problems', { n })}>
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      ) : outcome && 'runs' in outcome ? (
        <p className="step-ok">{t('stepEditor.ok')}</p>
      ) : null}
    </li>
  );
}
