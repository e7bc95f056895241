#include "core/registry.h"

#include <algorithm>
#include <stdexcept>

#include "core/names.h"

namespace archex {

namespace {

// Throws std::invalid_argument unless `name` is declared as an output of `kind` by exactly that
// name (a family's pattern, for a family).
void check_declared(const ModelInfo& info, OutputKind kind, const std::string& name,
                    const char* what) {
  const bool found = std::any_of(info.outputs.begin(), info.outputs.end(), [&](const auto& o) {
    return o.kind == kind && o.name == name;
  });
  if (!found) {
    throw std::invalid_argument("model '" + info.name + "': its " + what + " '" + name +
                                "' is not a declared " + output_kind_name(kind));
  }
}

void check_signatures(const ModelInfo& info) {
  if (const auto& l = info.logp) {
    check_declared(info, OutputKind::kSeries, l->one_way_us, "LogP one-way series");
    check_declared(info, OutputKind::kSeries, l->one_way_cycles, "LogP one-way series");
    std::vector<LogpSignature::Fitted> fitted = l->fitted;
    fitted.push_back(l->overlap);
    for (const auto& f : fitted) {
      check_declared(info, OutputKind::kScalar, f.us, "LogP fitted scalar");
      check_declared(info, OutputKind::kScalar, f.cycles, "LogP fitted scalar");
    }
    check_declared(info, OutputKind::kScalar, l->clock_mhz, "LogP clock");
  }
  if (const auto& c = info.cost_models) {
    check_declared(info, OutputKind::kSeries, c->curves, "cost models' curves");
    if (!output_name_matches(c->curves, c->own)) {
      throw std::invalid_argument("model '" + info.name + "': its own cost model '" + c->own +
                                  "' is not one of '" + c->curves + "'");
    }
    for (const std::string& p : {c->ts, c->tb}) {
      const bool list = std::any_of(info.params.begin(), info.params.end(),
                                    [&](const ParamSpec& s) { return s.name == p && s.is_list(); });
      if (!list) {
        throw std::invalid_argument("model '" + info.name + "': its cost models' '" + p +
                                    "' is not a list parameter");
      }
    }
  }
}

// Throws std::invalid_argument unless the reads name the model's parameters, choose by a list of
// whole numbers from 0, and give each of its values what it reads.
void check_reads(const ModelInfo& info) {
  if (!info.reads) return;
  const ChoiceReads& r = *info.reads;
  const auto spec = [&](const std::string& name) {
    const auto it = std::find_if(info.params.begin(), info.params.end(),
                                 [&](const ParamSpec& s) { return s.name == name; });
    if (it == info.params.end()) {
      throw std::invalid_argument("model '" + info.name + "': its reads name '" + name +
                                  "', which is not one of its parameters");
    }
    return *it;
  };
  const ParamSpec choice = spec(r.param);
  if (!choice.is_list() || !choice.integer || choice.min != 0 ||
      r.by_value.size() != static_cast<std::size_t>(choice.max) + 1) {
    throw std::invalid_argument("model '" + info.name + "': its reads choose by '" + r.param +
                                "', which must be a list of whole numbers from 0, with what each "
                                "of its values reads");
  }
  for (const std::string& name : r.always) spec(name);
  for (const auto& names : r.by_value) {
    for (const std::string& name : names) spec(name);
  }
}

}  // namespace

void ModelRegistry::add(ModelInfo info) {
  for (const auto& m : models_) {
    if (m.name == info.name) throw std::invalid_argument("model '" + info.name + "' registered twice");
  }
  if (info.sweep ? !(info.sweep->weights && info.sweep->point && info.sweep->combine)
                 : !info.factory) {
    throw std::invalid_argument("model '" + info.name + "' has no factory or an incomplete sweep");
  }
  for (const ForeignName& f : info.foreign_names) {
    const auto on = std::find_if(info.params.begin(), info.params.end(),
                                 [&](const ParamSpec& s) { return s.name == f.param; });
    if (on == info.params.end() || !on->is_choice() ||
        std::find(on->choices.begin(), on->choices.end(), f.value) == on->choices.end() ||
        f.tool.empty() || f.name.empty()) {
      throw std::invalid_argument("model '" + info.name + "': " + f.tool + "'s name '" + f.name +
                                  "' is for '" + f.param + "' '" + f.value +
                                  "', not a choice of the model");
    }
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
    for (const ParamCondition& c : spec.when) {
      const auto on = std::find_if(info.params.begin(), info.params.end(),
                                   [&](const ParamSpec& s) { return s.name == c.param; });
      const bool known =
          on != info.params.end() && on->is_choice() && !c.is.empty() &&
          std::all_of(c.is.begin(), c.is.end(), [&](const std::string& value) {
            return std::find(on->choices.begin(), on->choices.end(), value) != on->choices.end();
          });
      if (!known) {
        throw std::invalid_argument("model '" + info.name + "': parameter '" + spec.name +
                                    "' is read when '" + c.param +
                                    "' takes values it has not: a condition names a choice "
                                    "parameter of the model and some of its choices");
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
  check_signatures(info);
  check_reads(info);
  models_.push_back(std::move(info));
}

const ModelInfo& ModelRegistry::get(const std::string& name) const {
  return find_by_name<std::invalid_argument>(models_, name, "unknown model");
}

}  // namespace archex
