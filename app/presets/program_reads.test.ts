// The J-Machine's programs declare what each reads (the model's `reads`), and the panel leaves
// out what no chosen program reads: the hidden sets equal what the presets' hand-written `unused`
// lists hid before the declaration (written down here from those lists).
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { loadPresetsFromDisk } from './from_disk';
import { presetProblems } from './problems';
import { resolveValues } from './param_values';
import { presetParams, unreadParams, unusedParams } from './schema';

const presets = loadPresetsFromDisk();
const engine = createInProcessEngine(loadNodeModule());
let model: ModelInfo;

beforeAll(async () => {
  model = (await engine.listModels()).find((m) => m.name === 'jmachine_programs')!;
});

const OLD_HIDDEN: Record<string, string[]> = {
  'jmachine-barrier': [
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'cpi_tuned',
    'dims',
    'handler_cycles',
    'lcs_a_chars',
    'lcs_alphabet',
    'lcs_b_chars',
    'lcs_cell_instr',
    'lcs_epilogue_instr',
    'lcs_prologue_instr',
    'lcs_startup_cpi',
    'lcs_startup_instr',
    'overhead_tb_us',
    'overhead_ts_us',
    'queens_board_instr',
    'queens_boards_per_node',
    'queens_done_instr',
    'queens_n',
    'radix_count_instr',
    'radix_digit_bits',
    'radix_key_bits',
    'radix_keys',
    'radix_local_write_instr',
    'radix_move_instr',
    'radix_route_instr',
    'radix_scan_instr',
    'radix_write_cycles',
    'radix_write_priority',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
    'tsp_calls_per_yield',
    'tsp_cities',
    'tsp_extend_instr',
    'tsp_instance_seed',
    'tsp_max_asks',
    'tsp_null_call_every',
    'tsp_null_call_instr',
    'tsp_runs',
    'tsp_task_depth',
    'tsp_xlates_per_extend',
  ],
  'jmachine-lcs': [
    'barrier_call_instr',
    'barrier_delta_us',
    'barrier_em4_us',
    'barrier_ipsc860_us',
    'barrier_ksr_us',
    'barrier_wave_instr',
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'dims',
    'handler_cycles',
    'overhead_tb_us',
    'overhead_ts_us',
    'queens_board_instr',
    'queens_boards_per_node',
    'queens_done_instr',
    'queens_n',
    'radix_count_instr',
    'radix_digit_bits',
    'radix_key_bits',
    'radix_keys',
    'radix_local_write_instr',
    'radix_move_instr',
    'radix_route_instr',
    'radix_scan_instr',
    'radix_write_cycles',
    'radix_write_priority',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
    'tsp_calls_per_yield',
    'tsp_cities',
    'tsp_extend_instr',
    'tsp_instance_seed',
    'tsp_max_asks',
    'tsp_null_call_every',
    'tsp_null_call_instr',
    'tsp_runs',
    'tsp_task_depth',
    'tsp_xlates_per_extend',
  ],
  'jmachine-overheads': [
    'barrier_call_instr',
    'barrier_delta_us',
    'barrier_em4_us',
    'barrier_ipsc860_us',
    'barrier_ksr_us',
    'barrier_wave_instr',
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'cpi_tuned',
    'dims',
    'handler_cycles',
    'lcs_a_chars',
    'lcs_alphabet',
    'lcs_b_chars',
    'lcs_cell_instr',
    'lcs_epilogue_instr',
    'lcs_prologue_instr',
    'lcs_startup_cpi',
    'lcs_startup_instr',
    'queens_board_instr',
    'queens_boards_per_node',
    'queens_done_instr',
    'queens_n',
    'radix_count_instr',
    'radix_digit_bits',
    'radix_key_bits',
    'radix_keys',
    'radix_local_write_instr',
    'radix_move_instr',
    'radix_route_instr',
    'radix_scan_instr',
    'radix_write_cycles',
    'radix_write_priority',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
    'tsp_calls_per_yield',
    'tsp_cities',
    'tsp_extend_instr',
    'tsp_instance_seed',
    'tsp_max_asks',
    'tsp_null_call_every',
    'tsp_null_call_instr',
    'tsp_runs',
    'tsp_task_depth',
    'tsp_xlates_per_extend',
  ],
  'jmachine-programs': [
    'barrier_call_instr',
    'barrier_delta_us',
    'barrier_em4_us',
    'barrier_ipsc860_us',
    'barrier_ksr_us',
    'barrier_wave_instr',
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'dims',
    'handler_cycles',
    'overhead_tb_us',
    'overhead_ts_us',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
  ],
  'jmachine-queens': [
    'barrier_call_instr',
    'barrier_delta_us',
    'barrier_em4_us',
    'barrier_ipsc860_us',
    'barrier_ksr_us',
    'barrier_wave_instr',
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'dims',
    'handler_cycles',
    'lcs_a_chars',
    'lcs_alphabet',
    'lcs_b_chars',
    'lcs_cell_instr',
    'lcs_epilogue_instr',
    'lcs_prologue_instr',
    'lcs_startup_cpi',
    'lcs_startup_instr',
    'overhead_tb_us',
    'overhead_ts_us',
    'radix_count_instr',
    'radix_digit_bits',
    'radix_key_bits',
    'radix_keys',
    'radix_local_write_instr',
    'radix_move_instr',
    'radix_route_instr',
    'radix_scan_instr',
    'radix_write_cycles',
    'radix_write_priority',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
    'tsp_calls_per_yield',
    'tsp_cities',
    'tsp_extend_instr',
    'tsp_instance_seed',
    'tsp_max_asks',
    'tsp_null_call_every',
    'tsp_null_call_instr',
    'tsp_runs',
    'tsp_task_depth',
    'tsp_xlates_per_extend',
  ],
  'jmachine-radix': [
    'barrier_call_instr',
    'barrier_delta_us',
    'barrier_em4_us',
    'barrier_ipsc860_us',
    'barrier_ksr_us',
    'barrier_wave_instr',
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'dims',
    'handler_cycles',
    'lcs_a_chars',
    'lcs_alphabet',
    'lcs_b_chars',
    'lcs_cell_instr',
    'lcs_epilogue_instr',
    'lcs_prologue_instr',
    'lcs_startup_cpi',
    'lcs_startup_instr',
    'overhead_tb_us',
    'overhead_ts_us',
    'queens_board_instr',
    'queens_boards_per_node',
    'queens_done_instr',
    'queens_n',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
    'tsp_calls_per_yield',
    'tsp_cities',
    'tsp_extend_instr',
    'tsp_instance_seed',
    'tsp_max_asks',
    'tsp_null_call_every',
    'tsp_null_call_instr',
    'tsp_runs',
    'tsp_task_depth',
    'tsp_xlates_per_extend',
  ],
  'jmachine-tsp': [
    'barrier_call_instr',
    'barrier_delta_us',
    'barrier_em4_us',
    'barrier_ipsc860_us',
    'barrier_ksr_us',
    'barrier_wave_instr',
    'copy_external_cycles_per_word',
    'copy_internal_cycles_per_word',
    'dims',
    'handler_cycles',
    'lcs_a_chars',
    'lcs_alphabet',
    'lcs_b_chars',
    'lcs_cell_instr',
    'lcs_epilogue_instr',
    'lcs_prologue_instr',
    'lcs_startup_cpi',
    'lcs_startup_instr',
    'overhead_tb_us',
    'overhead_ts_us',
    'queens_board_instr',
    'queens_boards_per_node',
    'queens_done_instr',
    'queens_n',
    'radix_count_instr',
    'radix_digit_bits',
    'radix_key_bits',
    'radix_keys',
    'radix_local_write_instr',
    'radix_move_instr',
    'radix_route_instr',
    'radix_scan_instr',
    'radix_write_cycles',
    'radix_write_priority',
    'read_handler_cycles',
    'reply_external_cycles_per_word',
    'reply_internal_cycles_per_word',
  ],
};

