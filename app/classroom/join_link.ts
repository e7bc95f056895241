// The link a student joins by, and the code a page opened by one carries.
import { Code } from './protocol';

const PARAM = 'join';

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/**
 * The join link of class `code`: the page's own address, or, when the lecturer opened it on this
 * computer only (127.0.0.1), the server's address on the room's network, which a phone reaches.
 */
export function joinLink(code: string, page: URL, lan: string[]): string {
  const base = LOOPBACK.test(page.hostname) && lan[0] ? new URL(lan[0]) : new URL(page);
  base.search = '';
  base.hash = '';
  base.searchParams.set(PARAM, code);
  return base.href;
}

/** Whether the join link names only this computer (no network address is known to give). */
export const onlyHere = (link: string) => LOOPBACK.test(new URL(link).hostname);

/** The code a join link carries, if any (upper-cased); null for none or a malformed one. */
export function joinCodeOf(search: string): string | null {
  const raw = new URLSearchParams(search).get(PARAM);
  if (raw === null) return null;
  const parsed = Code.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Whether a page's address is a join link (well formed or not): the join form opens. */
export const isJoinLink = (search: string) => new URLSearchParams(search).has(PARAM);
