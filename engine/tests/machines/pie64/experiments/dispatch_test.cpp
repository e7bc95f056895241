#include "machines/pie64/experiments/dispatch.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

Result run(const std::string& model, const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

TEST(Pie64Dispatch, SpreadsGoalsMoreEvenlyThanRandomPlacement) {
  const Result r = run("pie64_dispatch", {{"ius", 16}, {"goals", std::vector<double>{64}}});
  EXPECT_LT(r.scalar("spread_ratio_64"), 0.5);
  EXPECT_GT(r.scalar("work_rate_gain_64"), 1.0);
  EXPECT_EQ(r.find_series("work_rates_64_dispatch").y.size(), 16u);
}

}  // namespace
}  // namespace archex
