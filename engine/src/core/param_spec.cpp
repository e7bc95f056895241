#include "core/param_spec.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace archex {

ParamError::ParamError(std::string param, const std::string& message)
    : std::invalid_argument(message), param_(std::move(param)) {}

std::string format_number(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  char buf[40];
  if (std::floor(value) == value && std::fabs(value) < 1e15) {
    std::snprintf(buf, sizeof buf, "%.0f", value);
    return buf;
  }
  for (int precision = 6; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  return buf;
}

void validate_param(const ParamSpec& spec, double value) {
  const std::string range = "[" + format_number(spec.min) + ", " + format_number(spec.max) + "]" +
                            (spec.unit.empty() ? "" : " " + spec.unit);
  if (!std::isfinite(value)) {
    throw ParamError(spec.name, "parameter '" + spec.name + "' = " + format_number(value) +
                                    " is not a finite number; valid range " + range);
  }
  if (value < spec.min || value > spec.max) {
    throw ParamError(spec.name, "parameter '" + spec.name + "' = " + format_number(value) +
                                    " is out of range; valid range " + range);
  }
  if (spec.integer && std::floor(value) != value) {
    throw ParamError(spec.name, "parameter '" + spec.name + "' = " + format_number(value) +
                                    " must be a whole number; valid range " + range);
  }
}

ParamValues resolve_params(const std::string& model, const std::vector<ParamSpec>& specs,
                           const ParamValues& overrides) {
  ParamValues values;
  for (const auto& spec : specs) values[spec.name] = spec.default_value;
  for (const auto& [name, value] : overrides) {
    auto it = values.find(name);
    if (it == values.end()) {
      std::string valid;
      for (const auto& spec : specs) valid += (valid.empty() ? "" : ", ") + spec.name;
      throw ParamError(name, "unknown parameter '" + name + "' for model '" + model +
                                 "'; valid: " + valid);
    }
    it->second = value;
  }
  for (const auto& spec : specs) validate_param(spec, values.at(spec.name));
  return values;
}

}  // namespace archex
