// The classes this browser is in, kept across reloads: each class's code, whether this browser is
// its lecturer or a student, the key the server gave, and answers sent but not yet confirmed. The
// lecturer's key stays here and in no link. A browser that refuses storage keeps them for the
// page's life only, and the page says so.
import { z } from 'zod';

import { AnswerRequest, Code, Key, Pseudonym } from './protocol';

const KEY = 'archex.classes';
/** The class this tab is in (a second tab may be in another). */
const CURRENT = 'archex.class';

export const Membership = z.object({
  code: Code,
  role: z.enum(['lecturer', 'student']),
  key: Key,
  pseudonym: Pseudonym.optional(),
  /** Answers sent and not yet confirmed: sent again on the next connection. */
  pending: z.array(AnswerRequest).default([]),
});
export type Membership = z.infer<typeof Membership>;

const Kept = z.record(z.string(), Membership);

function storage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** What storage refused is kept here, for the page's life. */
const memory: { kept: Record<string, Membership>; current: string | null } = {
  kept: {},
  current: null,
};

/** Whether this browser keeps classes across a reload (else the page says so, classBar.notKept). */
export function keeps(): boolean {
  const store = storage('localStorage');
  try {
    store?.setItem(`${KEY}.probe`, '1');
    store?.removeItem(`${KEY}.probe`);
    return store !== null;
  } catch {
    return false;
  }
}

function readAll(): Record<string, Membership> {
  try {
    const text = storage('localStorage')?.getItem(KEY);
    if (!text) return memory.kept;
    const parsed = Kept.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : memory.kept;
  } catch {
    return memory.kept;
  }
}

function writeAll(all: Record<string, Membership>) {
  memory.kept = all;
  try {
    storage('localStorage')?.setItem(KEY, JSON.stringify(all));
  } catch {
    // Kept in memory: the page says so (keeps()).
  }
}

export function membership(code: string): Membership | undefined {
  return readAll()[code];
}

export function keep(member: Membership): void {
  writeAll({ ...readAll(), [member.code]: member });
}

export function forget(code: string): void {
  const { [code]: _gone, ...rest } = readAll();
  writeAll(rest);
  if (currentCode() === code) setCurrent(null);
}

/** The class this tab is in, if any. */
export function currentCode(): string | null {
  try {
    return storage('sessionStorage')?.getItem(CURRENT) ?? memory.current;
  } catch {
    return memory.current;
  }
}

export function setCurrent(code: string | null): void {
  memory.current = code;
  try {
    const store = storage('sessionStorage');
    if (code === null) store?.removeItem(CURRENT);
    else store?.setItem(CURRENT, code);
  } catch {
    // In memory only.
  }
}
