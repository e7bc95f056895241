// The views' messages for modules outside React (the words of a moment, a time, an error): the
// `views` catalogue in the reader's language (app/i18n/locales/<lang>/views.json).
import { i18n } from '../i18n/i18n';

/** The `views` catalogue's message `key` with its arguments. */
export function vt(key: string, args: Record<string, unknown> = {}): string {
  return i18n.t(key, { ns: 'views', ...args });
}
