#include "machines/transputer/experiments/sequential.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/transputer/experiments/paper_check.h"

namespace archex {
namespace {

using transputer_test::check;
using transputer_test::run;

// ---- Tables 1 and 2 ----------------------------------------------------------------------------

struct Row {
  const char* key;
  double fp_ms, mflops, int_ms, mips;
  // Known misses, with the reason in the preset's reference.
  bool fp_miss, int_mips_miss;
};

TEST(TransputerSequential, TablesOneAndTwoWithinTenPercent) {
  const Result r = run("transputer_sequential");
  // Table 1's rows imply 2.00-2.05 M iterations (Mflops x time / 11); the image gives:
  check("iterations", 2.03e6, r.scalar("iterations_fp"), 0.02);
  const Row rows[] = {{"t805", 25621, 0.86, 31613, 4.6, false, false},
                      {"t9000", 5880, 3.8, 5587, 20.9, false, false},
                      {"t9000_50", 2352, 9.4, 2234, 52.1, false, false},
                      {"i486", 5630, 3.9, 5480, 13.1, false, false},
                      // The R4000's Mips: a known miss (the iteration count).
                      {"r4000", 1056, 21.3, 1734, 42.0, false, true}};
  for (const Row& row : rows) {
    const std::string k = row.key;
    check(("Table 1 time " + k).c_str(), row.fp_ms, r.scalar("fp_time_ms_" + k), 0.1, row.fp_miss);
    check(("Table 1 Mflops " + k).c_str(), row.mflops, r.scalar("mflops_" + k), 0.1, row.fp_miss);
    // CALIBRATED on each Table 2 time: the transputers' cycles per integer instruction, the
    // i486's and R4000's integer multiply.
    check(("Table 2 time " + k).c_str(), row.int_ms, r.scalar("int_time_ms_" + k), 0.01);
    // Table 2's Mips imply 2.24 M iterations, 10 % more than Table 1's; the image gives one count.
    check(("Table 2 Mips " + k).c_str(), row.mips, r.scalar("mips_" + k), 0.1, row.int_mips_miss);
  }
}

// The multiply is a class of its own: the integer version's time moves with it, the floating-point
// version's (no multiply among its integer instructions) does not.
TEST(TransputerSequential, OnlyTheIntegerVersionPaysForTheMultiply) {
  for (const std::string k : {"i486", "r4000"}) {
    const Result base = run("transputer_sequential", {{k + "_mul_cycles", 20}});
    const Result slower = run("transputer_sequential", {{k + "_mul_cycles", 30}});
    EXPECT_EQ(slower.scalar("fp_time_ms_" + k), base.scalar("fp_time_ms_" + k)) << k;
    // 3 multiplies an iteration, 10 cycles more each, at the clock (MHz: cycles per us).
    const double clock = k == "i486" ? 66 : 100;
    EXPECT_NEAR(slower.scalar("int_time_ms_" + k) - base.scalar("int_time_ms_" + k),
                base.scalar("iterations_int") * 3 * 10 / clock / 1e3, 1e-6)
        << k;
  }
}

// The floating-point loop's integer instructions cost their own classes' cycles (loads, stores,
// loop control): less than the integer version's mean instruction, which carries the multiply.
TEST(TransputerSequential, FloatingPointLoopsIntegerInstructionsCostLessThanTheMean) {
  for (const std::string k : {"i486", "r4000"}) {
    const double clock = k == "i486" ? 66 : 100;
    const double fp_int = k == "i486" ? 18 : 8;
    // 6 multiplies, 4 adds and a compare at 4 cycles each: 44 cycles of fp instructions.
    const ParamValues fp4 = {{k + "_fmul_cycles", 4}, {k + "_fadd_cycles", 4},
                             {k + "_fcmp_cycles", 4}};
    const Result r = run("transputer_sequential", fp4);
    const double int_mean =
        r.scalar("int_time_ms_" + k) * 1e3 * clock / (r.scalar("iterations_int") * 32);
    const double fp_iteration =
        r.scalar("fp_time_ms_" + k) * 1e3 * clock / r.scalar("iterations_fp");
    EXPECT_LT((fp_iteration - 44) / fp_int, int_mean) << k;
  }
}

TEST(TransputerSequential, MixBeyondItsTotalIsRejected) {
  EXPECT_THROW(run("transputer_sequential", {{"i486_fp_loop_fload", 20}}), ParamError);
  EXPECT_THROW(run("transputer_sequential", {{"r4000_int_loop_mul", 40}}), ParamError);
  EXPECT_THROW(run("transputer_sequential", {{"r4000_fp_loop_fmul", 12}}), ParamError);
}

}  // namespace
}  // namespace archex
