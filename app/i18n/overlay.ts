// A text's words in another language, laid over its source: a file of the source's shape (objects
// by key, lists by index) holding only the fields a reader reads, each where the source has one.
// A tour or a preset declares its words once per language so, beside the English
// (presets/<lang>/, presets/tours/<lang>/, presets/about/<lang>/).

type Json = unknown;

const isObject = (x: Json): x is Record<string, Json> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * `source` with the words of `words` in place of its own; throws naming the file and the path of
 * anything `words` holds that the source has not, or that is not one of `wordKeys`.
 */
export function overlay<T>(source: T, words: Json, wordKeys: ReadonlySet<string>, file: string): T {
  const at = (path: string[]) => (path.length ? path.join('.') : 'the file');
  const merge = (src: Json, own: Json, path: string[]): Json => {
    if (Array.isArray(src)) {
      if (!Array.isArray(own) || own.length !== src.length)
        throw new Error(`${file}: ${at(path)}: a list of ${src.length}, as the source's`);
      return src.map((item, i) => merge(item, own[i], [...path, String(i)]));
    }
    if (isObject(src)) {
      if (!isObject(own)) throw new Error(`${file}: ${at(path)}: an object, as the source's`);
      const out: Record<string, Json> = { ...src };
      for (const [key, value] of Object.entries(own)) {
        if (!(key in src)) throw new Error(`${file}: ${at([...path, key])}: not in the source`);
        if (typeof src[key] === 'string') {
          if (!wordKeys.has(key)) throw new Error(`${file}: ${at([...path, key])}: not a word`);
          if (typeof value !== 'string' || value.trim() === '')
            throw new Error(`${file}: ${at([...path, key])}: a text`);
          out[key] = value;
        } else out[key] = merge(src[key], value, [...path, key]);
      }
      return out;
    }
    throw new Error(`${file}: ${at(path)}: the source has no words here`);
  };
  return merge(source, words, []) as T;
}

/** The paths of the source's words that `words` leaves untranslated. */
export function missingWords(source: Json, words: Json, wordKeys: ReadonlySet<string>): string[] {
  const gaps: string[] = [];
  const walk = (src: Json, own: Json, path: string[]) => {
    if (Array.isArray(src))
      src.forEach((item, i) =>
        walk(item, Array.isArray(own) ? own[i] : undefined, [...path, `${i}`]),
      );
    else if (isObject(src))
      for (const [key, value] of Object.entries(src)) {
        const mine = isObject(own) ? own[key] : undefined;
        if (typeof value === 'string') {
          if (wordKeys.has(key) && typeof mine !== 'string') gaps.push([...path, key].join('.'));
        } else walk(value, mine, [...path, key]);
      }
  };
  walk(source, words, []);
  return gaps;
}
