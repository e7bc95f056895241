// How the channel heat map is drawn: sizes as fractions of a cell, and a channel's colour.
import { heatColor } from './heat_scale';
import { palette } from './palette';

/**
 * How the map is drawn, as fractions of the cell (the distance between neighbouring nodes) with
 * pixel limits, so a 2 × 2 plane at 1600 px and a 32 × 32 one at 320 px both stay legible.
 */
export const STYLE = {
  /** Node square side; larger in 3-D, where it holds the ±z triangles. */
  node: { flat: 0.3, cube: 0.44 },
  /** Channel thickness. */
  thickness: { fraction: 0.1, min: 1.5, max: 10 },
  /** Gap between a channel's end and the node square. */
  pad: { fraction: 0.05, min: 1 },
  /** Gap between the two channels of a link, as a fraction of the thickness. */
  laneGap: 0.4,
  /** Arrow head length, in thicknesses (at most 0.4 of the channel). */
  head: 1.2,
  noDataOpacity: 0.3,
  colorBar: { maxWidth: 280, height: 10 },
} as const;

/** A channel's colour on the scale 0 to `top`; grey where there is no data. */
export function utilizationColor(value: number | null, top: number): string {
  if (value === null) return palette.grey;
  return heatColor(value, top);
}
