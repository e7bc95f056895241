#include "machines/transputer/experiments/sequential.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/transputer/experiments/run.h"

namespace archex {
namespace {

using transputer_test::run;

// ---- Tables 1 and 2 ----------------------------------------------------------------------------

// A 2 x 2 image, counted by hand: c = -2 - 1.25i escapes after 1 iteration, -0.75 - 1.25i after 3
// (|z|^2 = 2.125, 3.45, then 15.5), and -2 and -0.75 on the real axis never escape (10, the limit):
// 24 in both versions (every value here is exact in 12 fraction bits).
const ParamValues kTinyImage = {{"image_width", 2}, {"image_height", 2}, {"max_iterations", 10}};

// The tiny image with `more` set besides.
ParamValues tiny(const ParamValues& more) {
  ParamValues p = kTinyImage;
  for (const auto& [name, value] : more) p.set(name, value);
  return p;
}

TEST(TransputerSequential, IterationsAreEachPixelsEscapeTime) {
  const Result r = run("transputer_sequential", kTinyImage);
  EXPECT_EQ(r.scalar("iterations_fp"), 24);
  EXPECT_EQ(r.scalar("iterations_int"), 24);
}

// A row's time is the iterations times the cycles of one iteration at the processor's clock: the
// T805's fp loop is 39 integer instructions at 6 cycles and 11 fp ones at 7; its integer loop 65
// instructions; the i486's fp loop, by class, 7 ALU + 6 loads x 3 + 3 stores x 8 + a status x 3
// + a branch x 3 + 6 multiplies x 16 + 4 adds x 10 + a compare x 4 = 195 cycles, its integer
// loop 25 ALU + 3 multiplies x 48 + 3 shifts x 2 + a branch x 3 = 178 cycles.
TEST(TransputerSequential, TimeIsIterationsTimesTheLoopsCyclesAtTheClock) {
  const Result r = run("transputer_sequential", tiny({{"t805_clock_mhz", 25},
                                                      {"t805_int_cycles", 6},
                                                      {"t805_fp_cycles", 7},
                                                      {"t805_fp_loop_int", 39},
                                                      {"t805_fp_loop_fp", 11},
                                                      {"t805_int_loop", 65},
                                                      {"i486_clock_mhz", 66},
                                                      {"i486_mul_cycles", 48}}));
  const auto ms = [](double cycles, double mhz) { return 24 * cycles / mhz / 1e3; };
  EXPECT_DOUBLE_EQ(r.scalar("fp_time_ms_t805"), ms(39 * 6 + 11 * 7, 25));
  EXPECT_DOUBLE_EQ(r.scalar("int_time_ms_t805"), ms(65 * 6, 25));
  EXPECT_DOUBLE_EQ(r.scalar("fp_time_ms_i486"), ms(195, 66));
  EXPECT_DOUBLE_EQ(r.scalar("int_time_ms_i486"), ms(178, 66));
  // The projected T9000 runs the same cycles at its own clock.
  EXPECT_DOUBLE_EQ(r.scalar("fp_time_ms_t9000_50") * 50, r.scalar("fp_time_ms_t9000") * 20);
}

// Mflops and Mips are the loop's instructions over the time, for every processor.
TEST(TransputerSequential, RatesAreTheLoopsInstructionsOverTheTime) {
  const Result r = run("transputer_sequential", kTinyImage);
  for (const std::string k : {"t805", "t9000", "t9000_50", "i486", "r4000"}) {
    EXPECT_DOUBLE_EQ(r.scalar("mflops_" + k) * r.scalar("fp_time_ms_" + k) * 1e3, 24 * 11) << k;
    const double instr = k == "t805" ? 65 : k.rfind("t9000", 0) == 0 ? 52 : 32;
    EXPECT_NEAR(r.scalar("mips_" + k) * r.scalar("int_time_ms_" + k) * 1e3, 24 * instr, 1e-9)
        << k;
  }
}

// The multiply is a class of its own: the integer version's time moves with it, the floating-point
// version's (no multiply among its integer instructions) does not.
TEST(TransputerSequential, OnlyTheIntegerVersionPaysForTheMultiply) {
  for (const std::string k : {"i486", "r4000"}) {
    const Result base = run("transputer_sequential", tiny({{k + "_mul_cycles", 20}}));
    const Result slower = run("transputer_sequential", tiny({{k + "_mul_cycles", 30}}));
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
    const Result r = run("transputer_sequential", tiny(fp4));
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
