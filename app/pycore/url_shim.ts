// The part of WHATWG URL the core uses, for a bare V8 (mini-racer), which has none: an absolute
// http(s) URL (`--base-url`) and a link's query resolved against it (explorerLink). It gives the
// `href` the standard gives for these, and refuses anything else rather than differ from it.

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };
const ABSOLUTE =
  /^([a-zA-Z][a-zA-Z0-9+.-]*:)\/\/([^/?#@\s]+?)(?::(\d+))?(\/[^?#\s]*)?(\?[^#\s]*)?(#\S*)?$/;

/** A special URL's query as the standard writes it: its special-query percent-encode set encoded. */
function encodeQuery(query: string): string {
  return [...query]
    .map((c) => {
      const code = c.codePointAt(0)!;
      if (code > 0x7e) return encodeURIComponent(c);
      return code < 0x21 || `"#<>'`.includes(c) ? `%${code.toString(16).toUpperCase()}` : c;
    })
    .join('');
}

export class ShimUrl {
  /** scheme://host[:port]/path, without query or fragment. */
  private readonly origin: string;
  private readonly path: string;
  private readonly query: string;
  private readonly fragment: string;

  constructor(input: string, base?: string | ShimUrl) {
    const text = String(input).trim();
    if (base !== undefined && (text === '' || text.startsWith('?'))) {
      const from = base instanceof ShimUrl ? base : new ShimUrl(base);
      this.origin = from.origin;
      this.path = from.path;
      this.query = text === '' ? from.query : encodeQuery(text);
      this.fragment = '';
      return;
    }
    const m = ABSOLUTE.exec(text);
    const scheme = m?.[1]?.toLowerCase();
    if (!m || !scheme || !(scheme in DEFAULT_PORTS) || !/^[\w.-]+$/.test(m[2]!)) {
      throw new TypeError(`Invalid URL (the core reads only http and https URLs): ${text}`);
    }
    const port = m[3] === undefined || m[3] === DEFAULT_PORTS[scheme] ? '' : `:${Number(m[3])}`;
    if (/[^\w\-.~!$&'()*+,;=:@%/]/.test(m[4] ?? '')) {
      throw new TypeError(`Invalid URL (a path the core does not read): ${text}`);
    }
    this.origin = `${scheme}//${m[2]!.toLowerCase()}${port}`;
    this.path = m[4] ?? '/';
    this.query = m[5] === undefined || m[5] === '?' ? '' : encodeQuery(m[5]);
    this.fragment = m[6] ?? '';
  }

  get href(): string {
    return `${this.origin}${this.path}${this.query}${this.fragment}`;
  }

  toString(): string {
    return this.href;
  }
}
