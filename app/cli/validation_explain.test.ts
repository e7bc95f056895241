import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { findPreset } from '../headless/run';
import { explainRow, explanationText, findRow } from './validation_explain';

const presets = loadPresetsFromDisk();
let models: ModelInfo[];

beforeAll(async () => {
  const engine = createInProcessEngine(loadNodeModule());
  models = await engine.listModels();
  engine.dispose();
});

const explained = (spec: string) => {
  const { preset, ref } = findRow(presets, spec);
  return explainRow(
    preset,
    ref,
    models.find((m) => m.name === preset.model)!,
  );
};

describe('findRow()', () => {
  it('finds a row by its metric, or by preset:metric where the metric is in several', () => {
    expect(findRow(presets, 'read1_corner_cycles').preset.id).toBe('jmachine-round-trip');
    expect(findRow(presets, 'multipsi-v1-program2:pe_rps').preset.id).toBe('multipsi-v1-program2');
    expect(() => findRow(presets, 'pe_rps')).toThrow(
      '--explain pe_rps: in several presets; give one: multipsi-v1-program1:pe_rps, ' +
        'multipsi-v1-program2:pe_rps',
    );
  });

  it('names the valid rows for an unknown metric, the presets for an unknown preset', () => {
    expect(() => findRow(presets, 'jmachine-round-trip:nope')).toThrow(
      '--explain jmachine-round-trip:nope: no such row; valid: null_rpc_per_hop_cycles, ' +
        'null_rpc_self_cycles, read1_corner_cycles, read1_neighbor_cycles',
    );
    expect(() => findRow(presets, 'nope:x')).toThrow(/no preset 'nope'; valid: jmachine-barrier, /);
    // Among the presets chosen (validate <preset> --explain metric) only.
    const one = [findPreset(presets, 'multipsi-v1-program2')];
    expect(findRow(one, 'pe_rps').preset.id).toBe('multipsi-v1-program2');
  });
});

describe('explainRow()', () => {
  it('marks the calibrated value fitted on this row: the row is its calibration', () => {
    const e = explained('multipsi-v1-program2:pe_rps');
    expect(e).toMatchObject({ role: 'calibration', paper: 370, tolerance: { rel: 0.06 } });
    expect(e.accepted).toEqual({ atLeast: expect.closeTo(347.8), atMost: expect.closeTo(392.2) });
    expect(e.band.from).toBe('choice');
    const builtin = e.params.find((p) => p.name === 'builtin_ms')!;
    expect(builtin).toMatchObject({ basis: 'calibrated', fittedOnThisRow: true, value: 0.376 });
    // Fitted on another row: said, but not this one's.
    const message = e.params.find((p) => p.name === 'message_ms')!;
    expect(message.fittedOn).toEqual([
      { preset: 'multipsi-v1-program1', metric: 'relative_communication_time' },
    ]);
    expect(message.fittedOnThisRow).toBeUndefined();
    expect(e.params.find((p) => p.name === 'reduction_ms')!.basis).toBe('paper');
  });

  it('lists only the parameters the run reads: not those the preset or the model leave unread', () => {
    const e = explained('paragon-pingpong:bandwidth_mb_s');
    const names = e.params.map((p) => p.name);
    expect(names).toContain('nx_packet_us');
    // NX alone: the BSP library's costs are in the preset's `unused`.
    expect(names).not.toContain('bsp_buffer_us');
    expect(e).toMatchObject({ role: 'consistency', consistency: expect.stringMatching(/1 \/ /) });
  });

  it('writes the row, its band and each parameter with its basis and source', () => {
    const text = explanationText(explained('multipsi-v1-program2:pe_rps'), 100);
    expect(text.split('\n')[0]).toBe('multipsi-v1-program2:pe_rps  RPS on one PE');
    expect(text).toContain('  accepted: 347.8 to 392.2 RPS (tolerance 6 %)');
    expect(text).toContain('  band from: choice: 6 %, as for Program 1');
    // Wrapped lines read as one: the parameter, its basis and fit, then its source.
    expect(text.replace(/\n +/g, ' ')).toContain(
      'builtin_ms = 0.376 ms; calibrated; fitted on multipsi-v1-program2:pe_rps (this row: it ' +
        "is the calibration) on Table 3's RPS ratio",
    );
    expect(text.split('\n').every((l) => l.length <= 100)).toBe(true);
  });
});
