#include "core/simulation.h"

#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace archex {

namespace {

// Where the model names nothing in particular, the parameters that size a run are what to change.
const char* const kSizeHint =
    "Memory grows with the size of what is simulated: try smaller values of the parameters that "
    "set it (nodes or processors, buffers, messages, cycles).";

}  // namespace

Simulation::Simulation(const ModelRegistry& registry, const std::string& model,
                       const ParamValues& overrides, std::uint64_t seed,
                       std::optional<std::size_t> point)
    : model_name_(model), seed_(seed) {
  const ModelInfo& info = registry.get(model);
  params_ = resolve_params(model, info.params, overrides);
  sweep_ = info.sweep;
  try {
    build(info, point);
  } catch (const std::bad_alloc&) {
    throw OutOfMemory("Out of memory while building the model. " + std::string(kSizeHint));
  }
}

void Simulation::build(const ModelInfo& info, std::optional<std::size_t> point) {
  const std::string& model = model_name_;
  const std::uint64_t seed = seed_;
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
  if (done_) return true;
  try {
    done_ = model_->advance(budget);
  } catch (const std::bad_alloc&) {
    const std::string hint = model_->out_of_memory_hint();
    throw OutOfMemory("Out of memory while running. " + (hint.empty() ? kSizeHint : hint));
  }
  return done_;
}

Result Simulation::run() {
  while (!advance(std::numeric_limits<std::uint64_t>::max())) {
  }
  return result();
}

}  // namespace archex
