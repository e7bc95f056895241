import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { presets } from '../presets/bundled';
import { loadNodeModule } from '../engine/node_module';
import { createInProcessEngine } from '../engine/in_process_engine';
import { presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import { ModelBasis, basisEntries } from './ModelBasis';

describe('ModelBasis', async () => {
  const engine = createInProcessEngine(await loadNodeModule());
  const models = await engine.listModels();
  const setup = (id: string) => {
    const preset = presets.find((p) => p.id === id)!;
    const specs = models.find((m) => m.name === preset.model)!.params;
    return { preset, specs, paperValues: resolveValues(specs, presetParams(preset)) };
  };

  it("lists the Paragon ping-pong's calibrated NX costs with the target they were fitted on", () => {
    const { preset, specs, paperValues } = setup('paragon-pingpong');
    const { calibrated } = basisEntries(preset, specs, paperValues);
    expect(calibrated.length).toBeGreaterThan(0);
    expect(calibrated.every((e) => e.source.length > 0)).toBe(true);
    expect(calibrated.map((e) => e.source).join(' ')).toContain('146 µs');
  });

  it('draws calibrated values in view and assumed ones folded, each once', () => {
    const props = setup('multipsi-v1-program1');
    const { calibrated, assumed } = basisEntries(props.preset, props.specs, props.paperValues);
    const html = renderToStaticMarkup(<ModelBasis {...props} />);
    expect(html).toContain('How the model is set');
    expect(html.split('data-basis="calibrated"').length - 1).toBe(calibrated.length);
    expect(html.split('data-basis="assumed"').length - 1).toBe(assumed.length);
    expect(calibrated.length).toBeGreaterThan(0);
  });

  it('names each section by its own heading when two panes draw one (side by side)', () => {
    const props = setup('paragon-pingpong');
    const html = renderToStaticMarkup(
      <>
        <ModelBasis {...props} />
        <ModelBasis {...props} />
      </>,
    );
    const labels = [...html.matchAll(/<section[^>]*aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    const ids = [...html.matchAll(/<h3 id="([^"]+)"/g)].map((m) => m[1]);
    expect(labels).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(labels).toEqual(ids);
  });
});
