#pragma once

#include <vector>

#include "core/rng.h"
#include "machines/paragon/machine.h"

namespace archex::paragon {

// How a library version of a kernel talks: BSP (packets, supersteps), the BPRAM with its keys
// routed directly (p - 1 startups), or the BPRAM routing them in a butterfly (log p startups).
enum class Version { kBsp, kBpram, kBpramButterfly };

// One superstep or BPRAM step as the cost models see it: the largest local work, and the largest
// number of packets (BSP h) or bytes (BPRAM m) any processor sends or receives; `sync` is false
// for local work after the last communication.
struct Phase {
  double w_us = 0;
  double h = 0;
  double bytes = 0;
  bool sync = true;
};

// A kernel as programs for the machine and as phases for the cost models.
struct AppRun {
  std::vector<Program> programs;
  std::vector<Phase> phases;
  // Local work on the critical path (the sum of the phases' w), for the communication share.
  double work_us = 0;
};

// BSP: sum of w + g h + L; BPRAM: sum of w + sigma m + l.
double predict_bsp(const std::vector<Phase>& phases, double g, double L);
double predict_bpram(const std::vector<Phase>& phases, double sigma, double l);

// Matrix multiply on p = q^3 processors (the 3-D algorithm): node (i, j, k) receives an A and a B
// block of (n/q)^2 doubles (two permutations), multiplies them (2 (n/q)^3 flops) and the partial
// C blocks are summed over k (each node sends a q-th of its block to each of the q - 1 others and
// adds what it receives). BSP sends every double as two 4-byte packets. Throws ParamError naming
// "processors" unless p is a cube.
AppRun matrix_multiply(const MachineParams& m, const AppCosts& c, int p, int n, Version v);

// Sample sort of `keys` 4-byte keys per processor: local sort, p samples per processor gathered
// at node 0 (BSP: one superstep; BPRAM: a binary tree), sorted there, p - 1 splitters broadcast
// (BSP: one superstep; BPRAM: a binary tree), the keys (uniformly random, so destinations drawn
// from `rng`) routed to their buckets (BSP: one h-relation; BPRAM: p - 1 permutation steps, or a
// butterfly of log p steps, highest destination bit first, moving about half the keys each), and
// a p-way merge (the butterfly: a two-way merge after each step).
AppRun sample_sort(const MachineParams& m, const AppCosts& c, int p, int keys, Version v,
                   Rng& rng);

// Bitonic sort of `keys` keys per processor on p = 2^d processors (BSP): a local sort, then
// d (d + 1) / 2 merge-split supersteps, each processor exchanging all its keys with one partner
// (a one-to-one pattern) and keeping the lower or upper half. Throws ParamError naming
// "processors" unless p is a power of 2.
AppRun bitonic_sort(const MachineParams& m, const AppCosts& c, int p, int keys);

// All-pairs shortest paths on an n x n matrix over a sqrt(p) x sqrt(p) grid (BPRAM): sqrt(p)
// iterations, each computing the diagonal block's closure (2 b^3 flops, b = n / sqrt(p)),
// broadcasting it down a binary tree to every processor (log p steps, few senders at the top),
// broadcasting the row's and the column's blocks along the grid's columns and rows the same way,
// and updating every block (2 b^3). Entries of 4 bytes. Throws ParamError naming "processors"
// unless p is an even power of 2.
AppRun all_pairs_shortest_paths(const MachineParams& m, const AppCosts& c, int p, int n);

}  // namespace archex::paragon
