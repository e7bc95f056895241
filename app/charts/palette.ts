import { interpolateViridis } from 'd3-scale-chromatic';

// Okabe & Ito's colour-blind-safe palette; charts take colours from here only.
export const palette = {
  blue: '#0072B2',
  orange: '#E69F00',
  sky: '#56B4E9',
  green: '#009E73',
  yellow: '#F0E442',
  vermillion: '#D55E00',
  purple: '#CC79A7',
  grey: '#7f7f7f',
} as const;

// Series order: the most distinct hues first; yellow last because it is faint on a white page.
// Grey stays out: it marks guides (the ideal line) and unmatched pinned curves.
const seriesColors = [
  palette.blue,
  palette.orange,
  palette.green,
  palette.vermillion,
  palette.purple,
  palette.sky,
  palette.yellow,
] as const;

/** Colour of the series at `position`; past seven series the colours repeat. */
export function seriesColor(position: number): string {
  const n = seriesColors.length;
  return seriesColors[((position % n) + n) % n] ?? palette.grey;
}

// Line patterns for the rounds after the first seven series, which repeat their colours. Neither
// is the '6 4' dash that marks pinned runs and guides.
const repeatDashes = ['1.5 3', '9 3 1.5 3'] as const;

/** Dash pattern of the line series at `position`: solid for the first seven, then patterned. */
export function seriesDash(position: number): string | undefined {
  const round = Math.floor(Math.max(0, position) / seriesColors.length);
  return round === 0 ? undefined : repeatDashes[(round - 1) % repeatDashes.length];
}

/**
 * Colour of a share from 0 to 1 (a utilization, a work rate) on viridis, a perceptually even
 * sequential scale; the domain is fixed so colours compare across runs, values beyond it clamp.
 */
export function shareColor(share: number): string {
  return interpolateViridis(Math.min(1, Math.max(0, share)));
}
