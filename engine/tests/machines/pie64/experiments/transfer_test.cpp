#include "machines/pie64/experiments/transfer.h"

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

TEST(Pie64Transfer, LoopMethodRecoversTsTeAndTb) {
  const Result r = run("pie64_transfer", {{"commands", std::vector<double>{0}}});
  EXPECT_NEAR(r.scalar("ts_te_fit_clocks"), 38.9, 0.5);
  EXPECT_NEAR(r.scalar("tb_fit_clocks_per_word"), 1.0, 1e-3);
}

}  // namespace
}  // namespace archex
