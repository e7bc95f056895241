#include "machines/transputer/experiments/transputer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const std::string& model, const ParamValues& overrides = {}) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

const Result& ping() {
  static const Result r = run("transputer_ping");
  return r;
}

// A paper value, the simulated one and the tolerance (relative), and whether it is a known miss:
// a known miss fails the test once it passes, so its note cannot go stale.
void check(const char* what, double paper, double simulated, double rel, bool known_miss = false) {
  const bool within = std::fabs(simulated - paper) <= rel * std::fabs(paper);
  EXPECT_EQ(within, !known_miss) << what << ": paper " << paper << ", simulated " << simulated
                                 << ", tolerance " << rel * 100 << " %"
                                 << (known_miss ? " (known miss now passes)" : "");
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
                      // The ASSUMED fp timings of the i486 and R4000 make their loops slower than
                      // measured: known misses.
                      {"i486", 5630, 3.9, 5480, 13.1, true, false},
                      {"r4000", 1056, 21.3, 1734, 42.0, true, true}};
  for (const Row& row : rows) {
    const std::string k = row.key;
    check(("Table 1 time " + k).c_str(), row.fp_ms, r.scalar("fp_time_ms_" + k), 0.1, row.fp_miss);
    check(("Table 1 Mflops " + k).c_str(), row.mflops, r.scalar("mflops_" + k), 0.1, row.fp_miss);
    // CALIBRATED: each processor's cycles per integer instruction on its Table 2 time.
    check(("Table 2 time " + k).c_str(), row.int_ms, r.scalar("int_time_ms_" + k), 0.01);
    // Table 2's Mips imply 2.24 M iterations, 10 % more than Table 1's; the image gives one count.
    check(("Table 2 Mips " + k).c_str(), row.mips, r.scalar("mips_" + k), 0.1, row.int_mips_miss);
  }
}

// ---- Fig. 8 ------------------------------------------------------------------------------------

TEST(TransputerFarm, T9000AboutFourPointFourTimesTheT805) {
  const Result r = run("transputer_farm", {{"workers", std::vector<double>{1, 4, 16, 32}}});
  check("farm T805 / T9000", 4.4, r.scalar("farm_ratio_t8_t9"), 0.1);
  // More workers, less time; one worker is about the sequential time.
  const Series& t9 = r.find_series("farm_time_ms_t9000");
  for (std::size_t i = 1; i < t9.y.size(); ++i) EXPECT_LT(t9.y[i], t9.y[i - 1]);
  EXPECT_NEAR(t9.y.front() / r.scalar("sequential_ms_t9000"), 1, 0.02);
  EXPECT_GT(r.scalar("farm_speedup_t9000_last"), 20);
  const Series& rates = r.find_series("work_rates_t805");
  ASSERT_EQ(rates.y.size(), 32u);
  for (const double w : rates.y) EXPECT_GT(w, 0.5);
}

TEST(TransputerFarm, PointsRunApartGiveTheSameBits) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues v = {{"workers", std::vector<double>{1, 3, 5}}, {"image_height", 64}};
  const Result whole = Simulation(registry, "transputer_farm", v, 2).run();
  std::vector<PointResult> parts;
  for (std::size_t i = 3; i-- > 0;) {
    parts.push_back({i, Simulation(registry, "transputer_farm", v, 2, i).run()});
  }
  const Result combined = Simulation(registry, "transputer_farm", v, 2).combine(parts);
  EXPECT_EQ(combined.find_series("farm_time_ms_t805").y, whole.find_series("farm_time_ms_t805").y);
  EXPECT_EQ(combined.find_series("work_rates_t9000").y, whole.find_series("work_rates_t9000").y);
}

TEST(TransputerFarm, RejectsTooManyWorkers) {
  try {
    run("transputer_farm", {{"workers", std::vector<double>{65}}});
    FAIL() << "65 workers accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "workers");
  }
}

}  // namespace
}  // namespace archex
