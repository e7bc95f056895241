#include "core/simulation.h"

#include <cctype>
#include <cmath>
#include <iterator>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/result_json.h"

namespace archex {

namespace {

// Where the model names nothing in particular, the parameters that size a run are what to change.
const char* const kSizeHint =
    "Memory grows with the size of what is simulated: try smaller values of the parameters that "
    "set it (nodes or processors, buffers, messages, cycles).";

// Refuses a run whose state would not fit, before any of it is built.
void check_memory(const ModelInfo& info, const ParamValues& params, double limit) {
  if (!info.state) return;
  const std::optional<StateEstimate> need = info.state(params);
  if (!need || need->bytes <= limit) return;
  std::string what = need->what;
  if (!what.empty()) what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
  throw ParamError(need->param, what + " needs about " + format_bytes(need->bytes) + " of " +
                                    need->of + "; the engine's limit is " + format_bytes(limit) +
                                    ". " + need->advice);
}

}  // namespace

std::string format_bytes(double bytes) {
  static const char* const kUnits[] = {"MB", "GB", "TB", "PB"};
  double value = bytes / (1 << 20);
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) {
    value /= 1024;
    ++unit;
  }
  // One decimal under 10 ("1.5 GB"), none from there ("15 GB"); "4.0" reads as "4".
  const double shown = value < 9.95 ? std::round(value * 10) / 10 : std::round(value);
  return format_number(shown) + " " + kUnits[unit];
}

std::optional<StateEstimate> estimate_state(const ModelRegistry& registry, const std::string& model,
                                            const ParamValues& overrides) {
  const ModelInfo& info = registry.get(model);
  if (!info.state) return std::nullopt;
  return info.state(resolve_params(model, info.params, overrides));
}

Simulation::Simulation(const ModelRegistry& registry, const std::string& model,
                       const ParamValues& overrides, std::uint64_t seed,
                       std::optional<std::size_t> point, double memory_limit)
    : model_name_(model), seed_(seed) {
  const ModelInfo& info = registry.get(model);
  params_ = resolve_params(model, info.params, overrides);
  check_memory(info, params_, memory_limit);
  outputs_ = info.outputs;
  if (!info.records_trace) {
    for (const ModelInfo& m : registry.models()) {
      if (!m.records_trace) continue;
      no_trace_ += (no_trace_.empty() ? "" : ", ") + m.name;
    }
    no_trace_ = "model '" + model + "' records no trace; the models that do: " + no_trace_;
  }
  point_run_ = point.has_value();
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
  model_ = sweep_->point(params_, sweep_point_rng(*sweep_, params_, seed, *point), *point);
  one_point_ = true;
}

std::vector<double> Simulation::point_weights() const {
  return sweep_ ? sweep_->weights(params_) : std::vector<double>{};
}

std::vector<std::string> Simulation::point_keys() const {
  std::vector<std::string> keys;
  if (!sweep_ || !sweep_->key) return keys;
  const std::size_t n = sweep_->weights(params_).size();
  for (std::size_t i = 0; i < n; ++i) keys.push_back(params_json(sweep_->key(params_, i)));
  return keys;
}

Result Simulation::combine(std::vector<PointResult> partials) const {
  if (!sweep_) throw std::logic_error("model '" + model_name_ + "' is not a sweep of points");
  Result r = combine_points(*sweep_, params_, std::move(partials));
  describe_outputs(model_name_, outputs_, r);
  return r;
}

Result Simulation::result() const {
  Result r = model_->result();
  if (!point_run_) describe_outputs(model_name_, outputs_, r);
  return r;
}

void Simulation::record_trace(const TraceRequest& request) {
  if (started_) throw std::invalid_argument("a trace is asked for before the run starts");
  if (trace_) throw std::invalid_argument("a run records one trace");
  check_trace_request(request);
  if (sweep_ && !one_point_) {
    const std::size_t n = sweep_->weights(params_).size();
    throw ParamError("point", "model '" + model_name_ + "' runs a sweep of " + std::to_string(n) +
                                  " points and a trace records one: choose a point in [0, " +
                                  std::to_string(n - 1) + "]");
  }
  if (!no_trace_.empty()) throw ParamError("trace", no_trace_);
  auto recorder = std::make_unique<TraceRecorder>(request);
  if (!model_->attach_trace(*recorder)) {
    throw std::logic_error("model '" + model_name_ + "' declares a trace and records none");
  }
  trace_ = std::move(recorder);
}

Trace Simulation::trace() const { return trace_ ? trace_->trace(done_) : Trace{}; }

bool Simulation::advance(std::uint64_t budget) {
  if (done_) return true;
  started_ = true;
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

std::vector<NetworkMap> describe_machine(const ModelRegistry& registry, const std::string& model,
                                      const ParamValues& overrides,
                                      std::optional<std::size_t> point) {
  const ModelInfo& info = registry.get(model);
  const ParamValues params = resolve_params(model, info.params, overrides);
  if (!info.machine) throw std::invalid_argument("model '" + model + "' describes no machine");
  try {
    if (point && info.point_machine) return info.point_machine(params, *point);
    return info.machine(params);
  } catch (const std::bad_alloc&) {
    throw OutOfMemory("Out of memory while describing the machine. " + std::string(kSizeHint));
  }
}

}  // namespace archex
