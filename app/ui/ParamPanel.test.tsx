import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { createInProcessEngine } from '../engine/in_process_engine';
import { loadNodeModule } from '../engine/node_module';
import type { ModelInfo, Params } from '../engine/types';
import { specDefault } from '../presets/param_values';
import { unreadParams } from '../presets/schema';
import { ParamPanel } from './ParamPanel';

const engine = createInProcessEngine(loadNodeModule());
let model: ModelInfo;

beforeAll(async () => {
  model = (await engine.listModels()).find((m) => m.name === 'network_traffic')!;
});

describe('<ParamPanel> of the custom network', () => {
  it("shows an anynet's lists, edited as text, and no other shape's sizes", () => {
    const values: Params = Object.fromEntries(model.params.map((s) => [s.name, specDefault(s)]));
    values.topology = model.params.find((s) => s.name === 'topology')!.choices.indexOf('anynet');
    const html = renderToStaticMarkup(
      <ParamPanel
        specs={model.params}
        groups={[]}
        values={values}
        drafts={{}}
        errors={{}}
        paperValues={values}
        sources={{}}
        baseline="default"
        hidden={new Set(unreadParams(model, values))}
        onValue={() => {}}
        onDraft={() => {}}
        onReset={() => {}}
        onResetAll={() => {}}
      />,
    );
    for (const label of ['Router of each node', 'Link: from router', 'Link: cycles back'])
      expect(html).toContain(label);
    expect(html).toContain('value="0, 0, 0, 1, 1, 1, 2, 2, 2"');
    expect(html).not.toContain('Routers on the ring');
  });
});
