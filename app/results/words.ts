// The words the charts, their readouts and captions say, in the reader's language: the charts
// catalogue (app/i18n/locales/<lang>/charts.json), for modules outside React.
import { i18n } from '../i18n/i18n';

/** A message of the charts catalogue, by its key. */
export function chartsT(key: string, values: Record<string, unknown> = {}): string {
  return i18n.t(key, { ns: 'charts', ...values });
}

/** Names joined as a list in the reader's language: "PAN and DAN". */
export function listAnd(names: string[]): string {
  const lang = i18n.language === 'en-XA' ? 'en' : i18n.language;
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(names);
}

/** Sentences said one after the other, each one message. */
export function sentences(parts: string[]): string {
  return parts.join(i18n.language === 'ja' ? '' : ' ');
}

/** Items of a list said one after the other ("busy 40 %, idle 60 %"), not a sentence's "and". */
export function commas(items: string[]): string {
  return items.join(i18n.language === 'ja' ? '、' : ', ');
}
