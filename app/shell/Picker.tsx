import type { ModelInfo, Params } from '../engine/types';
import type { Preset, ValueRefSpec } from '../presets/schema';
import { machineAndYear, presetParams } from '../presets/schema';
import { resolveValues } from '../presets/param_values';
import type { SchematicProps } from './Schematic';
import { Schematic, gridShape } from './Schematic';
import { resolveRef } from './chart_builder';
import { emptyState, serializeUrlState } from './url_state';

interface Props {
  presets: Preset[];
  models: ModelInfo[];
  onPick(presetId: string): void;
}

/** Presets grouped by machine, in order of the machine's first year. */
export function groupByMachine(presets: Preset[]): { machine: string; presets: Preset[] }[] {
  const groups = new Map<string, Preset[]>();
  // Machines without a paper come last.
  const year = (p: Preset) => p.year ?? Number.POSITIVE_INFINITY;
  for (const p of [...presets].sort((a, b) => year(a) - year(b) || a.id.localeCompare(b.id))) {
    groups.set(p.machine, [...(groups.get(p.machine) ?? []), p]);
  }
  return [...groups].map(([machine, list]) => ({ machine, presets: list }));
}

/** Router network shapes as the picker draws them: [leaves, terminals per leaf, spines]. */
const ROUTER_SHAPES: Record<string, (clos: number[]) => number[]> = {
  'direct link': () => [0, 2, 0],
  loop: () => [1, 2, 0],
  '2-stage Clos': (clos) => clos,
};

/**
 * What a preset's card draws, from its parameters (and the model's specs, which name a choice's
 * values): the machine's own dims, any network shape, or a node count.
 */
export function schematicShape(
  preset: Preset,
  params: Params,
  specs: ModelInfo['params'],
): SchematicProps & { nodes: number } {
  const { schematic } = preset;
  const run = { params, result: { scalars: [], series: [], networks: [], timelines: [] } };
  const param = (ref: string) => params[ref.slice('param.'.length)];
  // A list parameter of configurations (p = 2 to 16) is drawn as its largest.
  const nodeCount = (ref: ValueRefSpec) => {
    const value = typeof ref === 'string' && ref.startsWith('param.') ? param(ref) : undefined;
    return Array.isArray(value) ? Math.max(...value) : resolveRef(ref, run);
  };
  if ('networks' in schematic) {
    const dims = schematic.fly.map((ref) => resolveRef(ref, run));
    const nodes = nodeCount(schematic.nodes);
    return { topology: 'fly', dims, nodes, networks: schematic.networks };
  }
  const number = (ref: string) => Number(param(ref));
  const cube = (topology: 'mesh' | 'torus', ref: string) => {
    const value = param(ref);
    const dims = Array.isArray(value) ? value : [Number(value)];
    return { topology, dims, nodes: dims.reduce((a, b) => a * b, 1) };
  };
  const choice = (ref: string) =>
    specs.find((s) => `param.${s.name}` === ref)?.choices[number(ref)] ?? '';
  if ('fly' in schematic) {
    const { topology } = schematic;
    const shape = topology.startsWith('param.') ? choice(topology) : topology;
    if (shape === 'fly') {
      const dims = schematic.fly.map(number);
      return { topology: 'fly', dims, nodes: (dims[0] ?? 1) ** (dims[1] ?? 1) };
    }
    if (shape === 'crossbar') {
      const ports = number(schematic.crossbar);
      return { topology: 'crossbar', dims: [ports], nodes: ports };
    }
    if (shape === 'router network') {
      const [kind = '', ...clos] = schematic.routers;
      const dims = (ROUTER_SHAPES[choice(kind)] ?? ROUTER_SHAPES.loop!)(clos.map(number));
      const [leaves = 0, perLeaf = 2] = dims;
      return { topology: 'router network', dims, nodes: Math.max(2, leaves * perLeaf) };
    }
    return cube(shape === 'torus' ? 'torus' : 'mesh', schematic.dims);
  }
  if (schematic.topology === 'router network') {
    return { topology: 'router network', dims: ROUTER_SHAPES[schematic.routers]!([]), nodes: 2 };
  }
  if ('dims' in schematic) return cube(schematic.topology, schematic.dims);
  const nodes = nodeCount(schematic.nodes);
  const { columns, rows } = schematic.rows
    ? { columns: Math.ceil(nodes / schematic.rows), rows: schematic.rows }
    : gridShape(nodes);
  const dims = schematic.topology === 'ring' ? [nodes] : [columns, rows];
  return { topology: schematic.topology, dims, nodes };
}

/** Where a newcomer starts: the shape-agnostic network, the one most used to teach. */
export const START_PRESET = 'custom-network';

/** A preset's card: its drawing, experiment, machine and year, description and citation. */
function PresetCard({
  preset,
  models,
  onPick,
  start = false,
}: {
  preset: Preset;
  models: ModelInfo[];
  onPick(presetId: string): void;
  start?: boolean;
}) {
  const specs = models.find((m) => m.name === preset.model)?.params ?? [];
  const params = resolveValues(specs, presetParams(preset));
  const shape = schematicShape(preset, params, specs);
  return (
    <a
      className={start ? 'card start' : 'card'}
      href={serializeUrlState(emptyState(preset.id))}
      data-preset={preset.id}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
        e.preventDefault();
        onPick(preset.id);
      }}
    >
      <Schematic {...shape} />
      <span className="card-text">
        <span className="card-title">
          {start ? `Start here: ${preset.machine}` : preset.experiment}
        </span>
        <span className="card-meta">
          {machineAndYear(preset)} · {shape.nodes} nodes
        </span>
        <span className="card-description">{preset.description}</span>
        <cite>{preset.citation.text}</cite>
      </span>
    </a>
  );
}

/**
 * The landing page: what archex is for and where to start (the custom network), then one card
 * per preset, grouped by machine.
 */
export function Picker({ presets, models, onPick }: Props) {
  const start = presets.find((p) => p.id === START_PRESET);
  return (
    <main className="picker">
      <section className="intro" aria-labelledby="intro-title">
        <h2 id="intro-title">Parallel machines from their papers, live</h2>
        <p>
          archex runs models of historical parallel machines from the papers that measured them:
          move a parameter and the charts follow, each value saying where it comes from and each
          chart how close the model comes to what the paper measured.{' '}
          {start
            ? 'Start with the custom network (any shape, switching and load, with the models ' +
              'beside the simulation), or pick a machine below to reproduce its paper.'
            : 'Pick a machine below to reproduce its paper.'}
        </p>
        {start ? <PresetCard preset={start} models={models} onPick={onPick} start /> : null}
      </section>
      <h2>Pick a machine and an experiment</h2>
      {groupByMachine(presets).map((group) => (
        <section key={group.machine} aria-labelledby={`machine-${group.presets[0]?.id}`}>
          <h3 id={`machine-${group.presets[0]?.id}`}>{group.machine}</h3>
          <ul className="cards">
            {group.presets.map((preset) => (
              <li key={preset.id}>
                <PresetCard preset={preset} models={models} onPick={onPick} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
