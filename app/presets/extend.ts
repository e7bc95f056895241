// A preset may extend another preset or a base (a partial preset in presets/bases/) and say only
// what differs, so machines that share a chart block or a set of paper inputs declare it once.

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasIds(items: Json[]): items is { id: string }[] {
  return items.every((item) => isObject(item) && typeof item.id === 'string');
}

/**
 * `patch` laid over `base`: objects merge key by key, `null` removes a key, lists of objects with
 * an `id` (charts) merge item by item (a new id is added at the end), and any other list or value
 * replaces the base's.
 */
export function mergePreset(base: Json, patch: Json): Json {
  if (isObject(base) && isObject(patch)) {
    const out: Record<string, Json> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = key in base ? mergePreset(base[key], value) : value;
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && hasIds(base) && hasIds(patch)) {
    const merged: Json[] = base.map((item) => {
      const over = patch.find((p) => p.id === item.id);
      return over ? mergePreset(item, over) : item;
    });
    return [...merged, ...patch.filter((p) => !base.some((b) => b.id === p.id))];
  }
  return patch;
}

/**
 * The file `name` (a preset id, or `bases/<name>` for a base) with its `extends` resolved: one
 * name, or a list laid over each other in order, then the file's own keys over them.
 * `files` maps such names to parsed JSON. Throws, naming the file, for an unknown or circular
 * `extends`.
 */
export function resolveExtends(name: string, files: Map<string, Json>, seen: string[] = []): Json {
  const raw = files.get(name);
  if (raw === undefined) {
    const from = seen.at(-1);
    throw new Error(
      `${from ?? 'presets'}: extends '${name}', which is not a preset or a base; valid: ${[...files.keys()].join(', ')}`,
    );
  }
  if (seen.includes(name))
    throw new Error(`presets extend in a circle: ${[...seen, name].join(' -> ')}`);
  if (!isObject(raw) || raw.extends === undefined) return raw;
  const { extends: parents, ...own } = raw;
  const names = typeof parents === 'string' ? [parents] : parents;
  if (!Array.isArray(names) || !names.every((p) => typeof p === 'string')) {
    throw new Error(`${name}: extends must name a preset or a base, or list them`);
  }
  const base = names
    .map((parent) => resolveExtends(parent, files, [...seen, name]))
    .reduce((merged, next) => mergePreset(merged, next), {});
  return mergePreset(base, own);
}

/** Every preset (the files not under bases/) with its `extends` resolved, by name. */
export function resolvePresetFiles(files: Map<string, Json>): [string, Json][] {
  return [...files.keys()]
    .filter((name) => !name.startsWith('bases/'))
    .sort()
    .map((name) => [name, resolveExtends(name, files)]);
}
