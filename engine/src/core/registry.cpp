#include "core/registry.h"

#include <algorithm>
#include <stdexcept>

#include "core/names.h"

namespace archex {

void ModelRegistry::add(ModelInfo info) {
  for (const auto& m : models_) {
    if (m.name == info.name) throw std::invalid_argument("model '" + info.name + "' registered twice");
  }
  if (info.sweep ? !(info.sweep->weights && info.sweep->point && info.sweep->combine)
                 : !info.factory) {
    throw std::invalid_argument("model '" + info.name + "' has no factory or an incomplete sweep");
  }
  for (const auto& spec : info.params) {
    if (!(spec.min <= spec.max) || !(spec.step > 0.0)) {
      throw std::invalid_argument("model '" + info.name + "': parameter '" + spec.name +
                                  "' has an empty range or a non-positive step");
    }
    if (spec.is_choice() && !(spec.integer && spec.min == 0 &&
                              spec.max == static_cast<double>(spec.choices.size() - 1))) {
      throw std::invalid_argument("model '" + info.name + "': parameter '" + spec.name +
                                  "' picks a choice, so it must be a whole number from 0 to " +
                                  std::to_string(spec.choices.size() - 1));
    }
    if (!spec.unit_from.empty()) {
      const auto from = std::find_if(info.params.begin(), info.params.end(),
                                     [&](const ParamSpec& s) { return s.name == spec.unit_from; });
      if (from == info.params.end() || !from->is_choice() ||
          from->choices.at(static_cast<std::size_t>(from->default_value)) != spec.unit) {
        throw std::invalid_argument("model '" + info.name + "': parameter '" + spec.name +
                                    "' takes its unit from '" + spec.unit_from +
                                    "', which must be a choice whose default names its unit");
      }
    }
    validate_param(spec, spec.default_value);
    if (spec.is_list()) {
      validate_param(spec, ParamValue(spec.default_list));
    } else if (!spec.default_list.empty()) {
      throw std::invalid_argument("model '" + info.name + "': parameter '" + spec.name +
                                  "' has a default list but max_items 0");
    }
  }
  check_outputs(info.name, info.outputs);
  models_.push_back(std::move(info));
}

const ModelInfo& ModelRegistry::get(const std::string& name) const {
  return find_by_name<std::invalid_argument>(models_, name, "unknown model");
}

}  // namespace archex
