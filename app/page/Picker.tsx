import { useId } from 'react';

import type { NetworkMap } from '../engine/types';
import { tableRows } from '../engine/types';
import { Glossed } from '../glossary/Glossed';
import { machineLine } from '../presets/machines';
import { runLength } from '../presets/run_times';
import type { Preset } from '../presets/schema';
import { machineAndYear } from '../presets/schema';
import { TourList } from '../tours/TourList';
import type { SchematicProps } from './Schematic';
import { Schematic } from './Schematic';
import { emptyState, serializeUrlState } from '../link/url_state';
import './picker.css';

interface Props {
  presets: Preset[];
  /** Each preset's networks as the engine describes them, by preset id (usePresetNetworks). */
  networks: Record<string, NetworkMap[]>;
  onPick(presetId: string): void;
  /** Opens the lesson builder; absent while it is open. */
  onLesson?: () => void;
  /** Opens a guided tour at its first step; without it no tours are offered. */
  onTour?(tourId: string): void;
  /** Opens every machine on one chart (the all-machines page). */
  onMachines?(): void;
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

/** A table's column by name, as plain numbers (empty if it has none). */
function ints(table: NetworkMap['routers'], name: string): number[] {
  return Array.from(table.columns.find((c) => c.name === name)?.values ?? []);
}

/**
 * What a preset's card draws, from the networks the engine builds its machine as: a cube of its
 * sizes, a fly of its radix and stages (identical networks side by side, named), a crossbar of
 * its ports, a router network as its leaf routers, terminals per leaf and spines, a dragonfly or
 * fat tree of its sizes. A machine with
 * no network (one processor) is one node.
 */
export function networkShape(networks: NetworkMap[]): SchematicProps & { nodes: number } {
  const first = networks[0];
  if (!first) return { topology: 'ring', dims: [1], nodes: 1 };
  const sizes = first.sizes.map((s) => s.value);
  const nodes = first.nodes;
  // A concentrated cube's terminals share its routers: the grid is of routers.
  const routers = tableRows(first.routers);
  const concentration =
    routers > 0 ? Math.max(1, Math.round(tableRows(first.terminals) / routers)) : 1;
  const cube =
    concentration > 1 ? { nodes: Math.ceil(nodes / concentration), concentration } : { nodes };
  switch (first.shape) {
    case 'mesh':
      // A line is drawn as a row of the grid.
      return { topology: 'mesh', dims: sizes.length === 1 ? [sizes[0]!, 1] : sizes, ...cube };
    case 'torus':
      return { topology: sizes.length === 1 ? 'ring' : 'torus', dims: sizes, ...cube };
    case 'fly':
      return networks.length > 1
        ? { topology: 'fly', dims: sizes, nodes, networks: networks.map((n) => n.label) }
        : { topology: 'fly', dims: sizes, nodes };
    case 'crossbar':
      return { topology: 'crossbar', dims: sizes, nodes };
    case 'dragonfly':
      return { topology: 'dragonfly', dims: sizes, nodes };
    case 'fat tree':
      return { topology: 'fat tree', dims: sizes, nodes };
    case 'flattened butterfly':
      return { topology: 'flattened butterfly', dims: sizes, nodes };
    default: {
      // A terminal's own router (a transputer's link engine) is not a switch; the switches its
      // routers link to are the leaves, the rest the spines.
      const own = new Set(ints(first.terminals, 'router'));
      const from = ints(first.channels, 'router');
      const to = ints(first.channels, 'to_router');
      const leaves = new Set(to.filter((r, i) => r >= 0 && own.has(from[i]!) && !own.has(r)));
      const spines = routers - own.size - leaves.size;
      const perLeaf = leaves.size > 0 ? Math.round(own.size / leaves.size) : 2;
      return { topology: 'router network', dims: [leaves.size, perLeaf, spines], nodes };
    }
  }
}

/** Where a newcomer starts: the shape-agnostic network, the one most used to teach. */
export const START_PRESET = 'custom-network';

/**
 * A preset's card: its drawing, experiment, machine and year, how long its run takes where that is
 * long, description and citation. The card's link covers it, named by the title: a click anywhere
 * follows it, but on the papers' words, which say what they mean.
 */
function PresetCard({
  preset,
  networks,
  onPick,
  start = false,
}: {
  preset: Preset;
  /** The machine's networks as the engine describes them; absent until described. */
  networks: NetworkMap[] | undefined;
  onPick(presetId: string): void;
  start?: boolean;
}) {
  const shape = networks ? networkShape(networks) : null;
  const long = runLength(preset.id);
  const id = useId();
  return (
    <div className={start ? 'card start' : 'card'}>
      <a
        className="card-link"
        href={serializeUrlState(emptyState(preset.id))}
        data-preset={preset.id}
        aria-labelledby={`${id}-title`}
        aria-describedby={long ? `${id}-long` : undefined}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
          e.preventDefault();
          onPick(preset.id);
        }}
      />
      {shape ? <Schematic {...shape} /> : <span className="schematic" aria-hidden="true" />}
      <span className="card-text">
        <span className="card-title" id={`${id}-title`}>
          <Glossed text={start ? `Start here: ${preset.machine}` : preset.experiment} />
        </span>
        <span className="card-meta">
          {machineAndYear(preset)}
          {shape ? ` · ${shape.nodes} nodes` : ''}
        </span>
        {long ? (
          <span className="card-long" id={`${id}-long`}>
            Long run: {long}
          </span>
        ) : null}
        <span className="card-description">
          <Glossed text={preset.description} />
        </span>
        <cite>{preset.citation.text}</cite>
      </span>
    </div>
  );
}

