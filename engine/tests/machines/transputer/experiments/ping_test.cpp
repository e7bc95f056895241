#include "machines/transputer/experiments/ping.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/transputer/experiments/paper_check.h"

namespace archex {
namespace {

using transputer_test::check;
using transputer_test::run;

const Result& ping() {
  static const Result r = run("transputer_ping");
  return r;
}


// ---- Sec. 4.1, Figs. 2-7 -------------------------------------------------------------------------

TEST(TransputerPing, T9000RoundTripStepsJustAfterOnePacket) {
  // The 33rd byte needs a second packet and its acknowledge: a step far above a byte's cost.
  EXPECT_GT(ping().scalar("t9_raw_step_ratio"), 5);
  EXPECT_GT(ping().scalar("t9_raw_step_us"), 1);
}

TEST(TransputerPing, T9000RawUpToTenTimesFasterThanT805Vcr) {
  // CALIBRATED (vcr_message_instr) on this target; 5 % for the calibration's rounding.
  check("T8 VCR / T9 raw, largest over sizes", 10, ping().scalar("ratio_t8_t9_raw_vcr_max"), 0.05);
  // ...and the largest ratio is at the small sizes.
  const Series& ratio = ping().find_series("ratio_t8_t9_raw_vcr");
  EXPECT_GT(ratio.y.front(), 2 * ratio.y.back());
}

TEST(TransputerPing, P4RatioRunsFromAbout68DownToAbout45) {
  // Validated: p4's cost is calibrated on the C104 crossover, the VCR's on the 10x, the VCP's
  // acknowledge on the 4.5 at the largest size; the small-size 6.8 is an outcome. 10 %: the
  // paper reads the ratios off a lost figure.
  check("p4 ratio, smallest size", 6.8, ping().scalar("ratio_t8_t9_p4_first"), 0.1);
  check("p4 ratio, largest size (calibration target)", 4.5,
        ping().scalar("ratio_t8_t9_p4_last"), 0.02);
  // Nowhere far outside the paper's range.
  EXPECT_LT(ping().scalar("ratio_t8_t9_p4_max"), 6.8 * 1.1);
  EXPECT_GT(ping().scalar("ratio_t8_t9_p4_min"), 4.5 * 0.9);
}

TEST(TransputerPing, Throughputs) {
  // The DS-link's theoretical figure of May et al. out of the token accounting.
  check("T9000 link limit", 9.55, ping().scalar("t9_link_limit_mb_s"), 0.001);
  // T9000 p4 nearly reaches raw for large messages, both below the limit.
  EXPECT_GT(ping().scalar("t9_p4_over_raw_last"), 0.95);
  EXPECT_LT(ping().scalar("t9_raw_throughput_last"), 9.55);
  // T805 raw approaches 1.7 MB/s (5 %: read off a figure).
  check("T805 raw throughput, largest size", 1.7, ping().scalar("t8_raw_throughput_last"), 0.05);
  // T805 p4 is limited by the VCR, which is below raw.
  EXPECT_LT(ping().scalar("t8_vcr_over_raw_last"), 0.95);
  EXPECT_GT(ping().scalar("t8_p4_over_vcr_last"), 0.9);
  EXPECT_LE(ping().scalar("t8_p4_over_vcr_last"), 1.0);
}

TEST(TransputerPing, C104LoopCostsMoreThanP4AboveAbout600Bytes) {
  EXPECT_GT(ping().scalar("c104_overhead_min_us"), 0);
  const Series& direct = ping().find_series("throughput_mb_s_t9_raw");
  const Series& loop = ping().find_series("throughput_mb_s_t9_raw_c104");
  for (std::size_t i = 0; i < direct.y.size(); ++i) EXPECT_LT(loop.y[i], direct.y[i]);
  // CALIBRATED (p4_message_instr) on the 600 bytes.
  check("C104 overhead exceeds p4's above", 600, ping().scalar("c104_p4_crossover_bytes"), 0.02);
  // Validated: for 500-1000 bytes p4's overhead is about one C104 hop's (20 %: "similar").
  check("C104 / p4 overhead, 500-1000 bytes", 1, ping().scalar("c104_over_p4_500_1000"), 0.2);
}

TEST(TransputerPing, PointsRunApartGiveTheSameBits) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues sizes = {{"sizes", std::vector<double>{8, 33, 700}}};
  const Result whole = Simulation(registry, "transputer_ping", sizes, 3).run();
  std::vector<PointResult> parts;
  for (std::size_t i = 3; i-- > 0;) {
    parts.push_back({i, Simulation(registry, "transputer_ping", sizes, 3, i).run()});
  }
  const Result combined = Simulation(registry, "transputer_ping", sizes, 3).combine(parts);
  EXPECT_EQ(combined.find_series("rtt_us_t8_p4").y, whole.find_series("rtt_us_t8_p4").y);
}

}  // namespace
}  // namespace archex
