import { useId } from 'react';

import type { NetworkMap } from '../engine/types';
import { Glossed } from '../glossary/Glossed';
import { useReading, useT } from '../i18n/i18n';
import { joinSentences } from '../i18n/join';
import { withLang } from '../link/lang_param';
import { machineLine } from '../presets/machines';
import { runLength } from '../presets/run_times';
import type { Preset } from '../presets/schema';
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
  const t = useT();
  const reading = useReading();
  const schematic = networks ? schematicOf(networks) : null;
  const long = runLength(preset.id);
  const id = useId();
  const machine = machineLine(preset.machine, reading.lang)?.name ?? preset.machine;
  return (
    <div className={start ? 'card start' : 'card'}>
      <a
        className="card-link"
        href={withLang(
          serializeUrlState(emptyState(preset.id)),
          reading.chosen ? reading.lang : undefined,
        )}
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
          <Glossed text={start ? t('picker.startHere', { machine }) : preset.experiment} />
        </span>
        <span className="card-meta">
          {preset.year === undefined
            ? machine
            : t('picker.machineYear', { machine, year: preset.year })}
          {schematic ? t('picker.nodes', { nodes: schematic.nodes }) : ''}
        </span>
        {long ? (
          <span className="card-long" id={`${id}-long`}>
            {t('picker.longRun', { length: long })}
          </span>
        ) : null}
        <span className="card-description">
          <Glossed text={preset.description} />
        </span>
        <cite translate="no">{preset.citation.text}</cite>
      </span>
    </div>
  );
}

/** What a machine was and why it matters, in one line under its name. */
function MachineLine({ machine }: { machine: string }) {
  const line = machineLine(machine, useReading().lang);
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
  const t = useT();
  const { lang } = useReading();
  const start = presets.find((p) => p.id === START_PRESET);
  return (
    <main className="picker">
      <section className="intro" aria-labelledby="intro-title">
        <h2 id="intro-title">{t('picker.title')}</h2>
        <p>
          {joinSentences([
            t('picker.intro'),
            start ? t('picker.startWith', { tours: onTour ? 'yes' : 'no' }) : t('picker.pickBelow'),
            t('picker.glossaryHint'),
          ])}
        </p>
        {start ? (
          <PresetCard preset={start} networks={networks[start.id]} onPick={onPick} start />
        ) : null}
      </section>
      {onTour ? <TourList onTour={onTour} /> : null}
      {onLesson ? (
        <section className="lesson-entry" aria-labelledby="lesson-entry-title">
          <h2 id="lesson-entry-title">{t('picker.lessonTitle')}</h2>
          <p>{t('picker.lessonText')}</p>
          <button type="button" onClick={onLesson.open}>
            {onLesson.label}
          </button>
        </section>
      ) : null}
      {onMachines ? (
        <section className="machines-entry" aria-labelledby="machines-entry-title">
          <h2 id="machines-entry-title">{t('picker.machinesTitle')}</h2>
          <p>{t('picker.machinesText')}</p>
          <button type="button" className="card machines-card" onClick={onMachines}>
            <span className="card-title">{t('picker.machinesButton')}</span>
          </button>
        </section>
      ) : null}
      <h2>{t('picker.pick')}</h2>
      {groupByMachine(presets).map((group) => (
        <section key={group.machine} aria-labelledby={`machine-${group.presets[0]?.id}`}>
          <h3 id={`machine-${group.presets[0]?.id}`}>
            {machineLine(group.machine, lang)?.name ?? group.machine}
          </h3>
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
