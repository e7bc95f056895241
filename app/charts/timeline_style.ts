// How a timeline chart looks: the idle colour and label, bands and row labels.
import { chartsT } from '../results/words';

/**
 * Idle time is what shows of the band's background: the theme's border colour, light on either
 * theme. A CSS variable in the attribute, so the legend swatch and the bands follow the theme.
 */
export const IDLE_COLOR = 'var(--border)';
/** What the rest of a bin is called. */
export const idleLabel = () => chartsT('timeline.idle');

export const STYLE = {
  /** Band step the default height aims at; many rows share the height in thinner bands. */
  rowStep: 24,
  band: { paddingInner: 0.2, paddingOuter: 0.1 },
  /** Row labels are cut to this share of the chart's width. */
  labelShare: 0.25,
  labelGap: 6,
} as const;

export const PERCENT = { unit: '', format: 'percent' } as const;
