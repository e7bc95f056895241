import { afterAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { archexOver } from '../lib/archex';
import { describeTarget } from '../headless/describe';
import { UsageError } from '../headless/usage_error';
import { describeText } from './describe';

const engine = createInProcessEngine(loadNodeModule());
const presets = loadPresetsFromDisk();
afterAll(() => engine.dispose());

/** The table's row for `name`, split into its columns. */
function row(text: string, name: string): string[] {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no row for ${name} in:\n${text}`);
  return line.split(/\s{2,}/);
}

describe('cli describe', () => {
  it("describeText(preset) lists each parameter's unit, default, the preset's value and range", async () => {
    const text = describeText(
      await describeTarget(engine, await engine.listModels(), presets, 'multipsi-v1-comm'),
    );
    expect(text.split('\n')[0]).toBe(
      'Multi-PSI/V1: communication vs performance (preset multipsi-v1-comm, seed 1): ' +
        'model multipsi_perf, Multi-PSI: communication vs performance',
    );
    expect(text).toMatch(/^parameter +unit +default +preset +values$/m);
    // Set by the preset; left at the model's default (an empty preset column); a list.
    expect(row(text, 'pe_rps')).toEqual(['pe_rps', 'RPS', '1000', '370', '1 to 1000000']);
    expect(row(text, 'pes')).toEqual(['pes', 'PEs', '6', '1 to 1024, whole']);
    expect(row(text, 'curve_work_rates')).toEqual([
      'curve_work_rates',
      'fraction',
      '0.75, 0.5, 0.25',
      'list of 1 to 6, each 0.01 to 1',
    ]);
    expect(row(text, 'reduction_speedup')[1]).toBe('× (x)');
    expect(text).toMatch(/^output +kind +unit +description$/m);
    expect(row(text, 'relative_performance')).toEqual([
      'relative_performance',
      'scalar',
      'fraction',
      'System performance / ideal performance',
    ]);
  });

  it('describeText shortens a long list to its ends and its length', async () => {
    const text = describeText(
      await describeTarget(engine, await engine.listModels(), presets, 'transputer-ping'),
    );
    expect(row(text, 'sizes').slice(0, 3)).toEqual([
      'sizes',
      'bytes',
      '1, 4, 8, 16, 24, 31, …, 16384 (25 items)',
    ]);
  });

  it('describeText(model) names choices by number and name, with no preset column', async () => {
    const text = describeText(
      await describeTarget(engine, await engine.listModels(), presets, 'network_traffic'),
    );
    expect(text.split('\n')[0]).toMatch(/\(model network_traffic\)$/);
    expect(text).toMatch(/^parameter +unit +default +values$/m);
    expect(row(text, 'topology')).toEqual([
      'topology',
      '-',
      'mesh',
      expect.stringMatching(/^0 mesh; 1 torus; /),
    ]);
    expect(text).toMatch(/^network \w+: /m);
  });

  it("describeTarget gives the library's describe(), for the --json the library prints", async () => {
    const library = archexOver(engine, presets);
    expect(
      await describeTarget(engine, await engine.listModels(), presets, 'network-deadlock'),
    ).toEqual(await library.describe('network-deadlock'));
  });

  it('describeTarget names an unknown preset or model and lists the valid ones', async () => {
    const error = await describeTarget(
      engine,
      await engine.listModels(),
      presets,
      'jmachine',
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(
      /^unknown preset or model 'jmachine'; presets: .*jmachine-lcs.*; models: .*jmachine_logp/,
    );
  });
});
