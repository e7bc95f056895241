// Opening a BookSim2 file: the page switches to the custom network with its parameters (so the
// link carries them), and keeps what it has to say about the file until dismissed.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

import type { Engine } from '../engine/engine';
import { isAbortError } from '../engine/engine';
import type { ModelInfo } from '../engine/types';
import { BOOKSIM_PRESET } from '../presets/booksim';
import type { Preset } from '../presets/schema';
import type { IdleBoard } from '../ui/page_idle';
import type { BooksimFile, BooksimOpened, BooksimRefused } from './booksim_open';
import { clipped, openBooksim } from './booksim_open';

export function useBooksimOpen({
  engine,
  presets,
  models,
  board,
  onOpened,
}: {
  engine: Engine;
  presets: Preset[];
  models: ModelInfo[];
  /** The page's idle signal: not idle while a file is read and its network built. */
  board: IdleBoard;
  onOpened(opened: BooksimOpened, preset: Preset): void;
}) {
  const preset = presets.find((p) => p.id === BOOKSIM_PRESET);
  const model = models.find((m) => m.name === preset?.model);
  const [said, setSaid] = useState<BooksimOpened | BooksimRefused | null>(null);
  const reading = useRef<AbortController | null>(null);
  const [key] = useState(() => ({}));
  const [busy, setBusy] = useState(false);
  useEffect(() => () => reading.current?.abort(), []);
  // Off the board in the commit that shows the opened network, after its pane has reported, so
  // the page never reads idle between the file and the network's run.
  useLayoutEffect(() => {
    if (busy) board.set(key, { current: true, idle: false });
    else board.remove(key);
  }, [board, key, busy]);

  const open = useCallback(
    (file: BooksimFile) => {
      if (!preset || !model) return;
      // A second file replaces the first one still being read.
      reading.current?.abort();
      const controller = new AbortController();
      reading.current = controller;
      setBusy(true);
      // Each outcome ends `busy` in the same update that shows it.
      openBooksim(file, preset, model, engine, controller.signal).then(
        (result) => {
          if (controller.signal.aborted) return;
          if (!('refused' in result)) onOpened(result, preset);
          setSaid(result);
          setBusy(false);
        },
        (error: unknown) => {
          if (isAbortError(error)) return;
          setSaid({
            name: clipped(file.name),
            refused: clipped(error instanceof Error ? error.message : String(error)),
          });
          setBusy(false);
        },
      );
    },
    [engine, preset, model, onOpened],
  );
  const dismiss = useCallback(() => setSaid(null), []);
  return { open: preset && model ? open : undefined, said, dismiss };
}
