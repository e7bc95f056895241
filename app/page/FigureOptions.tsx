import { useSyncExternalStore } from 'react';

import type { FigureLayoutChoice, SizeChoice } from '../exports/figure_size';
import {
  DEFAULT_LAYOUT_CHOICE,
  FigureLayoutError,
  PAPER_WIDTHS,
  SIZE_CHOICES,
  figureLayout,
} from '../exports/figure_size';
import { i18n, useT } from '../i18n/i18n';
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

/** A size's name in the menu: a paper's column widths in inches. */
const sizeLabel = (size: SizeChoice): string =>
  size === 'screen'
    ? i18n.t('explorer:figure.sizes.screen')
    : size === 'width'
      ? i18n.t('explorer:figure.sizes.width')
      : i18n.t('explorer:figure.sizes.columns', {
          columns: size === 'one column' ? 'one' : 'two',
          inches: String(PAPER_WIDTHS[size] / 72),
        });

/**
 * The exported figure's size (the screen's, a paper column's or a width) with its text size, and
 * whether it carries its title and caption. A value being typed stays as typed; one that is not a
 * length says why beside the field, and an export with it fails with the same words.
 */
export function FigureLayoutOptions() {
  const t = useT('explorer');
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
    <span className="figure-layout" role="group" aria-label={t('figure.layout')}>
      <label title={t('figure.sizeTitle')}>
        {t('figure.size')}{' '}
        <select
          aria-label={t('figure.sizeLabel')}
          value={choice.size}
          onChange={(e) => set({ size: e.target.value as SizeChoice })}
        >
          {SIZE_CHOICES.map((s) => (
            <option key={s} value={s}>
              {sizeLabel(s)}
            </option>
          ))}
        </select>
      </label>
      {choice.size === 'width' ? (
        <label>
          {t('figure.width')}{' '}
          <input
            type="text"
            aria-label={t('figure.widthLabel')}
            inputMode="decimal"
            size={6}
            value={choice.width}
            aria-invalid={problem?.field === 'width'}
            onChange={(e) => set({ width: e.target.value })}
          />
        </label>
      ) : null}
      {choice.size !== 'screen' ? (
        <label title={t('figure.textTitle')}>
          {t('figure.text')}{' '}
          <input
            type="text"
            aria-label={t('figure.textLabel')}
            inputMode="decimal"
            size={4}
            value={choice.fontSize}
            aria-invalid={problem?.field === 'fontSize'}
            onChange={(e) => set({ fontSize: e.target.value })}
          />
        </label>
      ) : null}
      <label title={t('figure.titleTitle')}>
        <input
          type="checkbox"
          checked={choice.title}
          onChange={(e) => set({ title: e.target.checked })}
        />
        {t('figure.title')}
      </label>
      <label title={t('figure.captionTitle')}>
        <input
          type="checkbox"
          checked={choice.caption}
          onChange={(e) => set({ caption: e.target.checked })}
        />
        {t('figure.caption')}
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
  const t = useT('explorer');
  return (
    <>
      <select
        aria-label={t('figure.theme')}
        title={t('figure.themeTitle')}
        value={theme}
        onChange={(e) => onTheme(e.target.value as FigureTheme)}
      >
        {FIGURE_THEMES.map((name) => (
          <option key={name} value={name}>
            {t('figure.themes', { theme: name })}
          </option>
        ))}
      </select>
      <label title={linkTitle}>
        <input type="checkbox" checked={withLink} onChange={(e) => onWithLink(e.target.checked)} />
        {t('figure.linkBack')}
      </label>
      <FigureLayoutOptions />
    </>
  );
}
