#include "core/simulation.h"

#include <limits>

namespace archex {

Simulation::Simulation(const ModelRegistry& registry, const std::string& model,
                       const ParamValues& overrides, std::uint64_t seed)
    : model_name_(model), seed_(seed) {
  const ModelInfo& info = registry.get(model);
  params_ = resolve_params(model, info.params, overrides);
  model_ = info.factory(params_, Rng(seed));
}

bool Simulation::advance(std::uint64_t budget) {
  if (!done_) done_ = model_->advance(budget);
  return done_;
}

Result Simulation::run() {
  while (!advance(std::numeric_limits<std::uint64_t>::max())) {
  }
  return result();
}

}  // namespace archex
