#include "machines/multipsi/experiments/perf.h"

#include <gtest/gtest.h>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

// The inputs in these tests are K. Taki's, ICOT TR-370 (1988), seed 000_0f3911029c21e5c0.txt:
// Table 1's exchange (sec. 4.1), the V2's factors (sec. 4.2), the formulas of sec. 7.8 and 8. What
// the paper measured (Table 2, 38.32 ms) is a target of the presets, not of these tests.

Result run(const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, "multipsi_perf", overrides, 1).run();
}

const ParamValues kV2Factors = {{"reduction_speedup", 100},
                                {"hardware_speedup", 5},
                                {"firmware_speedup", 1},
                                {"software_speedup", 100}};

// The exchange's four parts as given (Table 1: 2.25, 0.07, 0.22 and 36.07 ms): its total is their
// sum, and its ratio that sum over one reduction.
TEST(MultiPsiPerf, TheExchangeIsTheSumOfItsParts) {
  const Result r = run({});
  EXPECT_DOUBLE_EQ(r.scalar("base_total_ms"), 2.25 + 0.07 + 0.22 + 36.07);
  EXPECT_DOUBLE_EQ(r.scalar("base_total_ratio"), (2.25 + 0.07 + 0.22 + 36.07) / 2.25);
  EXPECT_DOUBLE_EQ(r.scalar("base_cpu_comm_ratio"), (0.22 + 36.07) / 2.25);
}

TEST(MultiPsiPerf, EachWhatIfFactorDividesItsOwnPart) {
  const Result r = run(kV2Factors);
  EXPECT_DOUBLE_EQ(r.scalar("whatif_reduction_ms"), 2.25 / 100);
  EXPECT_DOUBLE_EQ(r.scalar("whatif_hardware_ms"), 0.07 / 5);
  EXPECT_DOUBLE_EQ(r.scalar("whatif_firmware_ms"), 0.22 / 1);
  EXPECT_DOUBLE_EQ(r.scalar("whatif_software_ms"), 36.07 / 100);
  EXPECT_NEAR(r.scalar("whatif_total_ms"), 2.25 / 100 + 0.07 / 5 + 0.22 + 36.07 / 100, 1e-12);
  // The measured machine is untouched by the what-if factors.
  EXPECT_EQ(r.scalar("base_total_ms"), run({}).scalar("base_total_ms"));
}

// Communication's cost per reduction scales by the what-if's CPU share over the measured one, and
// the allowed message rate by its inverse.
TEST(MultiPsiPerf, CommunicationCostPerReductionScalesTheAllowedRateInversely) {
  const Result r = run(kV2Factors);
  const double scale = ((0.22 + 0.3607) / 0.0225) / ((0.22 + 36.07) / 2.25);
  EXPECT_NEAR(r.scalar("comm_cost_scale"), scale, 1e-9);
  EXPECT_NEAR(r.scalar("max_comm_rate_ratio"), 1 / scale, 1e-9);
  // No factor: nothing scales.
  EXPECT_DOUBLE_EQ(run({}).scalar("comm_cost_scale"), 1);
}

TEST(MultiPsiPerf, Section8BoundIsOneOver7Point7ForHalfPerformance) {
  const Result r = run({{"rel_comm_time", 7.7}, {"perf_fraction", 0.5}});
  EXPECT_NEAR(r.scalar("max_comm_rate"), 1.0 / 7.7, 1e-12);
  EXPECT_NEAR(r.scalar("min_reductions_per_message"), 7.7, 1e-12);
  // At the bound the communication-only performance is exactly the floor.
  const Result at_bound = run({{"comm_rate", 1.0 / 7.7}, {"rel_comm_time", 7.7}, {"work_rate", 1.0}});
  EXPECT_NEAR(at_bound.scalar("relative_performance"), 0.5, 1e-12);
}

TEST(MultiPsiPerf, FloorPerformanceIsReachedAtTheAllowedOverhead) {
  const Result r = run({{"work_rate", 0.8}, {"perf_fraction", 0.4}});
  EXPECT_NEAR(r.scalar("floor_performance"), 0.32, 1e-12);
  const double x = r.scalar("allowed_overhead");
  EXPECT_NEAR(0.8 / (1.0 + x), r.scalar("floor_performance"), 1e-12);
}

TEST(MultiPsiPerf, Section78FormulaForProgram2OnSixPes) {
  // Sec. 7.8: perf (K RPS) = (0.37 x 6) x work rate / (1 + 7.7 x comm rate).
  const Result r = run({{"pes", 6},
                        {"pe_rps", 370},
                        {"rel_comm_time", 7.7},
                        {"work_rate", 0.8},
                        {"comm_rate", 0.02}});
  EXPECT_NEAR(r.scalar("system_rps"), 370.0 * 6 * 0.8 / (1 + 7.7 * 0.02), 1e-9);
  EXPECT_NEAR(r.scalar("overhead"), 7.7 * 0.02, 1e-12);
}

TEST(MultiPsiPerf, WhatIfPeRunsFasterByTheReductionSpeedUp) {
  const Result r = run({{"pes", 64}, {"pe_rps", 370}, {"reduction_speedup", 100}});
  EXPECT_DOUBLE_EQ(r.scalar("pe_rps"), 37000);
  EXPECT_DOUBLE_EQ(r.scalar("ideal_rps"), 64 * 37000);
}

