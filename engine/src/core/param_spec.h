#pragma once

#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace archex {

// One input of a model, documented with its unit and valid range so that the UI can build its
// control and the engine can reject bad values with a message a person can act on.
struct ParamSpec {
  std::string name;
  std::string label;
  std::string unit;
  double default_value = 0.0;
  double min = 0.0;
  double max = 0.0;
  double step = 0.0;
  bool integer = false;
  std::string description;
};

using ParamValues = std::map<std::string, double>;

// Thrown for an unknown or invalid parameter; `param()` names it so callers can point at the field.
class ParamError : public std::invalid_argument {
 public:
  ParamError(std::string param, const std::string& message);
  const std::string& param() const { return param_; }

 private:
  std::string param_;
};

// Formats a number for messages: shortest form that reads back to the same value where it can.
std::string format_number(double value);

// Checks one value against its spec; throws ParamError naming the parameter, value and range.
void validate_param(const ParamSpec& spec, double value);

// Defaults overlaid with `overrides`, every value validated. Unknown names throw, listing the valid
// ones.
ParamValues resolve_params(const std::string& model, const std::vector<ParamSpec>& specs,
                           const ParamValues& overrides);

}  // namespace archex