const preset = (id: string) => presets.find((p) => p.id === id)!;
const hidden = (id: string, params: Record<string, number | number[]> = {}) =>
  [
    ...unusedParams(
      preset(id),
      model,
      resolveValues(model.params, presetParams(preset(id)), params),
    ),
  ].sort();

describe('the J-Machine programs presets leave out what their programs do not read', () => {
  it.each(Object.keys(OLD_HIDDEN))('%s hides what its hand list hid', (id) => {
    // The TSP preset's list showed cpi_tuned, which TSP does not read: it runs at the MDP's
    // typical rate, not the hand-tuned programs' (engine program_tables_test).
    const before = id === 'jmachine-tsp' ? [...OLD_HIDDEN[id]!, 'cpi_tuned'] : OLD_HIDDEN[id]!;
    expect(hidden(id)).toEqual(before.sort());
  });

  it('follows the programs chosen', () => {
    expect(hidden('jmachine-programs')).toContain('barrier_call_instr');
    expect(hidden('jmachine-programs', { programs: [0, 4] })).not.toContain('barrier_call_instr');
    expect(hidden('jmachine-programs', { programs: [0, 4] })).not.toContain('tsp_runs');
    expect(hidden('jmachine-programs', { programs: [0, 4] })).toContain('cpi_tuned');
    expect(hidden('jmachine-tsp', { programs: [1] })).toContain('tsp_runs');
    expect(hidden('jmachine-tsp', { programs: [1] })).not.toContain('lcs_cell_instr');
  });

  it('hides nothing by the declaration while a chosen program is not one', () => {
    expect(unreadParams(model, { programs: [1, 9] })).toEqual([]);
    expect(unreadParams(model, { programs: [1] })).toContain('tsp_cities');
  });

  it('declares every program a table of parameters the model takes', () => {
    const names = model.params.map((s) => s.name);
    expect(model.reads!.byValue).toHaveLength(5);
    for (const read of [model.reads!.always, ...model.reads!.byValue]) {
      expect(names).toEqual(expect.arrayContaining(read));
    }
  });
});

describe('a hand list naming what the declaration leaves out', () => {
  it('is a problem of the preset', () => {
    const bad = structuredClone(preset('jmachine-radix'));
    bad.unused = [{ params: ['tsp_cities', 'overhead_ts_us'] }];
    expect(presetProblems(bad, [model])).toEqual([
      "unused.0.params: 'tsp_cities' is left out already: no chosen programs value reads it",
    ]);
  });
});
