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

const CONFIG = 'topology = anynet; routing_function = min; network_file = net;';

/** BookSim2's src/examples/anynet/anynet_file, as it is. */
const BOOKSIM_EXAMPLE = `router 0 node 0 node 1 node 2 router 1
router 1 node 3 node 4 node 5
router 2 node 6 node 7 node 8 router 1 router 0
`;

/** The import of CONFIG with `net` as its network file. */
const imported = (net: string) =>
  booksimToCustomNetwork(CONFIG, model, (name) => {
    if (name !== 'net') throw new Error(`asked for ${name}`);
    return net;
  });

function refusal(net: string): string {
  try {
    imported(net);
  } catch (error) {
    if (error instanceof BooksimError) return error.message;
    throw error;
  }
  throw new Error('not refused');
}

describe("booksimToCustomNetwork(BookSim's anynet)", () => {
  it("maps BookSim2's example network file to the anynet's lists", () => {
    const { settings, notes } = imported(BOOKSIM_EXAMPLE);
    expect(settings).toMatchObject({
      topology: 'anynet',
      routing: 'dimension order',
      anynet_node_router: '0,0,0,1,1,1,2,2,2',
      anynet_link_from: '0,0,1',
      anynet_link_to: '1,2,2',
      anynet_link_cycles: '1,1,1',
      anynet_link_back_cycles: '1,1,1',
    });
    expect(notes.filter((n) => n.key === 'topology' || n.key === 'network_file')).toEqual([]);
  });

  it("gives a router's cycles one way only, the way back 1 unless its own line gives it", () => {
    const { settings } = imported(
      'router 0 node 0 router 1 10\nrouter 1 node 1 router 2\nrouter 2 router 1 5 router 0',
    );
    expect(settings).toMatchObject({
      anynet_node_router: '0,1',
      anynet_link_from: '0,0,1',
      anynet_link_to: '1,2,2',
      anynet_link_cycles: '10,1,1',
      anynet_link_back_cycles: '1,1,5',
    });
  });

  it('refuses cycles after a node, which BookSim2 sets on a channel between routers', () => {
    expect(refusal('router 0 node 0 node 1 5\nrouter 1 node 2 router 0')).toMatch(
      /line 1: 5 cycles after node 1: BookSim2 sets them on router 0's channel to router 1/,
    );
  });

  it('refuses a file BookSim2 would misread, naming network_file and the line', () => {
    expect(refusal('router 0 node 0 router 1\nrouter 1 node 0')).toMatch(
      /network_file: line 2: node 0 is on router 0 and router 1/,
    );
    expect(refusal('router 0 node 0 router 2\nrouter 2 node 1')).toMatch(/router 1 is missing/);
    expect(refusal('router 0 node 1 router 1')).toMatch(/node 0 is missing/);
    expect(refusal('router 0 node 0 node 1')).toMatch(/one router/);
    expect(refusal('router 0 nod 0')).toMatch(/line 1: 'nod'/);
    expect(refusal('node 0 router 0')).toMatch(/starts 'router R'/);
    expect(() => booksimToCustomNetwork(CONFIG, model)).toThrow(/read beside the configuration/);
  });
});
