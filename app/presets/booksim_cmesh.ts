// BookSim2's concentrated mesh (src/networks/cmesh.cpp, topology = cmesh) as archex's mesh of c
// terminals a router: its k and c checked as BookSim asserts them, and what archex does not
// model of it said.
import type { Config, Mapped } from './booksim_syntax';
import { BooksimError, whole } from './booksim_syntax';

/**
 * A k x k mesh of 4 terminals a router, each router's a 2 x 2 block of its chip's grid (cmesh.cpp
 * asserts n <= 2, c = 4, x = y and c = xr * yr with xr = yr). Its express channels join the
 * mesh's edge routers; its routing functions without them (dor_no_express, xy_yx_no_express) are
 * archex's dimension order and O1TURN.
 */
export function cmesh(config: Config): Mapped {
  const k = whole('k', config('k'), 2);
  if (whole('n', config('n'), 1) !== 2)
    throw new BooksimError('n', "BookSim's cmesh is built for 2 dimensions");
  const c = whole('c', config('c'), 1);
  const [xr, yr] = [whole('xr', config('xr'), 1), whole('yr', config('yr'), 1)];
  if (c !== 4 || xr !== 2 || yr !== 2 || whole('x', config('x'), 1) !== whole('y', config('y'), 1))
    throw new BooksimError('c', `${c}: BookSim's cmesh asserts c = 4, xr = yr = 2 and x = y`);
  return {
    settings: { topology: 'mesh', dims: `${k}x${k}`, concentration: String(c) },
    note: "BookSim numbers a router's 4 terminals as a 2 x 2 block of its chip's grid and moves a pattern's coordinates on that grid; archex numbers terminal t on router t / c and moves the router, keeping its place on it (alike under uniform traffic, not under a permutation)",
  };
}
