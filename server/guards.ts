// What keeps people out of where they do not belong, before a request reaches a class: other
// sites' pages, and anyone trying join codes one after another.
import type { IncomingMessage } from 'node:http';

import { RateLimit } from './rate_limit';

export interface GuardOptions {
  /** Origins besides the server's own whose pages may use the API (e.g. a course site's). */
  origins?: string[];
  /** Behind a reverse proxy: read the client's address from X-Forwarded-For. */
  trustProxy?: boolean;
  /** The rate limits' clock (a test moves it past a window instead of waiting). */
  now?: () => number;
}

export class Guards {
  /**
   * Wrong join codes an address may try in ten minutes, after which it may try none until the
   * window ends: with 31^6 codes, finding a running class takes years at this rate.
   */
  readonly wrongCodes: RateLimit;
  /** Joins an address may make a minute: a whole hall behind one campus NAT joins at once. */
  readonly joins: RateLimit;
  /** Classes an address may start an hour. */
  readonly starts: RateLimit;

  constructor(private readonly options: GuardOptions = {}) {
    const now = options.now ?? Date.now;
    this.wrongCodes = new RateLimit({ most: 20, ms: 10 * 60_000 }, now);
    this.joins = new RateLimit({ most: 1000, ms: 60_000 }, now);
    this.starts = new RateLimit({ most: 30, ms: 60 * 60_000 }, now);
  }

  /**
   * Whether a request's Origin is the server's own (or one allowed): a browser sends Origin on
   * every socket and on every request but a same-origin GET, which carries none.
   */
  sameOrigin(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined) return true;
    if (this.options.origins?.includes(origin)) return true;
    try {
      return host !== undefined && new URL(origin).host === host;
    } catch {
      return false;
    }
  }

  /** The client's address: the connection's, or the proxy's word for it when trusted. */
  address(incoming: IncomingMessage | undefined, remote: string | undefined): string {
    if (this.options.trustProxy) {
      const forwarded = incoming?.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return remote ?? incoming?.socket.remoteAddress ?? 'unknown';
  }
}
