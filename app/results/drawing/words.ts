// The words of a network's drawings in the reader's language (catalogue namespace charts): a
// shape's name, and each kind of drawing's label with its counts.
import { i18n } from '../../i18n/i18n';

/** A message of the charts catalogue, by its key. */
export function chartsT(key: string, values: Record<string, unknown> = {}): string {
  return i18n.t(key, { ns: 'charts', ...values });
}

/** A network's shape as the engine names it ("mesh", "fat tree"), in the reader's language. */
export function shapeName(shape: string): string {
  return chartsT('shape', { shape: shape.replace(/\W+/g, '_'), name: shape });
}

/** Names joined as a list in the reader's language: "PAN and DAN". */
export function listAnd(names: string[]): string {
  const lang = i18n.language === 'en-XA' ? 'en' : i18n.language;
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
}
