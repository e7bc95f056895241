#include "machines/paragon/programs/apps.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/fit.h"
#include "core/param_spec.h"
#include "machines/paragon/library.h"

namespace archex {
namespace paragon {
namespace {

const AppCosts kCosts{0.1, 0.2};

TEST(ParagonApps, MatrixMultiplyNeedsACube) {
  try {
    matrix_multiply(default_params(), kCosts, 16, 64, Version::kBsp);
    FAIL() << "16 processors accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "processors");
  }
}

TEST(ParagonApps, MatrixMultiplyPhasesCountTheBlocks) {
  // p = 8, n = 64: blocks of 32 x 32 doubles. BSP: the A and B blocks as one superstep of
  // 2 x 2 x 1024 packets (nodes on the diagonal keep theirs: h is the most any node sends), the
  // multiply (2 x 32^3 flops), then the sum over k (half a block to the one other k).
  const AppRun bsp = matrix_multiply(default_params(), kCosts, 8, 64, Version::kBsp);
  ASSERT_EQ(bsp.phases.size(), 3u);
  EXPECT_DOUBLE_EQ(bsp.phases[0].h, 4 * 1024);
  EXPECT_DOUBLE_EQ(bsp.phases[1].w_us, 2 * 32.0 * 32 * 32 * 0.1);
  EXPECT_DOUBLE_EQ(bsp.phases[1].h, 2 * 512);
  EXPECT_FALSE(bsp.phases[2].sync);
  // BPRAM: two block permutations of 8 KB, the multiply with one step of 4 KB.
  const AppRun bpram = matrix_multiply(default_params(), kCosts, 8, 64, Version::kBpram);
  ASSERT_EQ(bpram.phases.size(), 4u);
  EXPECT_DOUBLE_EQ(bpram.phases[0].bytes, 8 * 1024);
  EXPECT_DOUBLE_EQ(bpram.phases[2].bytes, 4 * 1024);
  EXPECT_DOUBLE_EQ(predict_bpram(bpram.phases, 0.02, 1000),
                   bpram.work_us + 0.02 * (8192 + 8192 + 4096) + 3 * 1000);
}

TEST(ParagonApps, SampleSortStartups) {
  // Routing the keys: BSP one superstep, the original BPRAM p - 1 steps, the butterfly log p
  // steps moving about half the keys each; the samples and splitters take log p steps each way
  // in the BPRAM versions.
  const MachineParams m = default_params();
  Rng a(1), b(1), c(1);
  const AppRun bsp = sample_sort(m, kCosts, 16, 4096, Version::kBsp, a);
  const AppRun orig = sample_sort(m, kCosts, 16, 4096, Version::kBpram, b);
  const AppRun fly = sample_sort(m, kCosts, 16, 4096, Version::kBpramButterfly, c);
  EXPECT_EQ(bsp.phases.size(), 3u + 1);
  EXPECT_EQ(orig.phases.size(), 4u + 4 + 15 + 1);
  ASSERT_EQ(fly.phases.size(), 4u + 4 + 4 + 1);
  for (std::size_t i = 8; i < 12; ++i) {
    EXPECT_NEAR(fly.phases[i].bytes, 4 * 4096 / 2, 4 * 4096 * 0.1);
  }
  Rng d(1);
  EXPECT_THROW(sample_sort(m, kCosts, 12, 64, Version::kBpramButterfly, d), ParamError);
}

// The butterfly routes by the destination's highest bit first, so each step sends one contiguous
// run of the sorted keys, and merges what it receives with what it keeps: log p two-way merges,
// as many levels as the original's p-way merge.
TEST(ParagonApps, SampleSortButterflyHalvesFromTheTopAndMergesEachStep) {
  const MachineParams m = default_params();
  Rng b(1), c(1);
  const AppRun orig = sample_sort(m, kCosts, 16, 4096, Version::kBpram, b);
  const AppRun fly = sample_sort(m, kCosts, 16, 4096, Version::kBpramButterfly, c);
  // Node 1: its samples to node 0, then partners 1 ^ 8, 1 ^ 4, 1 ^ 2, 1 ^ 1.
  std::vector<int> sends;
  for (const Step& s : fly.programs[1]) {
    if (s.op == Op::kSend) sends.push_back(s.dst);
  }
  EXPECT_EQ(sends, (std::vector<int>{0, 9, 5, 3, 0}));
  // A merge of the held keys after each step (the work after a step is the next phase's w).
  for (std::size_t i = 9; i < 13; ++i) EXPECT_DOUBLE_EQ(fly.phases[i].w_us, 0.2 * 4096);
  EXPECT_NEAR(fly.work_us, orig.work_us, 1e-9 * orig.work_us);
}

TEST(ParagonApps, SimulatedKernelsComeCloseToTheirPredictionsOnASmallMesh) {
  // A 2x2x2 matrix multiply on 4x2: the BPRAM prediction with sigma and l fitted on the same
  // machine is within 10 % of the simulated time.
  const MachineParams m = default_params();
  auto time = [&](std::vector<Program> programs) {
    Machine machine(m, {4, 2});
    return run(machine, std::move(programs));
  };
  std::vector<double> x, y;
  for (const double bytes : {0.0, 32768.0, 65536.0}) {
    std::vector<Program> programs(8);
    bpram_step(programs, {1, 2, 3, 4, 5, 6, 7, 0}, std::vector<double>(8, bytes));
    x.push_back(bytes);
    y.push_back(time(programs));
  }
  const Line fit = fit_line(x, y);
  AppRun mm = matrix_multiply(m, kCosts, 8, 128, Version::kBpram);
  const double simulated = time(mm.programs);
  EXPECT_NEAR(predict_bpram(mm.phases, fit.slope, fit.intercept) / simulated, 1.0, 0.1);
}

TEST(ParagonApps, BitonicSortIsOneToOneSupersteps) {
  // p = 8: 3 x 4 / 2 = 6 merge-split supersteps, each node sending all its keys to one partner.
  const AppRun run = bitonic_sort(default_params(), kCosts, 8, 100);
  int supersteps = 0;
  for (const Phase& ph : run.phases) {
    if (!ph.sync) continue;
    ++supersteps;
    EXPECT_DOUBLE_EQ(ph.h, 100);
  }
  EXPECT_EQ(supersteps, 6);
  int sends = 0;
  for (const Step& s : run.programs[0]) sends += s.op == Op::kSend ? 1 : 0;
  // Per superstep: 3 rounds of the size exchange and the one message.
  EXPECT_EQ(sends, 6 * (3 + 1));
  EXPECT_THROW(bitonic_sort(default_params(), kCosts, 12, 100), ParamError);
}

TEST(ParagonApps, ApspBroadcastsDownTrees) {
  // p = 16 (4 x 4): per iteration a 4-level broadcast to all, then 2 levels along the rows and 2
  // along the columns; 4 iterations.
  const AppRun run = all_pairs_shortest_paths(default_params(), kCosts, 16, 64);
  int steps = 0;
  for (const Phase& ph : run.phases) steps += ph.sync ? 1 : 0;
  EXPECT_EQ(steps, 4 * (4 + 2 + 2));
  // A block of 16 x 16 entries of 4 bytes.
  EXPECT_DOUBLE_EQ(run.phases[0].bytes, 4 * 16 * 16);
  EXPECT_THROW(all_pairs_shortest_paths(default_params(), kCosts, 8, 64), ParamError);
}

}  // namespace
}  // namespace paragon
}  // namespace archex
