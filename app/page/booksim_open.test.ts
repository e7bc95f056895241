import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Engine } from '../engine/engine';
import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { BOOKSIM_PRESET } from '../presets/booksim';
import { loadPresetsFromDisk } from '../presets/from_disk';
import type { BooksimOpened, BooksimRefused } from './booksim_open';
import { MAX_BOOKSIM_BYTES, clipped, openBooksim } from './booksim_open';

const preset = loadPresetsFromDisk().find((p) => p.id === BOOKSIM_PRESET)!;
let engine: Engine;
let model: ModelInfo;
beforeAll(async () => {
  engine = createInProcessEngine(loadNodeModule());
  model = (await engine.listModels()).find((m) => m.name === preset.model)!;
});
afterAll(() => engine.dispose());

/** A file of `text` named `name`. */
const file = (text: string, name = 'mesh.cfg') => ({
  name,
  size: new TextEncoder().encode(text).length,
  text: () => Promise.resolve(text),
});

const open = (text: string) => openBooksim(file(text), preset, model, engine);

async function opened(text: string): Promise<BooksimOpened> {
  const result = await open(text);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result;
}

async function refused(text: string): Promise<string> {
  const result = await open(text);
  if (!('refused' in result)) throw new Error('opened');
  return result.refused;
}

/** A choice's number by its name, as the link holds it. */
const choice = (param: string, name: string) =>
  model.params.find((s) => s.name === param)!.choices.indexOf(name);

describe('openBooksim', () => {
  it('gives the custom network changed from its preset, the seed and the notes', async () => {
    const { params, seed, notes } = await opened(
      'topology = torus; k = 4; n = 2; routing_function = dim_order; num_vcs = 4;\n' +
        'traffic = tornado; packet_size = 4; injection_rate = 0.02; seed = 7;\n' +
        'input_speedup = 2; flatfly_thing = 3;',
    );
    expect(params).toMatchObject({
      topology: choice('topology', 'torus'),
      dims: [4, 4],
      vcs: 4,
      pattern: choice('pattern', 'tornado'),
      packet_flits: 4,
      injection_rate: 0.08,
      // BookSim2's dim_order_torus: half-way ties at random, its classes by route.
      routing: choice('routing', 'random tie-break'),
      dateline: choice('dateline', 'by route'),
    });
    // The preset's own VC buffers: not a change.
    expect(params).not.toHaveProperty('buffer_flits');
    expect(seed).toBe(7);
    expect(notes.map((n) => n.key)).toEqual(
      expect.arrayContaining(['input_speedup', 'injection_rate', 'flatfly_thing']),
    );
    expect(notes.find((n) => n.key === 'flatfly_thing')?.reason).toBe(
      '3 not modelled: archex has no such setting',
    );
  });

  it("leaves out a value equal to the preset's and the preset's own seed", async () => {
    const { params, seed } = await opened(
      `topology = mesh; routing_function = dor; seed = ${preset.seed};`,
    );
    expect(params).not.toHaveProperty('dims');
    expect(seed).toBeUndefined();
  });

  it("opens BookSim's cmesh as a mesh of 4 terminals a router", async () => {
    const { params } = await opened(
      'topology = cmesh; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2;' +
        'routing_function = dor_no_express; use_noc_latency = 0;',
    );
    // A mesh is the preset's own topology: not a change.
    expect(params).toMatchObject({ dims: [4, 4], concentration: 4 });
  });

  it('refuses a topology archex does not model, naming the key and what it supports', async () => {
    expect(await refused('topology = qtree; routing_function = nca;')).toBe(
      "BookSim topology: 'qtree' is not modelled by archex; it supports mesh, torus, cmesh, fly, dragonflynew, fattree, flatfly, anynet",
    );
  });

  it('refuses damaged syntax, naming the line', async () => {
    expect(await refused('topology = mesh;\nk 8;\n')).toBe(
      "BookSim line 2: 'k 8' is not 'key = value;'",
    );
  });

  it("refuses a value out of the custom network's range, naming the BookSim key", async () => {
    expect(
      await refused('topology = mesh; routing_function = dor; injection_rate = 5000;'),
    ).toMatch(/^BookSim injection_rate: the custom network's .* '5000': Out of range\. Valid: /);
  });

  it('refuses what the engine will not build, naming the BookSim key', async () => {
    expect(await refused('topology = fly; k = 16; n = 12; routing_function = dest_tag;')).toBe(
      'BookSim topology: a 16-ary 12-fly has more than 65,536 terminals; at most 4 stages of radix 16',
    );
  });

  it('does not read a file larger than a configuration could be', async () => {
    let read = false;
    const big = {
      name: 'big.cfg',
      size: MAX_BOOKSIM_BYTES + 1,
      text: () => ((read = true), Promise.resolve('')),
    };
    const result = (await openBooksim(big, preset, model, engine)) as BooksimRefused;
    expect(result.refused).toMatch(/^65537 bytes; a BookSim2 configuration is a few kilobytes/);
    expect(read).toBe(false);
  });

  it("cuts the file's long words to a line", async () => {
    const long = 'x'.repeat(5000);
    const { notes } = await opened(`routing_function = dim_order; odd = ${long};`);
    expect(notes.find((n) => n.key === 'odd')!.reason.length).toBeLessThanOrEqual(160);
    expect((await refused(`topology = ${long};`)).length).toBeLessThanOrEqual(400);
    expect(clipped('abc', 2)).toBe('a…');
  });
});
