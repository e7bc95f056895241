#include "machines/transputer/experiments/farm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "machines/transputer/experiments/run.h"

namespace archex {
namespace {

using transputer_test::run;

// ---- Fig. 8 ------------------------------------------------------------------------------------

// The farm's ratio is the mean of its time ratios over the worker counts; both farms speed up
// alike, so it stays near the processors' own (sequential) ratio.
TEST(TransputerFarm, TheFarmKeepsTheProcessorsRatio) {
  const Result r = run("transputer_farm", {{"workers", std::vector<double>{1, 4, 16, 32}}});
  const Series& ratio = r.find_series("farm_ratio_t8_t9");
  double sum = 0;
  for (const double y : ratio.y) sum += y;
  EXPECT_DOUBLE_EQ(r.scalar("farm_ratio_t8_t9"), sum / static_cast<double>(ratio.y.size()));
  EXPECT_NEAR(r.scalar("farm_ratio_t8_t9"), r.scalar("sequential_ratio_t8_t9"),
              0.1 * r.scalar("sequential_ratio_t8_t9"));
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

// A point's result is its record alone (the combine knows its worker counts from the plan): the
// image's iterations, then per machine a time per count and a work rate per worker. A record of
// other counts is refused, naming the point.
TEST(TransputerFarm, APointGivesItsRecordAndTheCombineRefusesAnotherPointsOne) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues v = {{"workers", std::vector<double>{1, 3, 5}}, {"image_height", 16}};
  const Result one = Simulation(registry, "transputer_farm", v, 2, 0).run();
  const Result three = Simulation(registry, "transputer_farm", v, 2, 1).run();
  EXPECT_TRUE(three.scalars.empty());
  EXPECT_TRUE(three.series.empty());
  EXPECT_EQ(three.record.size(), 1u + 2 * (1 + 1) + 2 * (1 + 3));
  const Simulation whole(registry, "transputer_farm", v, 2);
  EXPECT_EQ(whole.combine({{1, three}}).find_series("work_rates_t805").y.size(), 3u);
  try {
    whole.combine({{0, one}, {1, one}});
    FAIL() << "point 0's record taken for point 1's";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("partial 1"), std::string::npos) << e.what();
  }
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
