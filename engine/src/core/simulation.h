#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/param_spec.h"
#include "core/registry.h"
#include "core/trace.h"

namespace archex {

// A caller that sets no limit on the memory a run may take.
inline constexpr double kNoMemoryLimit = std::numeric_limits<double>::infinity();

// Owns all state of one run: the model, its validated parameters and its random stream.
class Simulation {
 public:
  // Throws ParamError for bad parameters and std::invalid_argument for an unknown model. With
  // `point`, the run is that one point of a sweep model (ParamError "point" if there is none).
  // A run whose estimated state (ModelInfo::state) exceeds `memory_limit` bytes is refused
  // before anything is built: ParamError naming the parameter that sets its size, with the
  // estimate and the limit. Throws OutOfMemory when the model cannot be built in the memory
  // there is.
  Simulation(const ModelRegistry& registry, const std::string& model, const ParamValues& overrides,
             std::uint64_t seed, std::optional<std::size_t> point = std::nullopt,
             double memory_limit = kNoMemoryLimit);

  // Does at most `budget` units of work; returns true when the run is complete. Throws
  // OutOfMemory when the model runs out of memory.
  bool advance(std::uint64_t budget);
  bool done() const { return done_; }
  double progress() const { return done_ ? 1.0 : model_->progress(); }
  // Everything computed so far; a whole run's outputs as the model declares them (unit and
  // description), a sweep point's partial result as the point gives it.
  Result result() const;
  Result run();

  const std::string& model_name() const { return model_name_; }
  const ParamValues& params() const { return params_; }
  std::uint64_t seed() const { return seed_; }

  // The relative work of each point of a sweep model's run (one entry per point); empty for a
  // model that is not a sweep.
  std::vector<double> point_weights() const;
  // Each point's key (SweepInfo::key) as JSON, one per point: equal texts, of any runs of the
  // model with the same seed, give the same partial. Empty for a model whose points have none.
  std::vector<std::string> point_keys() const;
  // The whole run's result from its points' partial results (any order); throws
  // std::logic_error for a model that is not a sweep.
  Result combine(std::vector<PointResult> partials) const;

  // Asks the run, before its first advance, to record the events of a window (core/trace.h).
  // Throws ParamError for a bad request, for a sweep model's whole run ("point": a trace records
  // one point) and for a model that records no trace ("trace"); std::invalid_argument once the
  // run has started or for a second request.
  void record_trace(const TraceRequest& request);
  bool tracing() const { return trace_ != nullptr; }
  // What was recorded so far (empty without a request).
  Trace trace() const;

 private:
  void build(const ModelInfo& info, std::optional<std::size_t> point);

  std::string model_name_;
  ParamValues params_;
  std::uint64_t seed_;
  std::vector<OutputSpec> outputs_;
  bool point_run_ = false;
  std::optional<SweepInfo> sweep_;
  // Before the model, which records into it.
  std::unique_ptr<TraceRecorder> trace_;
  // Why a model that records no trace (ModelInfo::records_trace) cannot give one; empty if it can.
  std::string no_trace_;
  std::unique_ptr<Model> model_;
  bool done_ = false;
  bool started_ = false;
  // The run is one point of a sweep model.
  bool one_point_ = false;
};

// The model's estimate of a run's state for these parameters (after defaults and checks, which
// throw as Simulation's do); nullopt where the model counts none.
std::optional<StateEstimate> estimate_state(const ModelRegistry& registry, const std::string& model,
                                            const ParamValues& overrides);

// Bytes for reading, in binary units: "15 GB", "4 GB", "1.5 GB", "380 MB".
std::string format_bytes(double bytes);

// The networks the model's machine is built as for these parameters (defaults overlaid with
// `overrides`), without running it; with `point`, the networks that point of its sweep runs on.
// Throws as the Simulation's constructor does, and std::invalid_argument for a model that
// describes no machine.
std::vector<NetworkMap> describe_machine(const ModelRegistry& registry, const std::string& model,
                                      const ParamValues& overrides,
                                      std::optional<std::size_t> point = std::nullopt);

}  // namespace archex
