import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo } from '../engine/types';
import { booksimToCustomNetwork } from './booksim';
import { BooksimError } from './booksim_syntax';

const engine = createInProcessEngine(loadNodeModule());
/** The custom network as the engine describes it: its routings name BookSim2's. */
let model: ModelInfo;

beforeAll(async () => {
  model = (await engine.listModels()).find((m) => m.name === 'network_traffic')!;
});

function refusal(text: string): BooksimError {
  try {
    booksimToCustomNetwork(text, model);
  } catch (error) {
    if (error instanceof BooksimError) return error;
    throw error;
  }
  throw new Error('not refused');
}

const CMESH = 'topology = cmesh; k = 4; n = 2; c = 4; x = 4; y = 4; xr = 2; yr = 2;';

describe("booksimToCustomNetwork(BookSim's cmesh)", () => {
  it('maps a cmesh to a mesh of 4 terminals a router, its routings without express channels', () => {
    const { settings, notes } = booksimToCustomNetwork(
      `${CMESH} routing_function = dor_no_express; num_vcs = 2;`,
      model,
    );
    expect(settings).toMatchObject({
      topology: 'mesh',
      dims: '4x4',
      concentration: '4',
      routing: 'dimension order',
      vcs: '2',
    });
    expect(notes.find((n) => n.key === 'topology')?.reason).toMatch(/2 x 2 block/);
    expect(
      booksimToCustomNetwork(`${CMESH} routing_function = xy_yx_no_express;`, model).settings
        .routing,
    ).toBe('O1TURN');
  });

  it("gives its links' second cycle (use_noc_latency) to the router and credit delays", () => {
    const noc = booksimToCustomNetwork(`${CMESH} routing_function = dor_no_express;`, model);
    expect(noc.settings).toMatchObject({ router_delay_cycles: '2', credit_delay_cycles: '1' });
    expect(noc.notes.find((n) => n.key === 'use_noc_latency')?.reason).toMatch(/a cmesh's links/);
    const wires = booksimToCustomNetwork(
      `${CMESH} routing_function = dor_no_express; use_noc_latency = 0;`,
      model,
    );
    expect(wires.settings).toMatchObject({ router_delay_cycles: '1', credit_delay_cycles: '0' });
  });

  it('refuses a cmesh BookSim would not build, and the routings over its express channels', () => {
    expect(refusal('topology = cmesh; k = 4; routing_function = dor_no_express;').key).toBe('c');
    expect(refusal(`${CMESH} n = 3; routing_function = dor_no_express;`).key).toBe('n');
    expect(refusal(`${CMESH} routing_function = dor;`).message).toMatch(
      /dor_no_express on a cmesh, xy_yx_no_express on a cmesh/,
    );
    // A mesh's c is BookSim's concentration of a cmesh only.
    expect(refusal('topology = mesh; c = 4; routing_function = dor;').key).toBe('c');
  });
});
