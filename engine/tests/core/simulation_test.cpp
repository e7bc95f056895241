#include "core/simulation.h"

#include <gtest/gtest.h>

#include "models/builtin_models.h"

namespace archex {
namespace {

TEST(Simulation, AdvanceInSlicesReportsProgressAndMatchesOneShotRun) {
  const ModelRegistry registry = builtin_registry();
  // Two curves of 100 points: 200 units of work.
  const ParamValues params = {{"curve_points", 100},
                              {"curve_work_rates", std::vector<double>{0.5}}};
  Simulation sliced(registry, "multipsi_perf", params, 1);
  EXPECT_EQ(sliced.progress(), 0.0);
  EXPECT_FALSE(sliced.advance(30));
  EXPECT_DOUBLE_EQ(sliced.progress(), 0.15);
  while (!sliced.advance(30)) {
  }
  EXPECT_TRUE(sliced.done());
  EXPECT_EQ(sliced.progress(), 1.0);

  Simulation whole(registry, "multipsi_perf", params, 1);
  const Result a = sliced.result();
  const Result b = whole.run();
  ASSERT_EQ(a.series.size(), b.series.size());
  for (std::size_t i = 0; i < a.series.size(); ++i) {
    EXPECT_EQ(a.series[i].x, b.series[i].x) << a.series[i].name;
    EXPECT_EQ(a.series[i].y, b.series[i].y) << a.series[i].name;
  }
  ASSERT_EQ(a.scalars.size(), b.scalars.size());
  for (std::size_t i = 0; i < a.scalars.size(); ++i) {
    EXPECT_EQ(a.scalars[i].value, b.scalars[i].value) << a.scalars[i].name;
  }
}

TEST(Simulation, KeepsResolvedParametersAndSeed) {
  const ModelRegistry registry = builtin_registry();
  Simulation sim(registry, "multipsi_perf", {{"pes", 8}}, 99);
  EXPECT_EQ(sim.params().number("pes"), 8);
  EXPECT_EQ(sim.params().number("pe_rps"), 1000);
  EXPECT_EQ(sim.params().list("curve_work_rates"), (std::vector<double>{0.75, 0.5, 0.25}));
  EXPECT_EQ(sim.seed(), 99u);
  EXPECT_EQ(sim.model_name(), "multipsi_perf");
}

TEST(Simulation, BadParameterThrowsParamError) {
  const ModelRegistry registry = builtin_registry();
  EXPECT_THROW(Simulation(registry, "multipsi_perf", {{"pes", 0}}, 1), ParamError);
  EXPECT_THROW(Simulation(registry, "multipsi_perf", {{"curve_work_rates", 0.5}}, 1), ParamError);
  EXPECT_THROW(Simulation(registry, "nope", {}, 1), std::invalid_argument);
}

}  // namespace
}  // namespace archex
