#pragma once

#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "core/model.h"
#include "core/record.h"
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

// What a run gives the combine, which knows its grain and PEs from the plan.
struct QueensRecord {
  double reductions = 0;
  double suspensions = 0;
  double builtin_calls = 0;
  double solutions = 0;
  double time_ms = 0;
  std::vector<double> messages;  // by MessageKind
  std::vector<double> work_rate;  // per PE: busy (reducing or communicating) / time
  std::vector<double> reduce_share;  // per PE
};

const RecordTable<QueensRecord>& queens_record();

// Run `index` of the sweep: a QueensRecord; the selected run's outputs are its reductions by
// predicate (kRunByPredicate) and its timeline.
std::unique_ptr<Model> queens_run(const QueensParams& p, Rng rng, std::size_t index);

}  // namespace archex::fghc
