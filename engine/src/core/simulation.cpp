#include "core/simulation.h"

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace archex {

Simulation::Simulation(const ModelRegistry& registry, const std::string& model,
                       const ParamValues& overrides, std::uint64_t seed,
                       std::optional<std::size_t> point)
    : model_name_(model), seed_(seed) {
  const ModelInfo& info = registry.get(model);
  params_ = resolve_params(model, info.params, overrides);
  sweep_ = info.sweep;
  if (!point) {
    model_ = sweep_ ? run_sweep(*sweep_, params_, seed) : info.factory(params_, Rng(seed));
    return;
  }
  if (!sweep_) {
    throw ParamError("point", "model '" + model + "' is not a sweep of points, so it has no point " +
                                  std::to_string(*point));
  }
  const std::size_t n = sweep_->weights(params_).size();
  if (*point >= n) {
    throw ParamError("point", "parameter 'point' = " + std::to_string(*point) + " is not in [0, " +
                                  std::to_string(n - 1) + "]: the sweep has " +
                                  std::to_string(n) + " points");
  }
  model_ = sweep_->point(params_, point_rng(seed, *point), *point);
}

std::vector<double> Simulation::point_weights() const {
  return sweep_ ? sweep_->weights(params_) : std::vector<double>{};
}

Result Simulation::combine(std::vector<PointResult> partials) const {
  if (!sweep_) throw std::logic_error("model '" + model_name_ + "' is not a sweep of points");
  return combine_points(*sweep_, params_, std::move(partials));
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
