#pragma once

#include <string>
#include <vector>

#include "core/result.h"

namespace archex {

// What an output is: a number, a curve, a network with what was measured on its channels, or a
// timeline of what each unit of the machine did.
enum class OutputKind { kScalar, kSeries, kNetwork, kTimeline };

// "scalar", "series", "network", "timeline".
const char* output_kind_name(OutputKind kind);

// One output of a model, declared beside the code that makes it as its parameters are (core/
// param_table.h): the unit and meaning live here once, results name the output and give values,
// and presets are checked against the declarations without running anything. A name holding '*'
// declares a family, one output per item ("time_ms_*": one curve per program); '*' stands for
// any text.
struct OutputSpec {
  std::string name;
  OutputKind kind = OutputKind::kScalar;
  // A scalar's unit, a series' y unit, a timeline's time unit, a network's measured values' unit.
  std::string unit;
  std::string description;
};

OutputSpec scalar_output(std::string name, std::string unit, std::string description);
OutputSpec series_output(std::string name, std::string unit, std::string description);
OutputSpec network_output(std::string name, std::string unit, std::string description);
OutputSpec timeline_output(std::string name, std::string unit, std::string description);

// Whether `name` is `pattern`, or is one of the family `pattern` declares.
bool output_name_matches(const std::string& pattern, const std::string& name);

// The declaration of the output `name` of `kind`: its exact name, else the family that says most
// about it (the most characters besides '*'); nullptr when there is none.
const OutputSpec* find_output(const std::vector<OutputSpec>& outputs, OutputKind kind,
                              const std::string& name);

// Gives every scalar of a model's whole result its declared unit (and description, where the
// scalar has none of its own), and a series with no y unit its declared one. Throws
// std::logic_error naming any output the model does not declare or whose unit is another.
void describe_outputs(const std::string& model, const std::vector<OutputSpec>& outputs,
                      Result& result);

// Throws std::invalid_argument for a declaration that is empty or repeats an earlier one.
void check_outputs(const std::string& model, const std::vector<OutputSpec>& outputs);

}  // namespace archex
