/** The fields of a tour a reader reads: what a language's file (presets/tours/<lang>/) holds. */
export const TOUR_WORDS: ReadonlySet<string> = new Set([
  'title',
  'audience',
  'summary',
  'text',
  'prompt',
  'explain',
  'label',
  'feedback',
]);
