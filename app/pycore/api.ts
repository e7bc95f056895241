// The Python package's core: what `archex run --json`, `validate --json`, `describe` and `figure`
// compute around the engine, as calls on JSON text. Python runs the native engine and hands its
// results here (the text `archex_run --full` prints); nothing here runs an engine or touches a
// file, so the same bundle serves any host that can evaluate a script.
import type { EngineBuild } from '../engine/engine_build';
import { madeBy, shellWords, texComment } from '../engine/engine_build';
import { readNativeResult } from '../engine/native_result';
import type { ModelInfo, RunRequest } from '../engine/types';
import { figureWithMadeBy } from '../exports/figure_made_by';
import type { Preset } from '../presets/schema';
import type { ValidationRow } from '../presets/validation';
import { describeWithoutNetworks, presetSummary } from '../headless/describe';
import {
  DEFAULT_BASE_URL,
  findChart,
  parseBaseUrl,
  parsePaperSize,
  parseTheme,
  pgfplotsText,
  runFigures,
} from '../headless/figure';
import { paramError, runRequest } from '../headless/params';
import {
  findPreset,
  runJsonText,
  runReport,
  validationJsonText,
  validationReport,
} from '../headless/run';
import type { ParamInput } from '../headless/target';
import { targetRequest } from '../headless/target';
import { UsageError } from '../headless/usage_error';
import { presetRows, runKey, runSettings, validationRuns } from '../headless/validation_runs';

/** A run as Python asks for it: a preset or a model, parameters over its values, a seed. */
export interface CoreRequest {
  preset?: string;
  model?: string;
  params?: Record<string, ParamInput>;
  seed?: number;
}

/** A run the engine is to do: `key` names a validation run ("paragon-bsp seed=3"). */
export type PlannedRun = RunRequest & { key?: string };

/** `figure`'s options, as `archex figure` takes them (`width` and `fontSize` as "3.5in", "8pt"). */
export interface CoreFigureOptions {
  chart: string;
  width?: string;
  fontSize?: string;
  theme?: string;
  baseUrl?: string;
  /** False: no link back to the explorer (figure --no-link). */
  link?: boolean;
  title?: boolean;
  caption?: boolean;
  format?: string;
}

