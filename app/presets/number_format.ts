// Number formats in the reader's language (intlLocale: the CLI's is English), made once per
// language and set of options: making an Intl.NumberFormat costs far more than formatting a number
// with it, and tables and axes print many numbers on every render.
import { intlLocale } from '../i18n/i18n';

const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** A number as the reader's language writes it, grouped, as toLocaleString() does: "12,345". */
export function numberText(value: number): string {
  return numberFormat({}).format(value);
}
