#pragma once

#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "core/registry.h"

namespace archex {

// A model's parameters declared once: each entry is a spec (name, unit, range, default, meaning)
// bound to the field of the typed struct `P` it fills, so the UI's controls, the engine's checks
// and the model's reading of its inputs all come from one declaration (as SST's ELI macros keep a
// parameter's documentation beside the code that reads it).
template <class P>
class ParamTable {
 public:
  // A single number read into a double, an int (the spec must be a whole number) or an enum
  // (the spec picks one of its choices by index).
  template <class T>
  ParamTable& add(T P::*field, ParamSpec spec) {
    static_assert(std::is_same_v<T, double> || std::is_same_v<T, int> || std::is_enum_v<T>,
                  "a single-number parameter fills a double, an int or an enum");
    if constexpr (!std::is_same_v<T, double>) require_whole(spec);
    return bind(std::move(spec), [field](P& p, const ParamValue& v) {
      p.*field = static_cast<T>(v.items().front());
    });
  }

  // A list, read into a vector of doubles or of ints (the spec must then be whole numbers).
  template <class T>
  ParamTable& add(std::vector<T> P::*field, ParamSpec spec) {
    static_assert(std::is_same_v<T, double> || std::is_same_v<T, int>,
                  "a list parameter fills a vector of doubles or ints");
    if constexpr (std::is_same_v<T, int>) require_whole(spec);
    if (!spec.is_list()) {
      throw std::invalid_argument("parameter '" + spec.name + "' fills a list but is no list");
    }
    return bind(std::move(spec), [field](P& p, const ParamValue& v) {
      std::vector<T>& out = p.*field;
      out.clear();
      for (const double x : v.items()) out.push_back(static_cast<T>(x));
    });
  }

  // The parameters of a part (a network, a node's costs), declared by the part's own table.
  template <class Q>
  ParamTable& include(Q P::*member, const ParamTable<Q>& part) {
    for (std::size_t i = 0; i < part.specs_.size(); ++i) {
      bind(part.specs_[i], [member, set = part.setters_[i]](P& p, const ParamValue& v) {
        set(p.*member, v);
      });
    }
    return *this;
  }

  // A model's own default for a declared parameter (its machine on shared network specs).
  ParamTable& set_default(const std::string& name, ParamValue value) {
    ParamSpec& s = spec(name);
    if (s.is_list()) {
      s.default_list = value.items();
    } else {
      s.default_value = value.items().front();
    }
    return *this;
  }

  // The named entries only, in the order named (a cube-only network from the network's table).
  ParamTable only(const std::vector<std::string>& names) const {
    ParamTable out;
    for (const std::string& name : names) {
      const std::size_t i = index(name);
      out.bind(specs_[i], setters_[i]);
    }
    return out;
  }

  // Every entry but the one named, in order (a model that leaves one of a part's costs unused).
  ParamTable without(const std::string& name) const {
    ParamTable out;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
      if (specs_[i].name != name) out.bind(specs_[i], setters_[i]);
    }
    return out;
  }

  // A declared spec, to narrow it for one use (fewer choices, another description).
  ParamSpec& spec(const std::string& name) { return specs_[index(name)]; }

  const std::vector<ParamSpec>& specs() const { return specs_; }

  // The typed parameters from values already resolved against specs() (every name present and
  // valid, as Simulation guarantees).
  P read(const ParamValues& values) const {
    P p{};
    for (std::size_t i = 0; i < specs_.size(); ++i) setters_[i](p, values.at(specs_[i].name));
    return p;
  }

 private:
  template <class>
  friend class ParamTable;
  using Setter = std::function<void(P&, const ParamValue&)>;

  std::size_t index(const std::string& name) const {
    for (std::size_t i = 0; i < specs_.size(); ++i) {
      if (specs_[i].name == name) return i;
    }
    throw std::invalid_argument("no parameter '" + name + "' in the table");
  }

  static void require_whole(const ParamSpec& spec) {
    if (!spec.integer) {
      throw std::invalid_argument("parameter '" + spec.name +
                                  "' fills a whole-number field but allows fractions");
    }
  }

  ParamTable& bind(ParamSpec spec, Setter set) {
    specs_.push_back(std::move(spec));
    setters_.push_back(std::move(set));
    return *this;
  }

  std::vector<ParamSpec> specs_;
  std::vector<Setter> setters_;
};

// The `state` of a model that does not estimate its state.
struct NoStateEstimate {};

namespace detail {
template <class P, class State>
void set_state(ModelInfo& info, const std::shared_ptr<const ParamTable<P>>& shared, State state) {
  if constexpr (!std::is_same_v<State, NoStateEstimate>) {
    info.state = [shared, state](const ParamValues& values) { return state(shared->read(values)); };
  }
}
}  // namespace detail

// A registry entry whose factory receives the typed parameters read through `table`, and whose
// `machine` (typed parameters to networks; see MachineDescriber) too; `state`, when given,
// estimates a run's state from them (ModelInfo::state).
template <class P, class Machine, class Make, class State = NoStateEstimate>
ModelInfo model_info(std::string name, std::string title, std::string description,
                     std::string citation, ParamTable<P> table, std::vector<OutputSpec> outputs,
                     Machine machine, Make make, State state = {}) {
  auto shared = std::make_shared<const ParamTable<P>>(std::move(table));
  ModelInfo info{std::move(name), std::move(title), std::move(description), std::move(citation),
                 shared->specs()};
  info.factory = [shared, make](const ParamValues& values, Rng rng) {
    return make(shared->read(values), rng);
  };
  info.outputs = std::move(outputs);
  info.machine = [shared, machine](const ParamValues& values) {
    return machine(shared->read(values));
  };
  detail::set_state(info, shared, state);
  return info;
}

// A registry entry for a sweep model (see SweepInfo) whose parts receive the typed parameters.
template <class P, class Machine, class Weights, class Point, class Combine,
          class State = NoStateEstimate>
ModelInfo sweep_model_info(std::string name, std::string title, std::string description,
                           std::string citation, ParamTable<P> table,
                           std::vector<OutputSpec> outputs, Machine machine, Weights weights,
                           Point point, Combine combine, State state = {}) {
  auto shared = std::make_shared<const ParamTable<P>>(std::move(table));
  ModelInfo info{std::move(name), std::move(title), std::move(description), std::move(citation),
                 shared->specs()};
  info.outputs = std::move(outputs);
  info.machine = [shared, machine](const ParamValues& values) {
    return machine(shared->read(values));
  };
  info.sweep = SweepInfo{
      [shared, weights](const ParamValues& values) { return weights(shared->read(values)); },
      [shared, point](const ParamValues& values, Rng rng, std::size_t index) {
        return point(shared->read(values), rng, index);
      },
      [shared, combine](const ParamValues& values, const std::vector<PointResult>& partials) {
        return combine(shared->read(values), partials);
      }};
  detail::set_state(info, shared, state);
  return info;
}

// Points of a sweep model that are one run draw from one random stream (SweepInfo::stream):
// `stream` takes the typed parameters and a point's index and gives the index whose stream it
// draws from.
template <class P, class Stream>
void set_sweep_streams(ModelInfo& info, const ParamTable<P>& table, Stream stream) {
  auto shared = std::make_shared<const ParamTable<P>>(table);
  info.sweep->stream = [shared, stream](const ParamValues& values, std::size_t point) {
    return stream(shared->read(values), point);
  };
}

}  // namespace archex