/** The core over `presets`: each call takes and gives JSON text (a figure, SVG text). */
export function makeCore(presets: Preset[]) {
  let engine: { models: ModelInfo[]; build: EngineBuild } | null = null;
  const ready = () => {
    if (!engine) throw new Error('archexCore.init(models, build) has not been called');
    return engine;
  };
  /** The request's target, model and engine request, checked as the library checks them. */
  const planned = (requestJson: string) => {
    const request = JSON.parse(requestJson) as CoreRequest;
    const target = request.preset ?? request.model;
    if (target === undefined) throw new UsageError('a run names a preset or a model');
    return targetRequest(ready().models, presets, target, request.params, request.seed, 'run');
  };
  const modelOf = (preset: Preset) => ready().models.find((m) => m.name === preset.model)!;
  /** The validation runs `options` asks for, each with its engine request. */
  const validationPlanned = (optionsJson: string) => {
    const options = JSON.parse(optionsJson) as { preset?: string; oneSeed?: boolean };
    const chosen = options.preset === undefined ? presets : [findPreset(presets, options.preset)];
    const seeds = !options.oneSeed;
    const runs = validationRuns(chosen, seeds).map((run) => {
      const preset = findPreset(presets, run.preset);
      return { run, preset, request: runRequest(modelOf(preset), preset, runSettings(run)) };
    });
    return { chosen, seeds, runs };
  };

  return {
    /** The engine's models (ModelInfo[]) and its build record (archex.build.json). */
    init(modelsJson: string, buildJson: string): void {
      engine = {
        models: JSON.parse(modelsJson) as ModelInfo[],
        build: JSON.parse(buildJson) as EngineBuild,
      };
    },

    presets: (): string =>
      JSON.stringify(presets.map((p) => ({ ...presetSummary(p), experiment: p.experiment }))),

    /**
     * A preset or model described as `describe --json` does but for its networks (the engine
     * builds those), with a preset's charts and paper targets.
     */
    describe(target: string, paramsJson = '{}'): string {
      const params = JSON.parse(paramsJson) as Record<string, ParamInput>;
      const { description } = describeWithoutNetworks(ready().models, presets, target, params);
      const preset = presets.find((p) => p.id === target);
      const charts = preset?.charts.map(({ id, kind, title }) => ({ id, kind, title }));
      return JSON.stringify({
        ...description,
        ...(preset ? { charts, reference: preset.reference } : {}),
      });
    },

    /** The engine runs a request needs: one, its parameters as the engine takes them. */
    plan: (requestJson: string): string =>
      JSON.stringify([planned(requestJson).request] satisfies PlannedRun[]),

    /** What `archex run --json` prints of the request's run (`command`: its argv). */
    report(requestJson: string, results: string[], commandJson: string): string {
      const { model, preset, request } = planned(requestJson);
      const { params, result } = readNativeResult(results[0]!);
      const { report } = runReport(preset, model, request.seed, result, params);
      const made = madeBy(ready().build, JSON.parse(commandJson) as string[]);
      return `${runJsonText(report, made)}\n`;
    },

    /** The runs `validate [preset] [--one-seed]` does, each with its key. */
    validationPlan: (optionsJson: string): string =>
      JSON.stringify(
        validationPlanned(optionsJson).runs.map(({ run, request }): PlannedRun => ({
          ...request,
          key: runKey(run),
        })),
      ),

    /** What `validate --json` prints of the plan's results (in the plan's order). */
    validationReport(optionsJson: string, results: string[], commandJson: string): string {
      const { chosen, seeds, runs } = validationPlanned(optionsJson);
      const rows = new Map<string, ValidationRow[]>();
      runs.forEach(({ run, preset, request }, i) => {
        const { params, result } = readNativeResult(results[i]!);
        rows.set(
          runKey(run),
          runReport(preset, modelOf(preset), request.seed, result, params).rows,
        );
      });
      const checked = chosen.map((preset) => ({
        preset: preset.id,
        rows: presetRows(preset, (run) => rows.get(runKey(run)), seeds)!,
      }));
      const made = madeBy(ready().build, JSON.parse(commandJson) as string[]);
      return `${validationJsonText(validationReport(checked), made)}\n`;
    },

    /** What `archex figure <preset> <chart> --format svg|pgfplots` writes of the request's run. */
    figure(requestJson: string, result: string, optionsJson: string, commandJson: string): string {
      const { model, preset, request } = planned(requestJson);
      if (!preset) throw new UsageError('figure needs a preset: a model has no charts');
      const options = JSON.parse(optionsJson) as CoreFigureOptions;
      const format = options.format ?? 'svg';
      if (format !== 'svg' && format !== 'pgfplots')
        throw new UsageError(`unknown format '${format}'; valid: svg, pgfplots`);
      const run = readNativeResult(result);
      const [drawn] = runFigures(
        preset,
        model,
        { ...run, seed: request.seed },
        {
          charts: [findChart(preset, options.chart)],
          theme: parseTheme(options.theme ?? 'print'),
          paper: parsePaperSize(options.width, options.fontSize),
          parts: { title: options.title ?? true, caption: options.caption ?? true },
          baseUrl:
            options.link === false ? null : parseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL),
        },
      );
      const made = madeBy(ready().build, JSON.parse(commandJson) as string[]);
      return format === 'pgfplots'
        ? texComment(made, `archex ${shellWords(made.command!)}`) + pgfplotsText(drawn!)
        : figureWithMadeBy(drawn!.figure, made).text;
    },

    /** The engine's refusal of a parameter (its message and `param`) as the CLI says it. */
    engineError: (message: string, param: string): string => paramError(message, param).message,
  };
}

/** The core's calls by name. */
export type Core = ReturnType<typeof makeCore>;
