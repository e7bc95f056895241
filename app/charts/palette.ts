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
