import { useId } from 'react';

import type { NetworkMap } from '../engine/types';
import { Glossed } from '../glossary/Glossed';
import { machineLine } from '../presets/machines';
import { runLength } from '../presets/run_times';
import type { Preset } from '../presets/schema';
import { machineAndYear } from '../presets/schema';
import { TourList } from '../tours/TourList';
import { schematicOf } from '../results/drawing/schematic';
import { Schematic } from './Schematic';
import { emptyState, serializeUrlState } from '../link/url_state';
import './picker.css';

interface Props {
  presets: Preset[];
  /** Each preset's networks as the engine describes them, by preset id (usePresetNetworks). */
  networks: Record<string, NetworkMap[]>;
  onPick(presetId: string): void;
  /** Opens the lesson builder, its button saying what it opens; absent while it is open. */
  onLesson?: { open: () => void; label: string };
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
  const schematic = networks ? schematicOf(networks) : null;
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
      {schematic ? <Schematic {...schematic} /> : <span className="schematic" aria-hidden="true" />}
      <span className="card-text">
        <span className="card-title" id={`${id}-title`}>
          <Glossed text={start ? `Start here: ${preset.machine}` : preset.experiment} />
        </span>
        <span className="card-meta">
          {machineAndYear(preset)}
          {schematic ? ` · ${schematic.nodes} nodes` : ''}
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
          <button type="button" onClick={onLesson.open}>
            {onLesson.label}
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
