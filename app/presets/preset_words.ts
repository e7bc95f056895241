// The fields of a preset a reader reads, each translated in presets/<lang>/<id>.json.
export const PRESET_WORDS: ReadonlySet<string> = new Set([
  'title',
  'experiment',
  'description',
  'what',
  'mechanism',
  'label',
  'detail',
]);
// Where they are: a path of keys, `[]` for every item of a list.
export const PRESET_WORD_PATHS = [
  'title',
  'experiment',
  'description',
  'groups[].title',
  'charts[].title',
  'charts[].about.what',
  'charts[].about.mechanism',
  'charts[].x.label',
  'charts[].y.label',
  'charts[].bars[].label',
  'charts[].bars[].segments[].label',
  'charts[].marks[].label',
  'charts[].rules[].label',
  'charts[].models.rules[].label',
  'readouts[].label',
  'readouts[].detail',
] as const;
