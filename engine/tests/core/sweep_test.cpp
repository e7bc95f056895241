#include "core/sweep.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

void expect_same_bits(const Result& a, const Result& b) {
  ASSERT_EQ(a.scalars.size(), b.scalars.size());
  for (std::size_t i = 0; i < a.scalars.size(); ++i) {
    EXPECT_EQ(a.scalars[i].name, b.scalars[i].name);
    EXPECT_EQ(a.scalars[i].value, b.scalars[i].value) << a.scalars[i].name;
  }
  ASSERT_EQ(a.series.size(), b.series.size());
  for (std::size_t i = 0; i < a.series.size(); ++i) {
    EXPECT_EQ(a.series[i].name, b.series[i].name);
    EXPECT_EQ(a.series[i].x, b.series[i].x) << a.series[i].name;
    EXPECT_EQ(a.series[i].y, b.series[i].y) << a.series[i].name;
    EXPECT_EQ(a.series[i].labels, b.series[i].labels) << a.series[i].name;
  }
}

struct SweepCase {
  const char* name;
  const char* model;
  ParamValues params;
};

class SweepModels : public testing::TestWithParam<SweepCase> {};

TEST_P(SweepModels, PointsRunApartAndCombinedInAnyOrderGiveTheWholeRunsBits) {
  const ModelRegistry registry = builtin_registry();
  const SweepCase& c = GetParam();
  const Simulation whole(registry, c.model, c.params, 7);
  const std::size_t n = whole.point_weights().size();
  ASSERT_GT(n, 2u);
  std::vector<PointResult> partials;
  // Last point first, as a pool of workers may deliver them.
  for (std::size_t i = n; i-- > 0;) {
    Simulation point(registry, c.model, c.params, 7, i);
    partials.push_back({i, point.run()});
  }
  Simulation sequential(registry, c.model, c.params, 7);
  const Result expected = sequential.run();
  expect_same_bits(whole.combine(partials), expected);
  // A repeated point (a worker's answer arriving twice) changes nothing.
  partials.push_back(partials.front());
  expect_same_bits(whole.combine(partials), expected);
}

TEST_P(SweepModels, ASubsetOfPointsCombinesToAPartialResult) {
  const ModelRegistry registry = builtin_registry();
  const SweepCase& c = GetParam();
  const Simulation whole(registry, c.model, c.params, 7);
  Simulation first(registry, c.model, c.params, 7, 0);
  const Result some = whole.combine({{0, first.run()}});
  std::size_t points = 0;
  for (const Series& s : some.series) points += s.x.size();
  EXPECT_GT(points, 0u);
}

INSTANTIATE_TEST_SUITE_P(
    Builtin, SweepModels,
    testing::Values(SweepCase{"jmachine_loop",
                              "jmachine_loop",
                              {{"dims", std::vector<double>{4, 4}},
                               {"message_words", std::vector<double>{2, 8}},
                               {"grain_cycles", std::vector<double>{0, 20, 20, 100, 400}}}},
                    // Two programs on three sizes, TSP twice each: records keyed by the plan.
                    SweepCase{"jmachine_programs",
                              "jmachine_programs",
                              {{"programs", std::vector<double>{3, 4}},
                               {"nodes", std::vector<double>{1, 2, 4}},
                               {"breakdown_nodes", 2},
                               {"tsp_runs", 2},
                               {"queens_n", 6},
                               {"tsp_cities", 6}}},
                    SweepCase{"multipsi_queens",
                              "multipsi_queens",
                              {{"pes", 4}, {"depths", std::vector<double>{1, 3}}}},
                    // Loads below and past saturation, so a point that stops early is one too.
                    SweepCase{"network_traffic_mesh",
                              "network_traffic",
                              {{"dims", std::vector<double>{4, 4}},
                               {"sweep_rates", std::vector<double>{0.05, 0.3, 0.9}},
                               {"warmup_cycles", 200},
                               {"max_cycles", 2000}}},
                    SweepCase{"network_traffic_crossbar_circuits",
                              "network_traffic",
                              {{"topology", 3},
                               {"crossbar_ports", 4},
                               {"switching", 1},
                               {"sweep_rates", std::vector<double>{0.1, 0.5}},
                               {"warmup_cycles", 200},
                               {"max_cycles", 2000}}},
                    SweepCase{"pie64_congestion",
                              "pie64_congestion",
                              {{"command", 2},
                               {"ius", 16},
                               {"lengths", std::vector<double>{4, 64}},
                               {"ps", std::vector<double>{1e-3, 0.3}},
                               {"messages", 4},
                               {"compare_length", 4}}}),
    [](const testing::TestParamInfo<SweepCase>& info) { return std::string(info.param.name); });

TEST(Sweep, APointOutsideTheSweepNamesTheValidRange) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues params = {{"pes", 2}, {"depths", std::vector<double>{1}}};
  // Depth 1 and the selected depth 2, on 1 and 2 PEs.
  try {
    Simulation(registry, "multipsi_queens", params, 1, 4);
    FAIL() << "no error";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "point");
    EXPECT_NE(std::string(e.what()).find("[0, 3]"), std::string::npos) << e.what();
  }
}

TEST(Sweep, AModelThatIsNoSweepHasNoPoints) {
  const ModelRegistry registry = builtin_registry();
  const Simulation sim(registry, "multipsi_perf", {}, 1);
  EXPECT_TRUE(sim.point_weights().empty());
  EXPECT_TRUE(sim.point_keys().empty());
  EXPECT_THROW(sim.combine({}), std::logic_error);
  EXPECT_THROW(Simulation(registry, "multipsi_perf", {}, 1, 0), ParamError);
}

TEST(Sweep, PointsWithoutKeysAreKnownByIndexAlone) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues params = {{"pes", 2}, {"depths", std::vector<double>{2}}};
  const Simulation sim(registry, "multipsi_queens", params, 1);
  EXPECT_EQ(sim.point_weights().size(), 2u);
  EXPECT_TRUE(sim.point_keys().empty());
}

TEST(Sweep, APointsStreamDependsOnlyOnSeedAndIndex) {
  EXPECT_EQ(point_rng(5, 3).next_u64(), point_rng(5, 3).next_u64());
  EXPECT_NE(point_rng(5, 3).next_u64(), point_rng(5, 4).next_u64());
  EXPECT_NE(point_rng(5, 3).next_u64(), point_rng(6, 3).next_u64());
}

TEST(Sweep, ProgressWeighsPointsByTheirWork) {
  const ModelRegistry registry = builtin_registry();
  // Queens runs weigh 1 + PEs: on 1 and 2 PEs, the first run is 2 of 5.
  Simulation sim(registry, "multipsi_queens", {{"pes", 2}, {"depths", std::vector<double>{2}}},
                 1);
  EXPECT_EQ(sim.point_weights(), (std::vector<double>{2, 3}));
  while (sim.progress() == 0) ASSERT_FALSE(sim.advance(64));
  EXPECT_DOUBLE_EQ(sim.progress(), 0.4);
}

}  // namespace
}  // namespace archex
