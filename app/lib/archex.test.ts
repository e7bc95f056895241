import { describe, expect, it } from 'vitest';

import { validationReport, runPreset } from '../cli/commands';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { archexOver } from './archex';

describe('validate()', () => {
  it('gives the rows with their roles and the summary `validate --json` prints', async () => {
    const presets = loadPresetsFromDisk();
    const engine = createInProcessEngine(loadNodeModule());
    const validation = await archexOver(engine, presets).validate('jmachine-round-trip');
    const preset = presets.find((p) => p.id === 'jmachine-round-trip')!;
    const run = await runPreset(engine, await engine.listModels(), preset);
    engine.dispose();
    const cli = validationReport([{ preset: preset.id, ...run }]);
    expect(validation.presets).toEqual(cli.presets);
    expect(validation.summary).toEqual(cli.summary);
    expect(validation.presets[0]!.validation.map((r) => r.role)).toEqual([
      'calibration',
      'validation',
      'calibration',
      'validation',
    ]);
    expect(validation).toMatchObject({
      targets: 4,
      asExpected: 4 - cli.summary.notAsExpected,
      knownMisses: 0,
    });
  }, 60_000);
});
