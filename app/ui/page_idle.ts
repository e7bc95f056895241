// The page's signals on <html>, which e2e tests and the bench wait on: `data-current` once every
// pane's charts show its current run (its first points at least, as a sweep fills in), and
// `data-idle` once every pane's current run is done and drawn. Each pane reports its own; the
// page writes the conjunctions, so two panes side by side do not overwrite each other.
import { createContext, useContext, useLayoutEffect, useState } from 'react';

export interface PaneReport {
  /** The charts show the current run: its first points, or all of it. */
  current: boolean;
  /** The current run is done and drawn. */
  idle: boolean;
}

export class IdleBoard {
  private readonly panes = new Map<object, PaneReport>();

  constructor(private readonly write: (page: PaneReport) => void) {}

  set(pane: object, report: PaneReport): void {
    this.panes.set(pane, report);
    this.flush();
  }

  remove(pane: object): void {
    this.panes.delete(pane);
    this.flush();
  }

  /** A page with no pane (the picker) is idle. */
  private flush(): void {
    const reports = [...this.panes.values()];
    this.write({
      current: reports.every((r) => r.current),
      idle: reports.every((r) => r.idle),
    });
  }
}

export function writeIdle({ current, idle }: PaneReport): void {
  document.documentElement.dataset.current = String(current);
  document.documentElement.dataset.idle = String(idle);
}

export const IdleContext = createContext<IdleBoard | null>(null);

/** Reports this pane's signals to the page's board; an idle pane is also current. */
export function useReportIdle(idle: boolean, current = idle): void {
  const board = useContext(IdleContext);
  // The pane's identity on the board, made once.
  const [key] = useState(() => ({}));
  const shows = current || idle;
  useLayoutEffect(() => {
    const report = { current: shows, idle };
    if (board) board.set(key, report);
    else writeIdle(report);
  }, [board, key, idle, shows]);
  useLayoutEffect(() => () => board?.remove(key), [board, key]);
}
