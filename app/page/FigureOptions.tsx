import { useSyncExternalStore } from 'react';

import type { FigureLayoutChoice, SizeChoice } from '../exports/figure_size';
import {
  DEFAULT_LAYOUT_CHOICE,
  FigureLayoutError,
  PAPER_WIDTHS,
  SIZE_CHOICES,
  figureLayout,
} from '../exports/figure_size';
import type { FigureTheme } from '../results/figure_info';
import { FIGURE_THEMES } from '../results/figure_info';
import './figure_options.css';

// The exports' size and parts, one choice for every chart of the page: set once for a paper, it
// holds for each chart exported after, across presets, until the page is left.
let layoutChoice = DEFAULT_LAYOUT_CHOICE;
const listeners = new Set<() => void>();

function setLayoutChoice(next: FigureLayoutChoice): void {
  layoutChoice = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The export size and parts chosen, as typed. */
export function useFigureLayoutChoice(): FigureLayoutChoice {
  return useSyncExternalStore(subscribe, () => layoutChoice);
}

const SIZE_LABELS: Record<SizeChoice, string> = {
  screen: 'screen, 800 px',
  'one column': `one column, ${PAPER_WIDTHS['one column'] / 72} in`,
  'two columns': `two columns, ${PAPER_WIDTHS['two columns'] / 72} in`,
  width: 'a width…',
};

/**
 * The exported figure's size (the screen's, a paper column's or a width) with its text size, and
 * whether it carries its title and caption. A value being typed stays as typed; one that is not a
 * length says why beside the field, and an export with it fails with the same words.
 */
export function FigureLayoutOptions() {
  const choice = useFigureLayoutChoice();
  const set = (change: Partial<FigureLayoutChoice>) => setLayoutChoice({ ...choice, ...change });
  let problem: FigureLayoutError | null = null;
  try {
    figureLayout(choice);
  } catch (error) {
    if (!(error instanceof FigureLayoutError)) throw error;
    problem = error;
  }
  return (
    <span className="figure-layout" role="group" aria-label="Export layout">
      <label title="The width the SVG, PNG and PDF are laid out for: placed at it, their text prints at the size given">
        Size{' '}
        <select
          aria-label="Figure size"
          value={choice.size}
          onChange={(e) => set({ size: e.target.value as SizeChoice })}
        >
          {SIZE_CHOICES.map((s) => (
            <option key={s} value={s}>
              {SIZE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {choice.size === 'width' ? (
        <label>
          Width{' '}
          <input
            type="text"
            aria-label="Figure width"
            inputMode="decimal"
            size={6}
            value={choice.width}
            aria-invalid={problem?.field === 'width'}
            onChange={(e) => set({ width: e.target.value })}
          />
        </label>
      ) : null}
      {choice.size !== 'screen' ? (
        <label title="Size of the chart's text (axes, ticks, legend) and caption when printed at the width">
          Text{' '}
          <input
            type="text"
            aria-label="Text size"
            inputMode="decimal"
            size={4}
            value={choice.fontSize}
            aria-invalid={problem?.field === 'fontSize'}
            onChange={(e) => set({ fontSize: e.target.value })}
          />
        </label>
      ) : null}
      <label title="The chart's title above it">
        <input
          type="checkbox"
          checked={choice.title}
          onChange={(e) => set({ title: e.target.checked })}
        />
        Title
      </label>
      <label title="The caption under it (source, parameters, seed, link); LaTeX's \caption can take its place">
        <input
          type="checkbox"
          checked={choice.caption}
          onChange={(e) => set({ caption: e.target.checked })}
        />
        Caption
      </label>
      {problem ? (
        <span className="figure-layout-problem" role="status">
          {problem.message}
        </span>
      ) : null}
    </span>
  );
}

/** An export's colours and whether its caption links back: beside a chart's or a figure's exports. */
export function FigureOptions({
  theme,
  onTheme,
  withLink,
  onWithLink,
  linkTitle,
}: {
  theme: FigureTheme;
  onTheme(theme: FigureTheme): void;
  withLink: boolean;
  onWithLink(withLink: boolean): void;
  /** What the link back is put into. */
  linkTitle: string;
}) {
  return (
    <>
      <select
        aria-label="Export theme"
        title="Colours of the exported SVG and PNG"
        value={theme}
        onChange={(e) => onTheme(e.target.value as FigureTheme)}
      >
        {FIGURE_THEMES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <label title={linkTitle}>
        <input type="checkbox" checked={withLink} onChange={(e) => onWithLink(e.target.checked)} />
        Link back
      </label>
      <FigureLayoutOptions />
    </>
  );
}
