#include "core/param_spec.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace archex {

namespace {

std::string quoted(const std::string& name) { return "parameter '" + name + "'"; }

// Checks one number; `subject` says which ("parameter 'x'" or "parameter 'x' item 2").
void validate_number(const ParamSpec& spec, const std::string& subject, double value) {
  if (spec.is_choice()) {
    const bool valid = std::isfinite(value) && std::floor(value) == value && value >= 0 &&
                       value < static_cast<double>(spec.choices.size());
    if (!valid) {
      std::string names;
      for (std::size_t i = 0; i < spec.choices.size(); ++i) {
        names += (i == 0 ? "" : ", ") + std::to_string(i) + " (" + spec.choices[i] + ")";
      }
      throw ParamError(spec.name, subject + " = " + format_number(value) +
                                      " is not one of the choices; valid: " + names);
    }
    return;
  }
  const std::string range = "[" + format_number(spec.min) + ", " + format_number(spec.max) + "]" +
                            (spec.unit.empty() ? "" : " " + spec.unit);
  if (!std::isfinite(value)) {
    throw ParamError(spec.name, subject + " = " + format_number(value) +
                                    " is not a finite number; valid range " + range);
  }
  if (value < spec.min || value > spec.max) {
    throw ParamError(spec.name, subject + " = " + format_number(value) +
                                    " is out of range; valid range " + range);
  }
  if (spec.integer && std::floor(value) != value) {
    throw ParamError(spec.name, subject + " = " + format_number(value) +
                                    " must be a whole number; valid range " + range);
  }
  if (spec.ratio > 1) {
    std::string valid;
    bool listed = false;
    for (double v = spec.min; v <= spec.max; v *= spec.ratio) {
      listed = listed || v == value;
      valid += (valid.empty() ? "" : ", ") + format_number(v);
    }
    if (!listed) {
      const std::string times = spec.min == 1 ? "" : format_number(spec.min) + " times ";
      throw ParamError(spec.name, subject + " = " + format_number(value) + " is not " + times +
                                      "a power of " + format_number(spec.ratio) + "; valid: " +
                                      valid + (spec.unit.empty() ? "" : " " + spec.unit));
    }
  }
}

}  // namespace

number_param::number_param(const char* name, const char* label) {
  spec_.name = name;
  spec_.label = label;
}

number_param& number_param::unit(const char* unit) {
  spec_.unit = unit;
  return *this;
}

number_param& number_param::value(double value) {
  spec_.default_value = value;
  return *this;
}

number_param& number_param::range(double min, double max) {
  spec_.min = min;
  spec_.max = max;
  return *this;
}

number_param& number_param::whole(bool integer) {
  spec_.integer = integer;
  if (integer) spec_.step = 1;
  return *this;
}

number_param& number_param::powers_of(double ratio) {
  spec_.ratio = ratio;
  return *this;
}

number_param& number_param::step(double step) {
  spec_.step = step;
  return *this;
}

number_param& number_param::about(const char* description) {
  spec_.description = description;
  return *this;
}

number_param& number_param::unit_from(const char* choice) {
  spec_.unit_from = choice;
  return *this;
}

number_param& number_param::when(const char* param, std::vector<std::string> is) {
  spec_.when.push_back({param, std::move(is)});
  return *this;
}

number_param& number_param::max_items(std::size_t items) {
  spec_.max_items = items;
  return *this;
}

number_param& number_param::default_list(std::vector<double> values) {
  spec_.default_list = std::move(values);
  return *this;
}

choice_param::choice_param(const char* name, const char* label) : name_(name), label_(label) {}

choice_param& choice_param::choices(std::vector<std::string> choices) {
  choices_ = std::move(choices);
  return *this;
}

choice_param& choice_param::value(double index) {
  value_ = index;
  return *this;
}

choice_param& choice_param::about(const char* description) {
  description_ = description;
  return *this;
}

choice_param& choice_param::when(const char* param, std::vector<std::string> is) {
  when_.push_back({param, std::move(is)});
  return *this;
}