/** What a machine was and why it matters, in one line under its name. */
function MachineLine({ machine }: { machine: string }) {
  const line = machineLine(machine);
  return line ? (
    <p className="machine-line">
      <Glossed text={`${line.was} ${line.matters}`} />
    </p>
  ) : null;
}

/**
 * The landing page: what archex is for and where to start (the custom network), then one card
 * per preset, grouped by machine.
 */
export function Picker({ presets, networks, onPick, onTour, onMachines, onLesson }: Props) {
  const start = presets.find((p) => p.id === START_PRESET);
  return (
    <main className="picker">
      <section className="intro" aria-labelledby="intro-title">
        <h2 id="intro-title">Parallel machines from their papers, live</h2>
        <p>
          archex runs models of historical parallel machines from the papers that measured them, to
          teach and study parallel architecture: move a parameter and the charts follow, each value
          saying where it comes from and each chart how close the model comes to what the paper
          measured.{' '}
          {start
            ? 'Start with the custom network (any shape, switching and load, with the models ' +
              `beside the simulation)${onTour ? ', follow a guided tour' : ''}, or pick a ` +
              'machine below to reproduce its paper.'
            : 'Pick a machine below to reproduce its paper.'}{' '}
          A word underlined with dots is the papers' own: point at it, tap it or tab to it to read
          what it means.
        </p>
        {start ? (
          <PresetCard preset={start} networks={networks[start.id]} onPick={onPick} start />
        ) : null}
      </section>
      {onTour ? <TourList onTour={onTour} /> : null}
      {onLesson ? (
        <section className="lesson-entry" aria-labelledby="lesson-entry-title">
          <h2 id="lesson-entry-title">Your own lesson</h2>
          <p>
            Take the explorer's state as a step, write what to see, ask a question whose answer is
            read from the run, and share the lesson as a link or a file.
          </p>
          <button type="button" onClick={onLesson}>
            New lesson
          </button>
        </section>
      ) : null}
      {onMachines ? (
        <section className="machines-entry" aria-labelledby="machines-entry-title">
          <h2 id="machines-entry-title">Every machine on one chart</h2>
          <p>
            One microbenchmark (ping-pong and bursts, as LogP is measured) run on each machine's own
            model: one-way time against message size, and the fitted overhead, latency and gaps
            beside the papers' own cost models.
          </p>
          <button type="button" className="card machines-card" onClick={onMachines}>
            <span className="card-title">Compare all machines</span>
          </button>
        </section>
      ) : null}
      <h2>Pick a machine and an experiment</h2>
      {groupByMachine(presets).map((group) => (
        <section key={group.machine} aria-labelledby={`machine-${group.presets[0]?.id}`}>
          <h3 id={`machine-${group.presets[0]?.id}`}>{group.machine}</h3>
          <MachineLine machine={group.machine} />
          <ul className="cards">
            {group.presets.map((preset) => (
              <li key={preset.id}>
                <PresetCard preset={preset} networks={networks[preset.id]} onPick={onPick} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
