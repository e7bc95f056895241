#include "core/simulation.h"

#include <gtest/gtest.h>

#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "core/sweep.h"
#include "machines/builtin_models.h"

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

// wasm's 4 GB less a page, as the engine's build gives it.
constexpr double kWasmLimit = 4294901760.0;

TEST(Simulation, ARunWhoseStateWouldNotFitIsRefusedBeforeAnyOfItIsBuilt) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues big = {{"dims", std::vector<double>{256, 256, 256}}};
  try {
    Simulation(registry, "network_traffic", big, 1, std::nullopt, kWasmLimit);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "dims");
    EXPECT_STREQ(e.what(),
                 "A 256x256x256 mesh needs about 17 GB of network state; the engine's limit is "
                 "4 GB. Use fewer nodes, fewer virtual channels or smaller buffers.");
  }
  const std::optional<StateEstimate> need = estimate_state(registry, "network_traffic", big);
  ASSERT_TRUE(need.has_value());
  // About 1.1 KB a node.
  EXPECT_NEAR(need->bytes / (256.0 * 256 * 256), 1100, 100);
  // Under the limit the same model is built and runs; a point of the sweep is checked too.
  const ParamValues small = {{"dims", std::vector<double>{4, 4}}};
  Simulation fits(registry, "network_traffic", small, 1, std::nullopt, kWasmLimit);
  EXPECT_FALSE(fits.done());
  EXPECT_THROW(Simulation(registry, "network_traffic", big, 1, 2, kWasmLimit), ParamError);
  // A model that counts nothing is never refused.
  EXPECT_FALSE(estimate_state(registry, "multipsi_perf", {}).has_value());
  Simulation(registry, "multipsi_perf", {}, 1, std::nullopt, 1);
}

TEST(Simulation, BytesReadInBinaryUnits) {
  EXPECT_EQ(format_bytes(kWasmLimit), "4 GB");
  EXPECT_EQ(format_bytes(1.5 * (1 << 30)), "1.5 GB");
  EXPECT_EQ(format_bytes(15.2 * (1 << 30)), "15 GB");
  EXPECT_EQ(format_bytes(380.0 * (1 << 20)), "380 MB");
  EXPECT_EQ(format_bytes(0.25 * (1 << 20)), "0.3 MB");
  EXPECT_EQ(format_bytes(3000.0 * (1 << 30)), "2.9 TB");
}

TEST(Simulation, BadParameterThrowsParamError) {
  const ModelRegistry registry = builtin_registry();
  EXPECT_THROW(Simulation(registry, "multipsi_perf", {{"pes", 0}}, 1), ParamError);
  EXPECT_THROW(Simulation(registry, "multipsi_perf", {{"curve_work_rates", 0.5}}, 1), ParamError);
  EXPECT_THROW(Simulation(registry, "nope", {}, 1), std::invalid_argument);
}

TEST(Simulation, ATraceOfAModelThatRecordsNoneNamesTheModelsThatDo) {
  ModelRegistry registry;
  ModelInfo quiet{"quiet", "Quiet", "d", "c", {},
                  [](const ParamValues&, Rng) -> std::unique_ptr<Model> { return nullptr; }};
  ModelInfo traced = quiet;
  traced.name = "traced";
  traced.records_trace = true;
  registry.add(quiet);
  registry.add(traced);
  Simulation sim(registry, "quiet", {}, 1);
  try {
    sim.record_trace(TraceRequest{});
    FAIL() << "expected an error";
  } catch (const ParamError& e) {
    EXPECT_STREQ(e.what(), "model 'quiet' records no trace; the models that do: traced");
  }
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
