// A message with elements in it ("Look at X<outlined> (outlined)</outlined>."): the catalogue
// writes the whole sentence with a placeholder for each element, so a language puts the element
// where its grammar wants it, and no sentence is built from pieces.
import type { ReactNode } from 'react';
import { Fragment } from 'react';

import { useT } from './i18n';

/** Private-use characters, one a placeholder, that no message writes. */
const MARK = 0xe000;

export function Rich({
  k,
  values = {},
  parts,
}: {
  /** The message's key. */
  k: string;
  /** Its plain arguments. */
  values?: Record<string, unknown>;
  /** Its arguments drawn as elements, by name. */
  parts: Record<string, ReactNode>;
}) {
  const t = useT();
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((n, i) => [n, String.fromCharCode(MARK + i)]));
  const text = t(k, { ...values, ...marks });
  const pieces = text.split(/([\ue000-\ue0ff])/u);
  return (
    <>
      {pieces.map((piece, i) => {
        const index = piece.length === 1 ? piece.charCodeAt(0) - MARK : -1;
        return (
          <Fragment key={i}>
            {index >= 0 && index < names.length ? parts[names[index]!] : piece}
          </Fragment>
        );
      })}
    </>
  );
}