TEST(MultiPsiPerf, CurveIsFig6HalvingAtOverheadOne) {
  const Result r = run({{"curve_points", 5}, {"curve_overhead_max", 4}, {"work_rate", 1}});
  const Series& s = r.find_series("perf_vs_overhead");
  ASSERT_EQ(s.x.size(), 5u);
  EXPECT_EQ(s.x, (std::vector<double>{0, 1, 2, 3, 4}));
  EXPECT_DOUBLE_EQ(s.y[0], 1.0);
  EXPECT_DOUBLE_EQ(s.y[1], 0.5);
  EXPECT_DOUBLE_EQ(s.y[4], 0.2);
}

TEST(MultiPsiPerf, EachComparisonWorkRateDrawsItsOwnFig6Curve) {
  const Result r = run({{"curve_points", 5},
                        {"curve_overhead_max", 4},
                        {"curve_work_rates", std::vector<double>{0.8, 0.25}}});
  const Series& main = r.find_series("perf_vs_overhead");
  const Series& w0 = r.find_series("perf_vs_overhead_w0");
  const Series& w1 = r.find_series("perf_vs_overhead_w1");
  EXPECT_EQ(r.series.size(), 3u);
  EXPECT_EQ(w0.label, "W = 0.8");
  EXPECT_EQ(w1.label, "W = 0.25");
  EXPECT_EQ(w0.x, main.x);
  EXPECT_EQ(w1.x, main.x);
  EXPECT_EQ(w0.x_name, main.x_name);
  EXPECT_EQ(w0.y_unit, "fraction");
  for (std::size_t i = 0; i < main.x.size(); ++i) {
    EXPECT_DOUBLE_EQ(w0.y[i], 0.8 / (1 + main.x[i]));
    EXPECT_DOUBLE_EQ(w1.y[i], 0.25 / (1 + main.x[i]));
  }
}

TEST(MultiPsiPerf, DefaultComparisonWorkRatesAreBelowTheCurrentOne) {
  // The current curve is drawn at the work rate (1 by default); the comparison ones below it.
  const Result r = run({{"work_rate", 1}});
  EXPECT_EQ(r.find_series("perf_vs_overhead").label, "current W = 1");
  EXPECT_EQ(r.find_series("perf_vs_overhead_w0").label, "W = 0.75");
  EXPECT_EQ(r.find_series("perf_vs_overhead_w1").label, "W = 0.5");
  EXPECT_EQ(r.find_series("perf_vs_overhead_w2").label, "W = 0.25");
  EXPECT_THROW(r.find_series("perf_vs_overhead_w3"), std::out_of_range);
  const Series& main = r.find_series("perf_vs_overhead");
  const Series& half = r.find_series("perf_vs_overhead_w1");
  for (std::size_t i = 0; i < main.y.size(); ++i) EXPECT_DOUBLE_EQ(half.y[i], 0.5 * main.y[i]);
}

TEST(MultiPsiPerf, ProgressCountsEveryCurveAndPartialCurvesGrowTogether) {
  const ModelRegistry registry = builtin_registry();
  // Seven curves of 10 points: 70 units of work.
  const ParamValues params = {
      {"curve_points", 10}, {"curve_work_rates", std::vector<double>{1, 0.9, 0.8, 0.7, 0.6, 0.5}}};
  Simulation sim(registry, "multipsi_perf", params, 1);
  EXPECT_FALSE(sim.advance(23));
  EXPECT_DOUBLE_EQ(sim.progress(), 23.0 / 70.0);
  const Result partial = sim.result();
  ASSERT_EQ(partial.series.size(), 7u);
  for (std::size_t c = 0; c < 7; ++c) {
    EXPECT_EQ(partial.series[c].x.size(), c < 2 ? 4u : 3u) << partial.series[c].name;
  }
  EXPECT_FALSE(sim.advance(46));
  EXPECT_TRUE(sim.advance(1));
  for (const Series& s : sim.result().series) EXPECT_EQ(s.y.size(), 10u) << s.name;
}

TEST(MultiPsiPerf, InvalidWorkRateListNamesTheItemAndRange) {
  const ModelRegistry registry = builtin_registry();
  try {
    Simulation(registry, "multipsi_perf", {{"curve_work_rates", std::vector<double>{1, 0.5, 1.5}}},
               1);
    FAIL() << "expected ParamError";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "curve_work_rates");
    EXPECT_STREQ(e.what(),
                 "parameter 'curve_work_rates' item 3 = 1.5 is out of range; valid range [0.01, 1] "
                 "fraction");
  }
  try {
    Simulation(registry, "multipsi_perf", {{"curve_work_rates", std::vector<double>(7, 0.5)}}, 1);
    FAIL() << "expected ParamError";
  } catch (const ParamError& e) {
    EXPECT_STREQ(e.what(), "parameter 'curve_work_rates' has 7 items; at most 6");
  }
}

TEST(MultiPsiPerf, InvalidParametersNameTheParameter) {
  const ModelRegistry registry = builtin_registry();
  try {
    Simulation(registry, "multipsi_perf", {{"work_rate", 1.5}}, 1);
    FAIL() << "expected ParamError";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "work_rate");
    EXPECT_STREQ(e.what(), "parameter 'work_rate' = 1.5 is out of range; valid range [0.01, 1] fraction");
  }
  EXPECT_THROW(Simulation(registry, "multipsi_perf", {{"software_speedup", 0}}, 1), ParamError);
}

}  // namespace
}  // namespace archex
