import { interpolateViridis } from 'd3-scale-chromatic';
import type { SymbolType } from 'd3-shape';
import {
  symbol,
  symbolCircle,
  symbolCross,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
} from 'd3-shape';

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

// Series colours: the palette's hues in order of distinctness, each a graphical object that must
// stand 3:1 against the page in either theme (WCAG 1.4.11): orange, sky and yellow are darkened
// to it (yellow the most, so it differs in lightness from orange too). Grey stays out: it marks
// guides (the ideal line) and unmatched pinned curves.
const seriesColors = [
  palette.blue,
  '#BF8400',
  palette.green,
  palette.vermillion,
  palette.purple,
  '#1D97DC',
  '#8A810B',
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

/** d3's triangle upside down. */
const symbolTriangleDown: SymbolType = {
  draw(context, size) {
    const y = Math.sqrt(size / (Math.sqrt(3) * 3));
    context.moveTo(0, y * 2);
    context.lineTo(-Math.sqrt(3) * y, -y);
    context.lineTo(Math.sqrt(3) * y, -y);
    context.closePath();
  },
};

// Marker shapes, one per series colour, so that series are told apart in greyscale print too. No
// diamond: a hollow diamond is the paper's value.
const seriesSymbols = [
  symbolCircle,
  symbolSquare,
  symbolTriangle,
  symbolCross,
  symbolTriangleDown,
  symbolStar,
  symbolWye,
] as const;

/**
 * The marker of the series at `position` as SVG path data centred on 0,0, covering `area` px²;
 * undefined for the circle, which charts draw as a <circle>. It follows the position as the colour
 * does, so a series keeps its shape in every chart.
 */
export function seriesMarker(position: number, area: number): string | undefined {
  const n = seriesSymbols.length;
  const type = seriesSymbols[((position % n) + n) % n] ?? symbolCircle;
  return type === symbolCircle ? undefined : (symbol(type, area)() ?? undefined);
}

/** A fill pattern over a series' colour: lines at an angle (crossed), or dots. */
export interface Hatch {
  kind: 'lines' | 'cross' | 'dots';
  /** Degrees the lines turn from horizontal. */
  angle: number;
}

// Fill patterns of stacked series (bar segments, timeline states), as markers are of curves: none
// for the first, then one per position.
const seriesHatches: (Hatch | undefined)[] = [
  undefined,
  { kind: 'lines', angle: 45 },
  { kind: 'dots', angle: 0 },
  { kind: 'lines', angle: 0 },
  { kind: 'cross', angle: 45 },
  { kind: 'lines', angle: -45 },
  { kind: 'lines', angle: 90 },
];

/** The fill pattern of the stacked series at `position`, following it as the colour does. */
export function seriesHatch(position: number): Hatch | undefined {
  const n = seriesHatches.length;
  return seriesHatches[((position % n) + n) % n];
}

/**
 * Colour of a share from 0 to 1 (a utilization, a work rate) on viridis, a perceptually even
 * sequential scale; the domain is fixed so colours compare across runs, values beyond it clamp.
 */
export function shareColor(share: number): string {
  return interpolateViridis(Math.min(1, Math.max(0, share)));
}
