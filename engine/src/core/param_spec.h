#pragma once

#include <cstddef>
#include <initializer_list>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace archex {

// A condition on a choice parameter: its chosen value is one of `is` (the choices' names).
struct ParamCondition {
  std::string param;
  std::vector<std::string> is;
};

// A choice's name where a condition holds (the routing "dimension order" is a dragonfly's
// "minimal" route): what a panel shows; links and presets keep the choice's own name.
struct ChoiceName {
  int value = 0;
  std::string name;
  ParamCondition when;
};

// One input of a model, documented with its unit and valid range so that the UI can build its
// control and the engine can reject bad values with a message a person can act on.
struct ParamSpec {
  std::string name;
  std::string label;
  std::string unit;
  // The default of a single-number parameter; for a list parameter, the value of a new item.
  double default_value = 0.0;
  double min = 0.0;
  double max = 0.0;
  double step = 0.0;
  bool integer = false;
  std::string description;
  // 0: the parameter is one number. n >= 1: a list of 1 to n numbers, each checked like one.
  std::size_t max_items = 0;
  // The default of a list parameter; empty for a single number.
  std::vector<double> default_list;
  // Names of the values 0, 1, ... of a parameter that picks one of them (a topology, a traffic
  // pattern); empty for a number. Such a parameter is a whole number from 0 to choices.size() - 1.
  std::vector<std::string> choices;
  // Other names of some choices, each where its condition holds.
  std::vector<ChoiceName> choice_names;
  // Above 1: every value is min times a whole power of `ratio` (a machine of 1, 2, 4, ... nodes);
  // 0 for any value the range and step allow.
  double ratio = 0.0;
  // Non-empty: the name of a choice parameter whose chosen value names this one's unit (loads
  // read in flits/node/cycle or as fractions of a bound); `unit` is then its default choice's.
  std::string unit_from;
  // A run reads the parameter only while every one of these holds (a fly's radix on a fly, a
  // hotspot's share under hotspot traffic), so a panel shows it only then; empty: always read.
  std::vector<ParamCondition> when;

  bool is_list() const { return max_items > 0; }
  bool is_choice() const { return !choices.empty(); }
};

// Thrown for an unknown or invalid parameter; `param()` names it so callers can point at the field.
class ParamError : public std::invalid_argument {
 public:
  ParamError(std::string param, const std::string& message);
  const std::string& param() const { return param_; }

 private:
  std::string param_;
};

// The value of one parameter: a single number, or a list of numbers. The kind is kept apart from
// the count so that a one-item list is still a list.
class ParamValue {
 public:
  // Implicit, so that `{{"pes", 8}}` and `{{"rates", std::vector<double>{1, 0.5}}}` both read well.
  ParamValue(double number) : items_{number} {}
  ParamValue(std::vector<double> list) : items_(std::move(list)), is_list_(true) {}

  bool is_list() const { return is_list_; }
  // The list's items, or the single number as the one item.
  const std::vector<double>& items() const { return items_; }

 private:
  std::vector<double> items_;
  bool is_list_ = false;
};

// Parameter values by name. number() and list() throw ParamError for a missing name or a value of
// the other kind, so a model that reads a parameter the wrong way fails loudly.
class ParamValues {
 public:
  using Map = std::map<std::string, ParamValue>;

  ParamValues() = default;
  ParamValues(std::initializer_list<Map::value_type> values) : values_(values) {}

  void set(const std::string& name, ParamValue value);
  bool contains(const std::string& name) const { return values_.count(name) > 0; }
  const ParamValue& at(const std::string& name) const;
  double number(const std::string& name) const;
  const std::vector<double>& list(const std::string& name) const;

  Map::const_iterator begin() const { return values_.begin(); }
  Map::const_iterator end() const { return values_.end(); }

 private:
  Map values_;
};

// A single-number spec, for models that build their specs in code, each field named where it is
// set: number_param("pes", "PEs").unit("PEs").value(8).range(1, 64).whole().about("...").
// Unset fields keep ParamSpec's defaults (no unit, step 0: any value in range).
class number_param {
 public:
  number_param(const char* name, const char* label);
  number_param& unit(const char* unit);
  number_param& value(double value);
  number_param& range(double min, double max);
  // A whole number, stepping by 1 unless step() says otherwise.
  number_param& whole(bool integer = true);
  number_param& step(double step);
  // The values are min, min * ratio, min * ratio^2, ... up to max.
  number_param& powers_of(double ratio);
  number_param& about(const char* description);
  // The unit is the chosen value of the choice parameter `choice` (ParamSpec::unit_from).
  number_param& unit_from(const char* choice);
  // A list of 1 to `items` numbers (each in range), `values` by default.
  number_param& max_items(std::size_t items);
  // Read only while `param`'s chosen value is one of `is` (ParamSpec::when); conditions add up.
  number_param& when(const char* param, std::vector<std::string> is);
  number_param& default_list(std::vector<double> values);
  operator ParamSpec() const { return spec_; }

 private:
  ParamSpec spec_;
};

// A parameter that picks one of `choices` by index, each field named where it is set:
// choice_param("switching", "Switching").choices({"wormhole", "circuit"}).value(0).about("...").
class choice_param {
 public:
  choice_param(const char* name, const char* label);
  choice_param& choices(std::vector<std::string> choices);
  // The index of the default choice.
  choice_param& value(double index);
  choice_param& about(const char* description);
  // Read only while `param`'s chosen value is one of `is` (ParamSpec::when).
  choice_param& when(const char* param, std::vector<std::string> is);
  // Choice `value` is called `name` while `param`'s chosen value is one of `is`.
  choice_param& name_when(int value, std::string name, const char* param,
                          std::vector<std::string> is);
  operator ParamSpec() const;

 private:
  const char* name_;
  const char* label_;
  std::vector<std::string> choices_;
  double value_ = 0;
  const char* description_ = "";
  std::vector<ParamCondition> when_;
  std::vector<ChoiceName> names_;
};

// Formats a number for messages: shortest form that reads back to the same value where it can.
std::string format_number(double value);

// Checks one value against its spec; throws ParamError naming the parameter, value and range.
void validate_param(const ParamSpec& spec, double value);

// Checks a value's kind, its item count and every item against the spec; throws ParamError naming
// the parameter (and the item, counted from 1) and what is valid.
void validate_param(const ParamSpec& spec, const ParamValue& value);

// `spec` with the unit its `unit_from` choice names at `values` (unchanged without one, or while
// that choice's value is not yet valid).
ParamSpec unit_at(const ParamSpec& spec, const std::vector<ParamSpec>& specs,
                  const ParamValues& values);

// Defaults overlaid with `overrides`, every value validated. Unknown names throw, listing the valid
// ones.
ParamValues resolve_params(const std::string& model, const std::vector<ParamSpec>& specs,
                           const ParamValues& overrides);

}  // namespace archex
