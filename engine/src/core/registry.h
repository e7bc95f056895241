#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/outputs.h"
#include "core/param_spec.h"
#include "core/rng.h"
#include "core/signatures.h"
#include "core/sweep.h"

namespace archex {

// What the largest state of a run would take, counted from the engine's own structures before
// any of it is built, so that a run that cannot fit is refused with numbers instead of failing
// part way: "a 256x256x256 mesh" needs `bytes` "of network state".
struct StateEstimate {
  double bytes = 0;
  std::string what;
  std::string of;
  // The parameter that sets the size, and what to change.
  std::string param;
  std::string advice;
};

// Builds a run from validated parameters and a generator seeded for that run.
using ModelFactory = std::function<std::unique_ptr<Model>(const ParamValues& params, Rng rng)>;

// The networks a model's machine is built as for these parameters, without running it: the shape
// the picker draws. A machine of several identical networks (PIE64's PAN and DAN) gives each.
using MachineDescriber = std::function<std::vector<NetworkMap>(const ParamValues& params)>;
// The networks one point of a sweep runs on, where they differ from point to point (a J-Machine
// program's machine sizes): a trace of the point names its channels by them.
using PointMachineDescriber =
    std::function<std::vector<NetworkMap>(const ParamValues& params, std::size_t point)>;

// Which parameters each value of a list parameter reads, where a model's parameters are the union
// of parts that parameter chooses (the J-Machine's programs): a run reads `always` and what each
// chosen value reads, and no other parameter (the panel leaves the rest out).
struct ChoiceReads {
  std::string param;
  std::vector<std::string> always;
  // by_value[v]: the parameters value v reads, for every value of `param`'s range.
  std::vector<std::vector<std::string>> by_value;
};

// A value of a choice parameter as another tool names it, for an import of that tool's files
// (BookSim2's routing_function `dor` for `routing` 'dimension order'): the tool, the parameter
// and its value, the tool's name, the tool's contexts it is that value in (its topologies), and
// a note where archex runs it otherwise than the tool does.
struct ForeignName {
  std::string tool;
  std::string param;
  std::string value;
  std::string name;
  std::vector<std::string> on;
  std::string note;
};

struct ModelInfo {
  std::string name;
  std::string title;
  std::string description;  // one line
  std::string citation;     // the paper the model and its constants come from
  std::vector<ParamSpec> params;
  // Builds a whole run; a sweep model leaves it empty and gives `sweep` instead.
  ModelFactory factory;
  std::optional<SweepInfo> sweep;
  // The estimate of a run's largest state (a sweep's largest point) from validated parameters;
  // empty, or nullopt for some parameters, where the model does not count it.
  std::function<std::optional<StateEstimate>(const ParamValues& params)> state;
  // Everything a whole run reports (core/outputs.h).
  std::vector<OutputSpec> outputs;
  MachineDescriber machine;
  // Empty where every point runs on `machine`'s networks.
  PointMachineDescriber point_machine;
  // The model records a trace (Model::attach_trace): Simulation asks it for one, the UI offers it.
  bool records_trace = false;
  // Where the model's outputs are a LogP benchmark's, or the papers' cost models, when they are.
  std::optional<LogpSignature> logp;
  std::optional<CostModelSignature> cost_models;
  // Where the parameters a run reads follow a list parameter's values.
  std::optional<ChoiceReads> reads;
  // Other tools' names of its choices' values, in the order an import lists them.
  std::vector<ForeignName> foreign_names;
};

// Maps a model name to what is needed to describe and build it. An ordinary object, so tests and
// workers can hold their own.
class ModelRegistry {
 public:
  // Throws std::invalid_argument on a duplicate name or an inconsistent parameter spec, and
  // ParamError for a default (a list parameter's default_list too) that its own spec rejects;
  // std::invalid_argument for an output declared twice or without a description.
  void add(ModelInfo info);
  // Throws std::invalid_argument naming the unknown model and listing the valid ones.
  const ModelInfo& get(const std::string& name) const;
  const std::vector<ModelInfo>& models() const { return models_; }

 private:
  std::vector<ModelInfo> models_;
};

}  // namespace archex
