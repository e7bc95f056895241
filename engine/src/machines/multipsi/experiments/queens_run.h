#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "core/model.h"
#include "core/rng.h"
#include "machines/multipsi/machine.h"
#include "machines/multipsi/programs/queens.h"

namespace archex::fghc {

// The Multi-PSI's N-queens sweep (multipsi_queens): its parameters, its runs, and one run of it
// as a model of its own.

struct QueensParams {
  QueensProgram program;
  int queens;
  int pes;
  int depth;
  int k;
  std::vector<int> depths;
  std::vector<int> ks;
  int mesh_columns;
  Costs costs;
  int timeline_bins;
};

// The sweep's runs for a parameter set: (grain, PEs) pairs in run order, and the selected run.
struct QueensPlan {
  explicit QueensPlan(const QueensParams& p);
  // Runs grow with the PE count (messages), so each weighs 1 + its PEs.
  std::vector<double> weights() const;

  int selected = 0;
  std::vector<int> grains;
  std::vector<int> counts;
  std::vector<std::pair<int, int>> runs;  // (grain, PEs) of each run, in order
};

// Run `index` of the sweep: its counts as scalars, per-PE and per-kind numbers as series; the
// selected run adds its reductions by predicate and its timeline.
std::unique_ptr<Model> queens_run(const QueensParams& p, Rng rng, std::size_t index);

}  // namespace archex::fghc