choice_param& choice_param::name_when(int value, std::string name, const char* param,
                                      std::vector<std::string> is) {
  names_.push_back({value, std::move(name), {param, std::move(is)}});
  return *this;
}

choice_param::operator ParamSpec() const {
  ParamSpec spec = number_param(name_, label_)
                       .value(value_)
                       .range(0, static_cast<double>(choices_.size() - 1))
                       .whole()
                       .about(description_);
  spec.choices = choices_;
  spec.when = when_;
  spec.choice_names = names_;
  return spec;
}

ParamError::ParamError(std::string param, const std::string& message)
    : std::invalid_argument(message), param_(std::move(param)) {}

void ParamValues::set(const std::string& name, ParamValue value) {
  values_.insert_or_assign(name, std::move(value));
}

const ParamValue& ParamValues::at(const std::string& name) const {
  const auto it = values_.find(name);
  if (it != values_.end()) return it->second;
  std::string valid;
  for (const auto& entry : values_) valid += (valid.empty() ? "" : ", ") + entry.first;
  throw ParamError(name, "no " + quoted(name) + "; valid: " + valid);
}

double ParamValues::number(const std::string& name) const {
  const ParamValue& value = at(name);
  if (value.is_list()) throw ParamError(name, quoted(name) + " is a list, not a single number");
  return value.items().front();
}

const std::vector<double>& ParamValues::list(const std::string& name) const {
  const ParamValue& value = at(name);
  if (!value.is_list()) throw ParamError(name, quoted(name) + " is a single number, not a list");
  return value.items();
}

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
  validate_number(spec, quoted(spec.name), value);
}

void validate_param(const ParamSpec& spec, const ParamValue& value) {
  const std::string subject = quoted(spec.name);
  if (!spec.is_list()) {
    if (value.is_list()) {
      throw ParamError(spec.name, subject + " requires a single number, not a list");
    }
    validate_number(spec, subject, value.items().front());
    return;
  }
  if (!value.is_list()) {
    throw ParamError(spec.name, subject + " requires a list of 1 to " +
                                    std::to_string(spec.max_items) +
                                    " numbers, not a single number");
  }
  const std::vector<double>& items = value.items();
  if (items.empty()) {
    throw ParamError(spec.name, subject + " is an empty list; at least one item is required");
  }
  if (items.size() > spec.max_items) {
    throw ParamError(spec.name, subject + " has " + std::to_string(items.size()) +
                                    " items; at most " + std::to_string(spec.max_items));
  }
  for (std::size_t i = 0; i < items.size(); ++i) {
    validate_number(spec, subject + " item " + std::to_string(i + 1), items[i]);
  }
}

ParamSpec unit_at(const ParamSpec& spec, const std::vector<ParamSpec>& specs,
                  const ParamValues& values) {
  if (spec.unit_from.empty()) return spec;
  const auto from = std::find_if(specs.begin(), specs.end(),
                                 [&](const ParamSpec& s) { return s.name == spec.unit_from; });
  if (from == specs.end() || !values.contains(from->name)) return spec;
  const ParamValue& chosen = values.at(from->name);
  const double index = chosen.is_list() ? -1 : chosen.items().front();
  if (!(index >= 0 && index < static_cast<double>(from->choices.size()))) return spec;
  ParamSpec out = spec;
  out.unit = from->choices[static_cast<std::size_t>(index)];
  return out;
}

ParamValues resolve_params(const std::string& model, const std::vector<ParamSpec>& specs,
                           const ParamValues& overrides) {
  ParamValues values;
  for (const auto& spec : specs) {
    values.set(spec.name,
               spec.is_list() ? ParamValue(spec.default_list) : ParamValue(spec.default_value));
  }
  for (const auto& [name, value] : overrides) {
    if (!values.contains(name)) {
      std::string valid;
      for (const auto& spec : specs) valid += (valid.empty() ? "" : ", ") + spec.name;
      throw ParamError(
          name, "unknown parameter '" + name + "' for model '" + model + "'; valid: " + valid);
    }
    values.set(name, value);
  }
  for (const auto& spec : specs) validate_param(unit_at(spec, specs, values), values.at(spec.name));
  return values;
}

}  // namespace archex
