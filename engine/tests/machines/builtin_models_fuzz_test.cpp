// Every parameter of every model, fuzzed: random values inside and outside their ranges, NaN,
// infinities, wrong kinds and oversized lists. Each run either does a short budget of work or
// throws the named error (ParamError naming a parameter, or OutOfMemory); nothing else escapes.
// A hang would show as this test's ctest timeout.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/rng.h"
#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// One number for `spec`: in range most of the time, else at or past an edge or not finite.
double fuzz_number(const ParamSpec& spec, Rng& rng) {
  const double span = spec.max - spec.min;
  switch (rng.below(12)) {
    case 0: return spec.min;
    case 1: return spec.max;
    case 2: return spec.min - 1 - span * rng.uniform01();
    case 3: return spec.max + 1 + span * rng.uniform01();
    case 4: return kNaN;
    case 5: return rng.below(2) ? kInf : -kInf;
    case 6: return rng.below(2) ? 1e300 : -1e300;
    case 7: return spec.min + 0.5;  // a fraction where a whole number may be wanted
    default: {
      // In range, on the spec's grid for whole numbers; sizes drawn toward the low end so that
      // most runs stay short.
      const double u = rng.uniform01();
      const double v = spec.min + span * u * u * u;
      return spec.integer ? std::floor(v) : v;
    }
  }
}

ParamValue fuzz_value(const ParamSpec& spec, Rng& rng) {
  if (!spec.is_list()) {
    // Now and then a list where one number is wanted.
    if (rng.below(20) == 0) return std::vector<double>{fuzz_number(spec, rng)};
    return fuzz_number(spec, rng);
  }
  switch (rng.below(8)) {
    case 0: return std::vector<double>{};
    case 1: return std::vector<double>(spec.max_items + 1, spec.default_value);
    case 2: return std::vector<double>(100000, spec.default_value);
    case 3: return fuzz_number(spec, rng);  // one number where a list is wanted
    default: {
      std::vector<double> items(1 + rng.below(spec.max_items));
      for (double& item : items) item = fuzz_number(spec, rng);
      return items;
    }
  }
}

struct Outcome {
  int ran = 0;
  int refused = 0;
  int out_of_memory = 0;
};

TEST(BuiltinModelsFuzz, EveryParameterEitherRunsABudgetOrThrowsItsNamedError) {
  const ModelRegistry registry = builtin_registry();
  Rng rng(20261123);
  constexpr int kTrialsPerModel = 60;
  // A small slice of work: enough to build the model and start it.
  constexpr std::uint64_t kBudget = 2000;
  // A limit as a worker has one: a cube's sizes reach far past any memory (8000x8000 is 60 GB),
  // and a run too big for it is refused naming its size parameter.
  constexpr double kMemoryLimit = 256.0 * (1 << 20);
  std::map<std::string, Outcome> outcomes;
  int inputs = 0;
  for (const ModelInfo& info : registry.models()) {
    Outcome& outcome = outcomes[info.name];
    for (int trial = 0; trial < kTrialsPerModel; ++trial) {
      ParamValues params;
      const std::size_t changes = 1 + rng.below(3);
      for (std::size_t c = 0; c < changes; ++c) {
        const ParamSpec& spec = info.params[rng.below(info.params.size())];
        params.set(spec.name, fuzz_value(spec, rng));
        ++inputs;
      }
      if (rng.below(30) == 0) params.set("no_such_parameter", 1.0);
      std::string shown;
      for (const auto& [name, value] : params) {
        shown += " " + name + "=";
        for (double item : value.items()) shown += std::to_string(item) + ",";
      }
      SCOPED_TRACE(info.name + " trial " + std::to_string(trial) + ":" + shown);
      try {
        Simulation sim(registry, info.name, params, rng.next_u64(), std::nullopt, kMemoryLimit);
        sim.advance(kBudget);
        const double progress = sim.progress();
        EXPECT_TRUE(progress >= 0 && progress <= 1) << progress;
        ++outcome.ran;
      } catch (const ParamError& e) {
        // Named: the parameter is one of the model's (or the unknown name), and said in words.
        EXPECT_FALSE(e.param().empty());
        EXPECT_NE(std::string(e.what()).find(' '), std::string::npos) << e.what();
        ++outcome.refused;
      } catch (const OutOfMemory&) {
        ++outcome.out_of_memory;
      } catch (const std::exception& e) {
        ADD_FAILURE() << "not a named error: " << e.what();
      }
    }
  }
  // Both ways out are taken, so the fuzzing reaches the models and their checks.
  int ran = 0;
  int refused = 0;
  for (const auto& [name, o] : outcomes) {
    ran += o.ran;
    refused += o.refused;
  }
  EXPECT_GT(ran, 0);
  EXPECT_GT(refused, 0);
  RecordProperty("inputs", inputs);
  RecordProperty("runs", ran);
  RecordProperty("refused", refused);
  std::printf("fuzzed %d parameter values in %zu runs of %zu models: %d ran, %d refused\n", inputs,
              registry.models().size() * kTrialsPerModel, registry.models().size(), ran, refused);
}

}  // namespace
}  // namespace archex
