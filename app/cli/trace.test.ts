import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import { loadPresetsFromDisk } from '../presets/from_disk';
import { findPreset } from '../headless/run';
import { UsageError } from '../headless/usage_error';
import type { PerfettoTrace } from '../exports/perfetto';
import { perfettoProblems } from '../exports/perfetto_check';
import { parseTraceFlags, traceFormat, traceJson, tracePreset, traceTable } from './trace';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('parseTraceFlags()', () => {
  it('defaults to point 0 and the first 1,000 cycles, and reads the caps', () => {
    expect(parseTraceFlags({})).toEqual({ point: 0, window: { from: 0, length: 1000 } });
    expect(
      parseTraceFlags({ point: '2', from: '1.5e3', cycles: '20', 'max-events': '100' }),
    ).toEqual({ point: 2, window: { from: 1500, length: 20, maxEvents: 100 } });
  });

  it('names the flag and what it takes', () => {
    const cases: [Record<string, string>, string][] = [
      [{ point: '-1' }, "--point '-1' is not a whole number from 0 (a point of the sweep)"],
      [{ point: '0.5' }, "--point '0.5' is not a whole number from 0 (a point of the sweep)"],
      [{ from: 'x' }, "--from 'x' is not a time from 0, in the model's clock"],
      [{ cycles: '0' }, "--cycles '0' is not a span above 0"],
      [{ 'max-events': '0' }, "--max-events '0' is not a whole number from 1"],
      [{ 'max-bytes': '10' }, "--max-bytes '10' is not a whole number from 1024"],
    ];
    for (const [flags, message] of cases) {
      expect(() => parseTraceFlags(flags)).toThrow(new UsageError(message));
    }
  });
});

describe('tracePreset()', () => {
  const presets = loadPresetsFromDisk();

  it('traces a point of the preset, as JSON with one event a line', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const report = await tracePreset(
      engine,
      models,
      findPreset(presets, 'custom-network'),
      ['dims=4x4'],
      { from: '1000', cycles: '100' },
    );
    engine.dispose();
    const text = [...traceJson(report)].join('');
    const json = JSON.parse(text) as {
      params: { topology: string };
      end: number;
      kinds: Record<string, { events: number; fields: string[] }>;
      events: Record<string, number | string>[];
    };
    expect(json.params.topology).toBe('mesh');
    expect(json.end).toBe(1100);
    expect(json.kinds.flit_moved!.fields).toEqual(['packet', 'flit', 'channel', 'vc']);
    const moved = json.events.filter((e) => e.kind === 'flit_moved');
    expect(moved).toHaveLength(json.kinds.flit_moved!.events);
    expect(moved[0]).toEqual({
      cycle: expect.any(Number),
      kind: 'flit_moved',
      packet: expect.any(Number),
      flit: expect.any(Number),
      channel: expect.any(Number),
      vc: 0,
    });
    const cycles = json.events.map((e) => e.cycle as number);
    expect(cycles).toEqual([...cycles].sort((a, b) => a - b));
    expect(text.split('\n').filter((l) => l.startsWith('    {"cycle"'))).toHaveLength(
      json.events.length,
    );
    expect(traceTable(report)).toMatch(/^custom-network \(seed 1, point 0\): cycle 1000 to 1100/);
  }, 30_000);

  it('names a point outside the sweep, and a model that records no trace', async () => {
    const engine = createInProcessEngine(loadNodeModule());
    const models = await engine.listModels();
    const outside = await tracePreset(engine, models, findPreset(presets, 'custom-network'), [], {
      point: '99',
    }).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(UsageError);
    expect((outside as Error).message).toMatch(
      /^--point: parameter 'point' = 99 is not in \[0, 10\]/,
    );
    const other = await tracePreset(
      engine,
      models,
      findPreset(presets, 'transputer-ping'),
      [],
      {},
    ).catch((e: unknown) => e);
    expect((other as Error).message).toMatch(/records no trace/);
    engine.dispose();
  }, 30_000);
});

describe('traceFormat()', () => {
  it('reads --format and --json, and names the formats when one is unknown or two are asked', () => {
    expect(traceFormat(undefined, false)).toBe('table');
    expect(traceFormat(undefined, true)).toBe('json');
    expect(traceFormat('perfetto', false)).toBe('perfetto');
    expect(traceFormat('json', true)).toBe('json');
    expect(() => traceFormat('ctf', false)).toThrow(
      new UsageError("--format 'ctf' is not one of table, json, perfetto"),
    );
    expect(() => traceFormat('perfetto', true)).toThrow(
      new UsageError('--json and --format perfetto ask for two formats: give one'),
    );
  });
});

describe('npm run cli -- trace', () => {
  it("writes a file for Perfetto with --format perfetto: the Paragon's processors as tracks", async () => {
    const { stdout, code } = await new Promise<{ stdout: string; code: number }>((resolve) => {
      execFile(
        'npm',
        [
          'run',
          '--silent',
          'cli',
          '--',
          'trace',
          'paragon-bsp',
          '--cycles',
          '20000',
          '--format',
          'perfetto',
        ],
        { cwd: root, maxBuffer: 64 << 20 },
        (error, out) => resolve({ stdout: out, code: error ? Number(error.code) : 0 }),
      );
    });
    expect(code).toBe(0);
    const file = JSON.parse(stdout) as PerfettoTrace;
    expect(perfettoProblems(file)).toEqual([]);
    expect(file.otherData).toMatchObject({ preset: 'paragon-bsp', model: 'paragon_bsp' });
    const threads = file.traceEvents
      .filter((e) => e.name === 'thread_name')
      .map((e) => e.args!.name);
    expect(threads).toContain('message processor (MP)');
  }, 60_000);

  it('prints {"events": [...]} for a J-Machine program, each event with its cycle and kind', async () => {
    const { stdout, code } = await new Promise<{ stdout: string; code: number }>((resolve) => {
      execFile(
        'npm',
        ['run', '--silent', 'cli', '--', 'trace', 'jmachine-barrier', '--point', '2', '--json'],
        { cwd: root, maxBuffer: 64 << 20 },
        (error, out) => resolve({ stdout: out, code: error ? Number(error.code) : 0 }),
      );
    });
    expect(code).toBe(0);
    const json = JSON.parse(stdout) as {
      events: { cycle: number; kind: string; state?: string }[];
      kinds: Record<string, { states?: Record<string, { name: string; activity: string }[]> }>;
      timeline: { lanes: { kind: string; initial: string }[]; marks: { label: string }[] };
    };
    const kinds = new Set(json.events.map((e) => e.kind));
    for (const kind of ['thread_started', 'message_sent', 'flit_moved', 'barrier_wave']) {
      expect(kinds).toContain(kind);
    }
    // The nodes' states, declared with the kinds and named in the events.
    expect(json.timeline.lanes).toEqual([
      expect.objectContaining({ kind: 'node_state', initial: 'idle' }),
    ]);
    expect(json.timeline.marks.map((m) => m.label)).toEqual(['send fault', 'queue overflow']);
    expect(json.kinds.node_state!.states!.state!.map((s) => s.name)).toEqual([
      'idle',
      'priority_0',
      'priority_1',
      'background',
      'send_refused',
    ]);
    expect(json.events.find((e) => e.kind === 'node_state')?.state).toBe('background');
  }, 60_000);
});
