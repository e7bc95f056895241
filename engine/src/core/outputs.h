#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
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

// A declared output, written once as a constant beside the model that reports it. The model's
// code makes its scalars and curves through it, so the name, unit and description are never
// written again (describe_outputs() still checks a result against the model's list).
class DeclaredOutput {
 public:
  constexpr DeclaredOutput(OutputKind kind, std::string_view name, std::string_view unit,
                           std::string_view description)
      : kind_(kind), name_(name), unit_(unit), description_(description) {}
  operator OutputSpec() const;
  // The declared name; for a family, the member whose '*'s are `items`, in order.
  std::string name() const;
  std::string name(std::initializer_list<std::string_view> items) const;
  std::string unit() const { return std::string(unit_); }

 private:
  OutputKind kind_;
  std::string_view name_;
  std::string_view unit_;
  std::string_view description_;
};

struct ScalarOutput : DeclaredOutput {
  constexpr ScalarOutput(std::string_view name, std::string_view unit,
                         std::string_view description)
      : DeclaredOutput(OutputKind::kScalar, name, unit, description) {}
  // The scalar `value`: of the declared name, or of a family's member `items`, with a
  // description of its own where the family's says less.
  Scalar operator()(double value) const;
  Scalar operator()(std::initializer_list<std::string_view> items, double value,
                    std::string description = {}) const;
};

struct SeriesOutput : DeclaredOutput {
  constexpr SeriesOutput(std::string_view name, std::string_view unit,
                         std::string_view description)
      : DeclaredOutput(OutputKind::kSeries, name, unit, description) {}
  // A curve with no points yet: of the declared name, or of a family's member `items`.
  Series operator()(std::string label, std::string x_name, std::string x_unit,
                    std::string y_name) const;
  Series operator()(std::initializer_list<std::string_view> items, std::string label,
                    std::string x_name, std::string x_unit, std::string y_name) const;
};

struct NetworkOutput : DeclaredOutput {
  constexpr NetworkOutput(std::string_view name, std::string_view unit,
                          std::string_view description)
      : DeclaredOutput(OutputKind::kNetwork, name, unit, description) {}
};

struct TimelineOutput : DeclaredOutput {
  constexpr TimelineOutput(std::string_view name, std::string_view unit,
                           std::string_view description)
      : DeclaredOutput(OutputKind::kTimeline, name, unit, description) {}
};

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
