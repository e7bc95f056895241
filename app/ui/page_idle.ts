// The page's idle signal (`data-idle` on <html>), which e2e tests and the bench wait on: true once
// every pane on the page has drawn its current run. Each pane reports its own; the page writes
// the conjunction, so two panes side by side do not overwrite each other.
import { createContext, useContext, useLayoutEffect, useState } from 'react';

export class IdleBoard {
  private readonly panes = new Map<object, boolean>();

  constructor(private readonly write: (idle: boolean) => void) {}

  set(pane: object, idle: boolean): void {
    this.panes.set(pane, idle);
    this.flush();
  }

  remove(pane: object): void {
    this.panes.delete(pane);
    this.flush();
  }

  /** A page with no pane (the picker) is idle. */
  private flush(): void {
    this.write([...this.panes.values()].every(Boolean));
  }
}

export function writeIdle(idle: boolean): void {
  document.documentElement.dataset.idle = String(idle);
}

export const IdleContext = createContext<IdleBoard | null>(null);

/** Reports this pane's idle state to the page's board. */
export function useReportIdle(idle: boolean): void {
  const board = useContext(IdleContext);
  // The pane's identity on the board, made once.
  const [key] = useState(() => ({}));
  useLayoutEffect(() => {
    if (board) board.set(key, idle);
    else writeIdle(idle);
  }, [board, key, idle]);
  useLayoutEffect(() => () => board?.remove(key), [board, key]);
}
