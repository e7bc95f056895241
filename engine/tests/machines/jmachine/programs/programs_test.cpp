#include "machines/jmachine/programs/programs.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/param_spec.h"

namespace archex::jmachine {
namespace {

// The programs' parameters at the engine's defaults, with `overrides`.
ProgramParams params(const ParamValues& overrides = {}) {
  const ParamTable<ProgramParams> t = program_table();
  return t.read(resolve_params("jmachine_programs", t.specs(), overrides));
}

ProgramRun run(ProgramKind kind, const ProgramParams& p, int nodes, std::uint64_t seed = 1) {
  ProgramRunner runner(kind, p, nodes, Rng(seed));
  while (!runner.advance(1 << 20)) {
  }
  return runner.result();
}

TEST(Programs, MeshesGrowOneDimensionAtATime) {
  EXPECT_EQ(mesh_dims(1), (std::vector<int>{2}));
  EXPECT_EQ(mesh_dims(8), (std::vector<int>{2, 2, 2}));
  EXPECT_EQ(mesh_dims(64), (std::vector<int>{4, 4, 4}));
  EXPECT_EQ(mesh_dims(128), (std::vector<int>{8, 4, 4}));
  EXPECT_THROW(mesh_dims(48), ParamError);
}

TEST(Programs, LcsFillsTheTableAndFindsTheSubsequenceLength) {
  ProgramParams p = params({{"lcs_a_chars", ParamValue(64)}, {"lcs_b_chars", ParamValue(200)}});
  const int expected = lcs_length(lcs_string(64, 4, 1), lcs_string(200, 4, 2));
  for (const int nodes : {1, 2, 8, 32}) {
    const ProgramRun r = run(ProgramKind::kLcs, p, nodes);
    EXPECT_TRUE(r.correct) << nodes;
    EXPECT_EQ(r.answer, expected) << nodes;
  }
  EXPECT_EQ(lcs_length({0, 1, 2, 3}, {1, 3, 0}), 2);
}

TEST(Programs, RadixSortSortsTheKeys) {
  ProgramParams p = params({{"radix_keys", ParamValue(4096)}});
  for (const int nodes : {1, 2, 16, 64}) {
    const ProgramRun r = run(ProgramKind::kRadix, p, nodes);
    EXPECT_TRUE(r.correct) << nodes;
  }
}

TEST(Programs, QueensCountsEverySolution) {
  ProgramParams p = params({{"queens_n", ParamValue(8)}});
  for (const int nodes : {1, 4, 32}) {
    const ProgramRun r = run(ProgramKind::kQueens, p, nodes);
    EXPECT_EQ(r.answer, 92) << nodes;
    EXPECT_TRUE(r.correct) << nodes;
  }
}

TEST(Programs, TspFindsTheOptimalTour) {
  ProgramParams p = params({{"tsp_cities", ParamValue(9)}});
  const int optimal = tsp_optimal(tsp_distances(9, 1));
  for (const int nodes : {1, 4, 16}) {
    const ProgramRun r = run(ProgramKind::kTsp, p, nodes, 7);
    EXPECT_EQ(r.answer, optimal) << nodes;
    EXPECT_TRUE(r.correct) << nodes;
  }
  // A square's tour is its perimeter.
  EXPECT_EQ(tsp_optimal({{0, 1, 2, 1}, {1, 0, 1, 2}, {2, 1, 0, 1}, {1, 2, 1, 0}}), 4);
}

TEST(Programs, ProgressRisesAsTheWorkIsDone) {
  ProgramParams p = params({{"lcs_b_chars", ParamValue(400)},
                            {"radix_keys", ParamValue(4096)},
                            {"queens_n", ParamValue(9)},
                            {"tsp_cities", ParamValue(9)},
                            {"tsp_calls_per_yield", ParamValue(1)}});
  for (const ProgramKind kind :
       {ProgramKind::kLcs, ProgramKind::kRadix, ProgramKind::kQueens, ProgramKind::kTsp}) {
    ProgramRunner runner(kind, p, 16, Rng(1));
    double last = 0;
    int rises = 0;
    while (!runner.advance(200)) {
      EXPECT_GE(runner.progress(), last) << program_key(kind);
      if (runner.progress() > last) ++rises;
      last = runner.progress();
    }
    EXPECT_GE(rises, 3) << program_key(kind);
    EXPECT_EQ(runner.progress(), 1);
  }
}

TEST(Programs, EveryNodeLeavesTheBarrier) {
  for (const int nodes : {2, 8, 64}) {
    const ProgramRun r = run(ProgramKind::kBarrier, params(), nodes);
    EXPECT_TRUE(r.correct) << nodes;
  }
}

// The thread kinds a run counts are the ones the program declares, in its order, and each one
// runs: a declared handler that never starts is a name the outputs promise and the run lacks.
TEST(Programs, RunTheThreadKindsTheyDeclare) {
  for (int k = 0; k < static_cast<int>(ProgramKind::kCount); ++k) {
    const auto kind = static_cast<ProgramKind>(k);
    const ProgramRun r = run(kind, params(), 8);
    const std::vector<std::string>& declared = program_threads(kind);
    ASSERT_EQ(r.threads.size(), declared.size()) << program_key(kind);
    for (std::size_t t = 0; t < declared.size(); ++t) {
      EXPECT_EQ(r.threads[t].name, declared[t]) << program_key(kind);
      EXPECT_GT(r.threads[t].threads, 0) << program_key(kind) << " " << declared[t];
    }
  }
}

}  // namespace
}  // namespace archex::jmachine
