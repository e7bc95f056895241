// BookSim2's dragonfly (src/networks/dragonfly.cpp, topology = dragonflynew) as archex's:
// its shape, its channels' compiled latencies and its UGAL's fixed threshold; and its fat tree
// (src/networks/fattree.cpp), numbered alike.
import type { Config, Mapped } from './booksim_syntax';
import { BooksimError, whole } from './booksim_syntax';

/** dragonfly.cpp compiles DRAGON_LATENCY: its channels' cycles, a credit's way back alike. */
const DRAGON_LATENCY = { local: 10, global: 100 };
/** ugal_dragonflynew's adaptive_threshold, hard-coded in dragonfly.cpp. */
const DRAGON_UGAL_THRESHOLD = 30;

/**
 * A dragonflynew of k = p: p terminals, 2p routers a group, p global channels a router, and
 * a*h + 1 groups (dragonfly.cpp, one dimension in a group, so n is 1). Its routings take the
 * route's phase as the VC (`out_vc = f->ph`), a global channel already the phase after it.
 */
export function dragonfly(config: Config): Mapped {
  whole('n', config('n'), 1, 1);
  // archex's dragonfly has at most 2,048 terminals: k = 4 gives 1,056, k = 5 2,550.
  const p = whole('k', config('k'), 1, 4);
  return {
    settings: {
      topology: 'dragonfly',
      dragonfly_terminals: String(p),
      dragonfly_routers: String(2 * p),
      dragonfly_globals: String(p),
      local_link_cycles: String(DRAGON_LATENCY.local),
      global_link_cycles: String(DRAGON_LATENCY.global),
      dragonfly_vc_classes: "phases, BookSim2's",
    },
  };
}

/**
 * ugal_dragonflynew's settings beyond its routing: it asserts num_vcs == 3 (a VC per phase), and
 * draws Valiant's intermediate as a random terminal (dragonfly.cpp) and goes on to its router,
 * any router alike, one of an end group giving the minimal route.
 */
export function ugal(config: Config): Record<string, string> {
  if (config('num_vcs') !== 3)
    throw new BooksimError('num_vcs', `'${config('num_vcs')}' with ugal: BookSim's UGAL takes 3`);
  return {
    ugal_threshold_flits: String(DRAGON_UGAL_THRESHOLD),
    valiant_groups: "any router, BookSim2's",
  };
}

/** archex's fat tree has at most this many terminals (FatTree::kMostTerminals). */
const MOST_FAT_TREE_TERMINALS = 2048;

/** A fattree of k and n: a k-ary n-tree of k^n terminals, its switches numbered as archex's. */
export function fatTree(config: Config): Mapped {
  const k = whole('k', config('k'), 2, 16);
  const n = whole('n', config('n'), 1, 11);
  if (k ** n > MOST_FAT_TREE_TERMINALS)
    throw new BooksimError(
      'n',
      `a fattree of k = ${k} and n = ${n} has ${k ** n} terminals; archex's has at most ${MOST_FAT_TREE_TERMINALS}`,
    );
  return {
    settings: { topology: 'fat tree', fattree_arity: String(k), fattree_levels: String(n) },
  };
}
