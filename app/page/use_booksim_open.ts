// Opening a BookSim2 file: the page switches to the custom network with its parameters (so the
// link carries them), and keeps what it has to say about the file until dismissed.
import { useCallback, useEffect, useRef, useState } from 'react';

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
  useEffect(() => () => reading.current?.abort(), []);

  const open = useCallback(
    (file: BooksimFile) => {
      if (!preset || !model) return;
      // A second file replaces the first one still being read.
      reading.current?.abort();
      const controller = new AbortController();
      reading.current = controller;
      board.set(key, { current: true, idle: false });
      openBooksim(file, preset, model, engine, controller.signal)
        .then(
          (result) => {
            if (controller.signal.aborted) return;
            if (!('refused' in result)) onOpened(result, preset);
            setSaid(result);
          },
          (error: unknown) => {
            if (!isAbortError(error))
              setSaid({
                name: clipped(file.name),
                refused: clipped(error instanceof Error ? error.message : String(error)),
              });
          },
        )
        .finally(() => {
          if (reading.current === controller) board.remove(key);
        });
    },
    [engine, preset, model, board, key, onOpened],
  );
  const dismiss = useCallback(() => setSaid(null), []);
  return { open: preset && model ? open : undefined, said, dismiss };
}
