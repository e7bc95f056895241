// The fields of a tour a reader reads, and so a language's file gives (presets/tours/<lang>/).
export const TOUR_WORDS = new Set([
  'title',
  'audience',
  'summary',
  'text',
  'prompt',
  'explain',
  'label',
  'feedback',
]);
