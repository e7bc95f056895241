#include "core/simulation.h"

#include <gtest/gtest.h>

#include <memory>
#include <new>
#include <string>
#include <vector>

#include "core/sweep.h"
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

// A model whose second slice needs more memory than there is, as a big run's would.
class Greedy final : public Model {
 public:
  explicit Greedy(std::string hint) : hint_(std::move(hint)) {}
  bool advance(std::uint64_t) override {
    if (++slices_ > 1) throw std::bad_alloc();
    return false;
  }
  double progress() const override { return 0.5; }
  Result result() const override { return {}; }
  std::string out_of_memory_hint() const override { return hint_; }

 private:
  std::string hint_;
  int slices_ = 0;
};

ModelRegistry greedy_registry() {
  ModelRegistry registry;
  for (const std::string hint : {"", "1,000 queued things; queue fewer."}) {
    registry.add({hint.empty() ? "greedy" : "greedy_named", "Greedy", "", "", {},
                  [hint](const ParamValues&, Rng) { return std::make_unique<Greedy>(hint); },
                  std::nullopt});
  }
  SweepInfo sweep;
  sweep.weights = [](const ParamValues&) { return std::vector<double>{1, 1}; };
  sweep.point = [](const ParamValues&, Rng, std::size_t) {
    return std::make_unique<Greedy>("a point's own words.");
  };
  sweep.combine = [](const ParamValues&, const std::vector<PointResult>&) { return Result{}; };
  registry.add({"greedy_sweep", "Greedy sweep", "", "", {}, {}, sweep});
  registry.add({"huge", "Huge", "", "", {},
                [](const ParamValues&, Rng) -> std::unique_ptr<Model> { throw std::bad_alloc(); },
                std::nullopt});
  return registry;
}

std::string failure(Simulation& sim) {
  try {
    while (!sim.advance(1)) {
    }
  } catch (const OutOfMemory& e) {
    return e.what();
  }
  return "no failure";
}

TEST(Simulation, RunningOutOfMemorySaysWhatHeldItAndWhatToChange) {
  const ModelRegistry registry = greedy_registry();
  Simulation named(registry, "greedy_named", {}, 1);
  EXPECT_EQ(failure(named), "Out of memory while running. 1,000 queued things; queue fewer.");
  // A sweep run whole (natively) names what its current point holds.
  Simulation sweep(registry, "greedy_sweep", {}, 1);
  EXPECT_EQ(failure(sweep), "Out of memory while running. a point's own words.");
  Simulation unnamed(registry, "greedy", {}, 1);
  EXPECT_EQ(failure(unnamed),
            "Out of memory while running. Memory grows with the size of what is simulated: try "
            "smaller values of the parameters that set it (nodes or processors, buffers, "
            "messages, cycles).");
}

TEST(Simulation, AModelTooBigToBuildSaysSo) {
  const ModelRegistry registry = greedy_registry();
  try {
    Simulation(registry, "huge", {}, 1);
    FAIL() << "built";
  } catch (const OutOfMemory& e) {
    EXPECT_EQ(std::string(e.what()).rfind("Out of memory while building the model. Memory grows",
                                          0),
              0u)
        << e.what();
  }
}

}  // namespace
}  // namespace archex
