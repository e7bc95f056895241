import { afterAll, describe, expect, it } from 'vitest';

import { madeBy } from '../engine/engine_build';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule, readEngineBuild } from '../engine/node_module';
import { readNativeResult } from '../engine/native_result';
import type { Params, RunResult } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { DEFAULT_BASE_URL, parsePaperSize } from '../headless/figure';
import {
  runJsonText,
  runPreset,
  validatePresets,
  validationJsonText,
  validationReport,
} from '../headless/run';
import { figureWithMadeBy } from '../exports/figure_made_by';
import { presetFigures } from '../cli/figure';
import { makeCore } from './api';

const presets = loadPresetsFromDisk();
const engine = createInProcessEngine(loadNodeModule());
afterAll(() => engine.dispose());
const build = readEngineBuild();

/**
 * A wasm run written as the native engine writes it whole (result_full_json): typed arrays as
 * arrays, a non-finite number by its name. The Python test checks the native writer itself.
 */
function nativeText(params: Params, result: RunResult): string {
  return JSON.stringify({ params, ...result }, (_key, value: unknown) => {
    if (ArrayBuffer.isView(value)) return Array.from(value as Float64Array);
    if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
    return value;
  });
}

async function readyCore() {
  const core = makeCore(presets);
  core.init(JSON.stringify(await engine.listModels()), JSON.stringify(build));
  return core;
}

describe('makeCore(presets)', () => {
  it("report() of plan()'s run is the text run --json prints", async () => {
    const core = await readyCore();
    const request = JSON.stringify({ preset: 'jmachine-round-trip', params: { vcs: 2 } });
    const [planned] = JSON.parse(core.plan(request)) as { model: string; params: Params }[];
    expect(planned).toMatchObject({ model: 'jmachine_round_trip', params: { vcs: 2 } });
    const models = await engine.listModels();
    const preset = presets.find((p) => p.id === 'jmachine-round-trip')!;
    const cli = await runPreset(engine, models, preset, ['vcs=2']);
    const command = ['run', preset.id, '--set', 'vcs=2', '--json'];
    const text = core.report(
      request,
      [nativeText(cli.params, cli.result)],
      JSON.stringify(command),
    );
    expect(text).toBe(`${runJsonText(cli.report, madeBy(build, command))}\n`);
  });

  it('plan() refuses a value out of range, naming the parameter and its range', async () => {
    const core = await readyCore();
    const refused = () =>
      core.plan(JSON.stringify({ preset: 'jmachine-round-trip', params: { vcs: -3 } }));
    expect(refused).toThrow(
      "run('jmachine-round-trip'): parameter 'vcs' = -3: Out of range. Valid: 1 to 16 per channel",
    );
    expect(() => refused()).toThrow(expect.objectContaining({ param: 'vcs' }));
    expect(() => core.plan('{"preset":"nope"}')).toThrow(/unknown preset or model 'nope'/);
  });

  it("validationReport() of validationPlan()'s runs is what validate --json prints", async () => {
    const core = await readyCore();
    const options = JSON.stringify({ preset: 'jmachine-round-trip' });
    const plan = JSON.parse(core.validationPlan(options)) as { key: string; params: Params }[];
    expect(plan.map((r) => r.key)).toEqual(['jmachine-round-trip']);
    const models = await engine.listModels();
    const preset = presets.find((p) => p.id === 'jmachine-round-trip')!;
    const { params, result } = await runPreset(engine, models, preset);
    const command = ['validate', preset.id, '--json'];
    const checked = await validatePresets(engine, models, [preset], { seeds: true });
    expect(
      core.validationReport(options, [nativeText(params, result)], JSON.stringify(command)),
    ).toBe(`${validationJsonText(validationReport(checked), madeBy(build, command))}\n`);
  });

  it('figure() draws the SVG figure --format svg writes', async () => {
    const core = await readyCore();
    const preset = presets.find((p) => p.id === 'jmachine-round-trip')!;
    const models = await engine.listModels();
    const { params, result } = await runPreset(engine, models, preset);
    const chart = preset.charts[0]!;
    const command = ['figure', preset.id, chart.id, '--width', '3.5in'];
    const svg = core.figure(
      JSON.stringify({ preset: preset.id }),
      nativeText(params, result),
      JSON.stringify({ chart: chart.id, width: '3.5in' }),
      JSON.stringify(command),
    );
    const [cli] = await presetFigures(engine, models, preset, {
      charts: [chart],
      settings: [],
      theme: 'print',
      paper: parsePaperSize('3.5in'),
      parts: { title: true, caption: true },
      baseUrl: new URL(DEFAULT_BASE_URL),
    });
    expect(svg).toBe(figureWithMadeBy(cli!.figure, madeBy(build, command)).text);
    expect(svg).toContain('Made with archex: http://127.0.0.1:5173/');
  });
});

describe('readNativeResult(text)', () => {
  it('reads a non-finite number by its name and types the columns', () => {
    const { result } = readNativeResult(
      JSON.stringify({
        params: { a: 1 },
        scalars: [{ name: 's', value: 'NaN', unit: '', description: '' }],
        series: [],
        networks: [],
        timelines: [
          {
            name: 't',
            label: '',
            timeUnit: 'ms',
            edges: [0, 'Infinity'],
            rows: [],
            states: [],
            shares: [],
          },
        ],
      }),
    );
    expect(result.scalars[0]!.value).toBeNaN();
    expect(result.timelines[0]!.edges).toEqual(Float64Array.from([0, Infinity]));
    expect(() => readNativeResult('{"params":{},"scalars":[{"value":"x"}]}')).toThrow(
      /"x" where a number goes/,
    );
  });
});
