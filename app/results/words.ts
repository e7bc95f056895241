// The words the charts, their readouts and captions say, in the reader's language: the charts
// catalogue (app/i18n/locales/<lang>/charts.json), for modules outside React.
import { i18n } from '../i18n/i18n';

/** A message of the charts catalogue, by its key. */
export function chartsT(key: string, values: Record<string, unknown> = {}): string {
  return i18n.t(key, { ns: 'charts', ...values });
}
