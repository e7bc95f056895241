#include "machines/multipsi/programs/queens.h"

#include <gtest/gtest.h>

#include <string>

#include "machines/multipsi/costs.h"

namespace archex::fghc {
namespace {

// Paper values come from K. Taki, ICOT TR-370 (1988), seed 000_0f3911029c21e5c0.txt: Table 3 and
// the appendix programs.

struct Outcome {
  std::int64_t reductions;
  std::int64_t builtins;
  std::int64_t solutions;
  std::int64_t throws;
};

Outcome run(QueensProgram which, int queens, int pes, int grain) {
  const auto program = make_queens(which, queens, pes, grain);
  Costs costs = default_costs();
  costs.message_ms = 5;
  Machine m(*program, pes, 3, costs, false);
  while (!m.advance(100000)) {
  }
  return {m.reductions(), m.builtin_calls(), m.solutions(), m.messages(MessageKind::throw_goal)};
}

TEST(Queens, BothProgramsFindEverySolution) {
  // All solutions of N-queens for N = 4..10.
  const int expected[] = {2, 10, 4, 40, 92, 352, 724};
  for (int n = 4; n <= 10; ++n) {
    const std::string what = std::to_string(n) + " queens";
    EXPECT_EQ(run(QueensProgram::program1, n, 3, 2).solutions, expected[n - 4]) << what;
    EXPECT_EQ(run(QueensProgram::program2, n, 3, 2).solutions, expected[n - 4]) << what;
  }
}

TEST(Queens, Program1OnOnePeMakesTable3sReductionCount) {
  // Table 3: 38,882 reductions, built-in calls not counted. The appendix program makes 38,879
  // (go/t, queen, and every queen_n, c1_n, queen_1, c1 and append call); the three the paper
  // has more are within 0.1 %, for which goals outside the listing (write_results' caller,
  // the measurement's wrapper) allow.
  for (int depth = 1; depth <= 5; ++depth) {
    const Outcome o = run(QueensProgram::program1, 8, 1, depth);
    EXPECT_NEAR(o.reductions, 38882, 0.001 * 38882) << "depth " << depth;
    EXPECT_EQ(o.throws, 0);
  }
}

TEST(Queens, Program2OnOnePeMakesTable3sReductionCount) {
  // Table 3: 38,909. Program 2's count depends a little on K (send_queen walks the lumps).
  for (const int k : {1, 2, 4, 8}) {
    EXPECT_NEAR(run(QueensProgram::program2, 8, 1, k).reductions, 38909, 0.001 * 38909)
        << "K " << k;
  }
}

TEST(Queens, Program2CallsMoreArithmeticBuiltIns) {
  // Sec. 7.3: Program 2 has more calls of arithmetic built-in predicates; its c1_1 computes
  // P + D and P - D with := where Program 1's c1 compares them in the guard.
  const Outcome p1 = run(QueensProgram::program1, 8, 1, 2);
  const Outcome p2 = run(QueensProgram::program2, 8, 1, 4);
  const double per1 = static_cast<double>(p1.builtins) / p1.reductions;
  const double per2 = static_cast<double>(p2.builtins) / p2.reductions;
  EXPECT_GT(per2, 3 * per1);
}

TEST(Queens, Program1ThrowsEveryNodeDownToTheDepth) {
  // Depth 1 throws the 8 first-row candidates (7 siblings and the closing goal); deeper levels
  // throw every candidate of every node that survived the checks above them.
  EXPECT_EQ(run(QueensProgram::program1, 8, 6, 1).throws, 8);
  EXPECT_EQ(run(QueensProgram::program1, 8, 6, 2).throws, 8 + 56);
  // Reductions do not depend on how the work is spread.
  EXPECT_EQ(run(QueensProgram::program1, 8, 6, 3).reductions,
            run(QueensProgram::program1, 8, 1, 3).reductions);
}

TEST(Queens, Program2CutsTheLeavesIntoPesTimesKLumps) {
  // More lumps, more throws; one PE throws nothing.
  EXPECT_EQ(run(QueensProgram::program2, 8, 1, 8).throws, 0);
  EXPECT_LT(run(QueensProgram::program2, 8, 6, 1).throws,
            run(QueensProgram::program2, 8, 6, 8).throws);
}

TEST(Queens, RejectsSizesOutsideTheRange) {
  EXPECT_THROW(make_queens(QueensProgram::program1, 3, 1, 1), std::invalid_argument);
  EXPECT_THROW(make_queens(QueensProgram::program2, 11, 1, 1), std::invalid_argument);
  EXPECT_THROW(make_queens(QueensProgram::program1, 8, 1, 0), std::invalid_argument);
}

}  // namespace
}  // namespace archex::fghc
