#include "machines/jmachine/programs/programs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
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

// N-queens' boards as the tests count them: the children of a partial board, columns and
// diagonals as bit masks.
struct QueensBoard {
  std::uint32_t cols = 0, left = 0, right = 0;
  int row = 0;
};
std::vector<QueensBoard> queens_children(int n, const QueensBoard& b) {
  std::vector<QueensBoard> out;
  for (std::uint32_t free = ((1u << n) - 1) & ~(b.cols | b.left | b.right); free != 0;
       free &= free - 1) {
    const std::uint32_t bit = free & (0u - free);
    out.push_back({b.cols | bit, (b.left | bit) << 1, (b.right | bit) >> 1, b.row + 1});
  }
  return out;
}
std::int64_t queens_visits(int n, const QueensBoard& b) {
  std::int64_t v = 1;
  if (b.row < n) {
    for (const QueensBoard& c : queens_children(n, b)) v += queens_visits(n, c);
  }
  return v;
}

// The boards are expanded by a tree of threads, not by node 0 alone: every board above the search
// depth is an Expand thread (the root on node 0, the others started by their 8-word message),
// every board at it an NQueens thread, and every board but the root reports its count to its
// parent in an NQDone message, so the NQDone threads are the tree's boards less its root (Table
// 4's 1,180 against 1,030 NQueens threads on 64 nodes).
TEST(Programs, QueensExpansionTreeReportsEveryBoardToItsParent) {
  const ProgramParams p = params({{"queens_n", ParamValue(10)}});
  const ProgramRun r = run(ProgramKind::kQueens, p, 16);
  ASSERT_TRUE(r.correct);
  // The search depth: the first with 4 boards a node.
  std::vector<QueensBoard> level{QueensBoard{}};
  std::int64_t interior = 0;
  std::int64_t below_root = 0;
  while (level.size() < 64) {
    interior += static_cast<std::int64_t>(level.size());
    std::vector<QueensBoard> next;
    for (const QueensBoard& b : level) {
      for (const QueensBoard& c : queens_children(10, b)) next.push_back(c);
    }
    level = next;
    below_root += static_cast<std::int64_t>(level.size());
  }
  const auto leaves = static_cast<std::int64_t>(level.size());
  EXPECT_EQ(r.threads[0].threads, leaves);      // NQueens
  EXPECT_EQ(r.threads[1].threads, below_root);  // NQDone
  EXPECT_EQ(r.threads[2].threads, interior);    // Expand
  EXPECT_EQ(r.threads[1].threads, r.threads[0].threads + interior - 1);
  EXPECT_EQ(r.messages, 2 * below_root);  // a board message and a count for each
  EXPECT_EQ(r.threads[0].message_words, 8.0 * static_cast<double>(leaves));
  EXPECT_EQ(r.threads[1].message_words, 3.0 * static_cast<double>(below_root));
}

