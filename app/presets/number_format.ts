// Number formats (en-US) made once per set of options: making an Intl.NumberFormat costs far more
// than formatting a number with it, and tables and axes print many numbers on every render.
const formats = new Map<string, Intl.NumberFormat>();

export function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    formats.set(key, format);
  }
  return format;
}
