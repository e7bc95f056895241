import { useEffect, useState } from 'react';

import { Narrator } from './narration';

/**
 * A view's live region: the moment's words at a listener's pace (narration.ts). `words` is called
 * only when they are to be said; a new function (memoized on what the words depend on: the time,
 * the followed packet) offers a new moment.
 */
export function Narration({
  id,
  words,
  playing,
}: {
  id?: string;
  words: () => string;
  playing: boolean;
}) {
  const [said, setSaid] = useState('');
  const [narrator] = useState(() => new Narrator(setSaid));
  useEffect(() => () => narrator.dispose(), [narrator]);
  useEffect(() => narrator.offer(words, playing), [narrator, words, playing]);
  return (
    <p id={id} className="sr-only view-narration" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  );
}
