#include "core/outputs.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace archex {

namespace {

// Whether `name` from `at` matches `pattern` from `p`; '*' matches any text, none included.
bool glob(const std::string& pattern, std::size_t p, const std::string& name, std::size_t at) {
  if (p == pattern.size()) return at == name.size();
  if (pattern[p] == '*') {
    for (std::size_t skip = at; skip <= name.size(); ++skip) {
      if (glob(pattern, p + 1, name, skip)) return true;
    }
    return false;
  }
  return at < name.size() && name[at] == pattern[p] && glob(pattern, p + 1, name, at + 1);
}

std::string undeclared(const std::string& model, OutputKind kind, const std::string& name) {
  return "model '" + model + "' reports the " + output_kind_name(kind) + " '" + name +
         "', which its outputs do not declare";
}

template <class Item>
const OutputSpec& declared(const std::string& model, const std::vector<OutputSpec>& outputs,
                           OutputKind kind, const Item& item) {
  const OutputSpec* spec = find_output(outputs, kind, item.name);
  if (!spec) throw std::logic_error(undeclared(model, kind, item.name));
  return *spec;
}

void check_unit(const std::string& model, const OutputSpec& spec, const std::string& name,
                const std::string& unit) {
  if (unit != spec.unit) {
    throw std::logic_error("model '" + model + "' reports '" + name + "' in '" + unit +
                           "', but declares it in '" + spec.unit + "'");
  }
}

}  // namespace

const char* output_kind_name(OutputKind kind) {
  switch (kind) {
    case OutputKind::kScalar:
      return "scalar";
    case OutputKind::kSeries:
      return "series";
    case OutputKind::kNetwork:
      return "network";
    case OutputKind::kTimeline:
      return "timeline";
  }
  return "";
}

DeclaredOutput::operator OutputSpec() const {
  return {std::string(name_), kind_, std::string(unit_), std::string(description_)};
}

std::string DeclaredOutput::name() const {
  if (name_.find('*') != std::string_view::npos) {
    throw std::logic_error("the output '" + std::string(name_) + "' is a family: name a member");
  }
  return std::string(name_);
}

std::string DeclaredOutput::name(std::initializer_list<std::string_view> items) const {
  std::string out;
  auto item = items.begin();
  for (char c : name_) {
    if (c != '*') {
      out += c;
    } else if (item == items.end()) {
      throw std::logic_error("the output family '" + std::string(name_) + "' has more '*'s than " +
                             std::to_string(items.size()) + " items");
    } else {
      out += *item++;
    }
  }
  if (item != items.end()) {
    throw std::logic_error("the output family '" + std::string(name_) + "' has fewer '*'s than " +
                           std::to_string(items.size()) + " items");
  }
  return out;
}

Scalar ScalarOutput::operator()(double value) const { return {name(), value, unit(), ""}; }

Scalar ScalarOutput::operator()(std::initializer_list<std::string_view> items, double value,
                                std::string description) const {
  return {name(items), value, unit(), std::move(description)};
}

Series SeriesOutput::operator()(std::string label, std::string x_name, std::string x_unit,
                                std::string y_name) const {
  return {name(), std::move(label), std::move(x_name), std::move(x_unit), std::move(y_name),
          unit(), {}, {}, {}, {}};
}

Series SeriesOutput::operator()(std::initializer_list<std::string_view> items, std::string label,
                                std::string x_name, std::string x_unit,
                                std::string y_name) const {
  return {name(items), std::move(label), std::move(x_name), std::move(x_unit), std::move(y_name),
          unit(), {}, {}, {}, {}};
}

bool output_name_matches(const std::string& pattern, const std::string& name) {
  return glob(pattern, 0, name, 0);
}

const OutputSpec* find_output(const std::vector<OutputSpec>& outputs, OutputKind kind,
                              const std::string& name) {
  const OutputSpec* best = nullptr;
  std::size_t best_literal = 0;
  for (const OutputSpec& spec : outputs) {
    if (spec.kind != kind || !output_name_matches(spec.name, name)) continue;
    const auto literal = static_cast<std::size_t>(
        spec.name.size() - std::count(spec.name.begin(), spec.name.end(), '*'));
    if (!best || literal > best_literal) {
      best = &spec;
      best_literal = literal;
    }
  }
  return best;
}

void describe_outputs(const std::string& model, const std::vector<OutputSpec>& outputs,
                      Result& result) {
  for (Scalar& s : result.scalars) {
    const OutputSpec& spec = declared(model, outputs, OutputKind::kScalar, s);
    if (!s.unit.empty()) check_unit(model, spec, s.name, s.unit);
    s.unit = spec.unit;
    if (s.description.empty()) s.description = spec.description;
  }
  for (Series& s : result.series) {
    const OutputSpec& spec = declared(model, outputs, OutputKind::kSeries, s);
    if (!s.y_unit.empty()) check_unit(model, spec, s.name, s.y_unit);
    s.y_unit = spec.unit;
  }
  for (const NetworkMap& n : result.networks) declared(model, outputs, OutputKind::kNetwork, n);
  for (const Timeline& t : result.timelines) {
    check_unit(model, declared(model, outputs, OutputKind::kTimeline, t), t.name, t.time_unit);
  }
}

void check_outputs(const std::string& model, const std::vector<OutputSpec>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const OutputSpec& spec = outputs[i];
    if (spec.name.empty() || spec.name == "*" || spec.description.empty()) {
      throw std::invalid_argument("model '" + model + "': an output needs a name and a " +
                                  "description ('" + spec.name + "')");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (outputs[j].name == spec.name) {
        throw std::invalid_argument("model '" + model + "' declares the output '" + spec.name +
                                    "' twice");
      }
    }
  }
}

}  // namespace archex