// Where the boards land sets the idle share (sec. 4.3.3): each board splits its share of the
// machine evenly among its children and sends each to the first node of its part. Each node's
// computation is then the searches of the boards its shares start on, the expansions it ran and
// the counts it received, which the test adds up for itself.
TEST(Programs, QueensBoardsLandOnTheFirstNodeOfTheirShare) {
  const int n = 10;
  const int nodes = 16;
  const ProgramParams p = params({{"queens_n", ParamValue(n)}});
  const ProgramRun r = run(ProgramKind::kQueens, p, nodes);
  const double board = p.queens_board_instr * p.cpi_tuned;
  const double done = p.queens_done_instr * p.cpi_tuned;
  const int depth = 2;  // 10 boards, then 72 >= 4 a node
  std::vector<double> expect(nodes, 0);
  const std::int64_t unit = std::int64_t{1} << 16;
  const std::function<void(const QueensBoard&, std::int64_t, std::int64_t, int)> place =
      [&](const QueensBoard& b, std::int64_t lo, std::int64_t hi, int parent) {
        const auto at = static_cast<std::size_t>(lo / unit);
        if (parent >= 0) expect[static_cast<std::size_t>(parent)] += done;
        if (b.row == depth) {
          expect[at] += board * static_cast<double>(queens_visits(n, b));
          return;
        }
        expect[at] += board;
        const std::vector<QueensBoard> next = queens_children(n, b);
        const auto m = static_cast<std::int64_t>(next.size());
        for (std::int64_t j = 0; j < m; ++j) {
          place(next[static_cast<std::size_t>(j)], lo + (hi - lo) * j / m,
                lo + (hi - lo) * (j + 1) / m, static_cast<int>(at));
        }
      };
  place(QueensBoard{}, 0, nodes * unit, -1);
  double spread = 0;
  for (int i = 0; i < nodes; ++i) {
    const double got = r.uses[static_cast<std::size_t>(i)][static_cast<int>(Use::kCompute)];
    EXPECT_NEAR(got, expect[static_cast<std::size_t>(i)], 1e-6 * got) << "node " << i;
    spread = std::max(spread, std::abs(got - r.uses[0][static_cast<int>(Use::kCompute)]));
  }
  // The shares' searches differ, and so do the nodes' loads.
  EXPECT_GT(spread, 0.1 * r.uses[0][static_cast<int>(Use::kCompute)]);
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

// Node 0's busy cycles beyond the other nodes' mean, over the run (sec. 4.3.1's load imbalance).
double node0_imbalance(const ProgramRun& r) {
  double others = 0;
  for (std::size_t n = 1; n < r.idle.size(); ++n) others += r.cycles - r.idle[n];
  others /= static_cast<double>(r.idle.size() - 1);
  return (r.cycles - r.idle[0] - others) / r.cycles;
}

// LCS's pipeline runs at node 0's pace: its StartUp work on each character is idle time on every
// other node, so a slower StartUp loop leaves the others idler and the run longer.
TEST(Programs, LcsStartUpOnNodeZeroIdlesTheOthers) {
  const ParamValues small{{"lcs_a_chars", ParamValue(256)}, {"lcs_b_chars", ParamValue(400)}};
  ParamValues slow = small;
  slow.set("lcs_startup_cpi", ParamValue(4));
  const ProgramRun peak = run(ProgramKind::kLcs, params(small), 16);
  const ProgramRun typical = run(ProgramKind::kLcs, params(slow), 16);
  EXPECT_GT(node0_imbalance(peak), 0);
  EXPECT_GT(node0_imbalance(typical), 2 * node0_imbalance(peak));
  EXPECT_GT(typical.cycles, peak.cycles);
  // The instructions are the same; only their cycles differ.
  EXPECT_EQ(typical.threads[1].instructions, peak.threads[1].instructions);
}

// The hand-tuned programs' instructions cost cpi_tuned cycles each; TSP's (Concurrent Smalltalk)
// do not.
TEST(Programs, TunedProgramsRunAtTheirOwnInstructionRate) {
  const ParamValues small{{"queens_n", ParamValue(8)}, {"tsp_cities", ParamValue(8)}};
  ParamValues slow = small;
  slow.set("cpi_tuned", ParamValue(4));
  const ProgramRun queens = run(ProgramKind::kQueens, params(small), 4);
  const ProgramRun queens_slow = run(ProgramKind::kQueens, params(slow), 4);
  EXPECT_GT(queens_slow.cycles, 1.3 * queens.cycles);
  EXPECT_EQ(queens_slow.threads[0].instructions, queens.threads[0].instructions);
  const ProgramRun tsp = run(ProgramKind::kTsp, params(small), 4);
  const ProgramRun tsp_slow = run(ProgramKind::kTsp, params(slow), 4);
  EXPECT_EQ(tsp_slow.cycles, tsp.cycles);
}

// The 1-node base case is the sequential sort (sec. 4.3): per pass a count, a scan and the
// reorder with local stores, none of the parallel loop's work to find a slot's node.
TEST(Programs, RadixOnOneNodeIsTheSequentialSort) {
  const ParamValues small{{"radix_keys", ParamValue(4096)}};
  ParamValues routed = small;
  routed.set("radix_route_instr", ParamValue(20));
  const ProgramParams p = params(small);
  const ProgramRun one = run(ProgramKind::kRadix, p, 1);
  const double per_pass = (p.radix_count_instr + p.radix_move_instr + p.radix_local_write_instr) *
                              4096 +
                          p.radix_scan_instr * 16;
  EXPECT_NEAR(one.cycles, 7 * per_pass * p.cpi_tuned, 4);  // the run ends on a whole cycle
  EXPECT_EQ(one.messages, 0);
  EXPECT_EQ(run(ProgramKind::kRadix, params(routed), 1).cycles, one.cycles);
  EXPECT_GT(run(ProgramKind::kRadix, params(routed), 2).cycles,
            run(ProgramKind::kRadix, p, 2).cycles + 7 * 2048 * 16 * p.cpi_tuned * 0.9);
}

// Priority-0 writes wait in the queue while the Sort thread moves its keys, and a node's share of
// a pass overflows it (sec. 4.3.2's transient overflows); priority-1 writes run as they arrive.
TEST(Programs, RadixWritesQueuedBehindTheSortThreadOverflowTheQueue) {
  const auto overflows = [](int priority) {
    const ProgramParams p = params({{"radix_keys", ParamValue(16384)},
                                    {"radix_key_bits", ParamValue(8)},
                                    {"radix_write_priority", ParamValue(priority)}});
    return run(ProgramKind::kRadix, p, 16).queue_faults;
  };
  EXPECT_GT(overflows(0), 16);
  EXPECT_EQ(overflows(1), 0);
}

// Radix sort's reorder writes cross the bisection; from 64 nodes (4x4x4) to 128 (8x4x4) the
// bisection keeps its 16 links while the writes crossing it per cycle double. Without the routing
// header and with channels of a third of a word a cycle that load reaches saturation and the 128-node run falls short of half
// the 64-node run, while 32 -> 64 (8 -> 16 links) still halves; the narrower the channels, the
// bigger the shortfall. (Priority-1 writes, so no queue overflow, whose spills depend on the keys
// a node holds, blurs the network's share.)
TEST(Programs, RadixStopsHalvingWhereTheBisectionStopsGrowing) {
  const auto ratio = [](int nodes, double channel) {
    const ProgramParams p = params({{"radix_keys", ParamValue(16384)},
                                    {"radix_key_bits", ParamValue(8)},
                                    {"radix_write_priority", ParamValue(1)},
                                    {"header_words", ParamValue(0)},
                                    {"channel_words_per_cycle", ParamValue(channel)}});
    const double small = run(ProgramKind::kRadix, p, nodes).cycles;
    return run(ProgramKind::kRadix, p, 2 * nodes).cycles / small;
  };
  EXPECT_GT(ratio(64, 0.34), 0.6);
  EXPECT_LT(ratio(32, 0.34), 0.55);
  EXPECT_GT(ratio(64, 0.34), ratio(64, 0.5) + 0.05);
}

// The same glitch at the J-Machine's own channels, half a word a cycle, from its wire format: a
// 3-word write also carries its one-word routing header over every link, so the reorder loop's
// writes load the links a third more than their words. From 64 to 128 nodes the run then falls
// short of halving while 32 -> 64 still halves; without the header, or with links twice as fast,
// the shortfall is gone: it follows the load on the bisection.
TEST(Programs, RadixGlitchesAt128NodesFromTheRoutingHeadersLoad) {
  const auto ratio = [](int nodes, const ParamValues& extra) {
    ParamValues v{{"radix_keys", ParamValue(16384)},
                  {"radix_key_bits", ParamValue(8)},
                  {"radix_write_priority", ParamValue(1)}};
    for (const auto& [name, value] : extra) v.set(name, value);
    const ProgramParams p = params(v);
    const double small = run(ProgramKind::kRadix, p, nodes).cycles;
    return run(ProgramKind::kRadix, p, 2 * nodes).cycles / small;
  };
  EXPECT_GT(ratio(64, {}), 0.6);
  EXPECT_LT(ratio(32, {}), 0.55);
  EXPECT_LT(ratio(64, {{"header_words", ParamValue(0)}}), 0.59);
  EXPECT_LT(ratio(64, {{"channel_words_per_cycle", ParamValue(1)}}), 0.59);
}

}  // namespace
}  // namespace archex::jmachine
