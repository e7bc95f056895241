#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/model.h"
#include "core/param_spec.h"
#include "core/registry.h"

namespace archex {

// Owns all state of one run: the model, its validated parameters and its random stream.
class Simulation {
 public:
  // Throws ParamError for bad parameters and std::invalid_argument for an unknown model.
  Simulation(const ModelRegistry& registry, const std::string& model, const ParamValues& overrides,
             std::uint64_t seed);

  // Does at most `budget` units of work; returns true when the run is complete.
  bool advance(std::uint64_t budget);
  bool done() const { return done_; }
  double progress() const { return done_ ? 1.0 : model_->progress(); }
  Result result() const { return model_->result(); }
  Result run();

  const std::string& model_name() const { return model_name_; }
  const ParamValues& params() const { return params_; }
  std::uint64_t seed() const { return seed_; }

 private:
  std::string model_name_;
  ParamValues params_;
  std::uint64_t seed_;
  std::unique_ptr<Model> model_;
  bool done_ = false;
};

}  // namespace archex
