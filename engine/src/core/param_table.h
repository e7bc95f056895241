#pragma once

#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "core/record.h"
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

  // A parameter a part of the model reads itself (a topology its sizes: network/topologies/
  // part.h), kept as given in the struct's ParamValues.
  ParamTable& keep(ParamValues P::*values, ParamSpec spec) {
    const std::string name = spec.name;
    return bind(std::move(spec), [values, name](P& p, const ParamValue& v) {
      (p.*values).set(name, v);
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

  // Another table's entries after this one's, in their order (a part declared in pieces).
  ParamTable& append(const ParamTable& other) {
    for (std::size_t i = 0; i < other.specs_.size(); ++i) bind(other.specs_[i], other.setters_[i]);
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
  // A condition on a parameter left out goes too: the model reads the rest alike.
  ParamTable only(const std::vector<std::string>& names) const {
    ParamTable out;
    for (const std::string& name : names) {
      const std::size_t i = index(name);
      ParamSpec spec = specs_[i];
      spec.when.erase(std::remove_if(spec.when.begin(), spec.when.end(),
                                     [&](const ParamCondition& c) {
                                       return std::find(names.begin(), names.end(), c.param) ==
                                              names.end();
                                     }),
                      spec.when.end());
      out.bind(std::move(spec), setters_[i]);
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

// A registry entry, each part named where it is given; every part receives the typed parameters
// read through `table`:
//   model_entry("name", table).title(...).about(...).citation(...).outputs(...)
//       .machine(networks).run(make)                       a model run whole, or
//       .machine(networks).sweep(weights, point, records, combine)  a sweep of points
//                                                         (SweepInfo), each giving a typed record
//                                                         (core/record.h)
//   and .state(estimate) where the model estimates a run's state (ModelInfo::state),
//   .streams(stream) where points share a random stream (SweepInfo::stream),
//   .point_keys(unread, coordinates) where points are known by what they read (SweepInfo::key),
//   .traces() where a run records a trace, .logp(signature) and .cost_models(signature) where its
//   outputs are a LogP benchmark's or the papers' cost models (core/signatures.h), .reads(reads)
//   where what a run reads follows a list parameter's values (ChoiceReads), .foreign_names(names)
//   where another tool's files name its choices' values (ForeignName).
template <class P>
class ModelEntry {
 public:
  ModelEntry(std::string name, ParamTable<P> table)
      : table_(std::make_shared<const ParamTable<P>>(std::move(table))) {
    info_.name = std::move(name);
    info_.params = table_->specs();
  }
  ModelEntry& title(std::string title) {
    info_.title = std::move(title);
    return *this;
  }
  ModelEntry& about(std::string description) {
    info_.description = std::move(description);
    return *this;
  }
  ModelEntry& citation(std::string citation) {
    info_.citation = std::move(citation);
    return *this;
  }
  ModelEntry& outputs(std::vector<OutputSpec> outputs) {
    info_.outputs = std::move(outputs);
    return *this;
  }
  template <class Machine>
  ModelEntry& machine(Machine machine) {
    info_.machine = [table = table_, machine](const ParamValues& values) {
      return machine(table->read(values));
    };
    return *this;
  }
  template <class Machine>
  ModelEntry& point_machine(Machine machine) {
    info_.point_machine = [table = table_, machine](const ParamValues& values, std::size_t point) {
      return machine(table->read(values), point);
    };
    return *this;
  }
  template <class Make>
  ModelEntry& run(Make make) {
    info_.factory = [table = table_, make](const ParamValues& values, Rng rng) {
      return make(table->read(values), rng);
    };
    return *this;
  }
  // A sweep of points, each a RecordPoint<R>: `combine` takes the typed parameters and the
  // finished points' PointRecord<R>s, sorted by index. `records` outlives the registry (a
  // function-static table, as the points hold it too).
  template <class Weights, class Point, class R, class Combine>
  ModelEntry& sweep(Weights weights, Point point, const RecordTable<R>& records, Combine combine) {
    const auto table = table_;
    info_.sweep = SweepInfo{
        [table, weights](const ParamValues& values) { return weights(table->read(values)); },
        [table, point](const ParamValues& values, Rng rng, std::size_t index) {
          return point(table->read(values), rng, index);
        },
        [table, &records, combine](const ParamValues& values,
                                   const std::vector<PointResult>& partials) {
          return combine(table->read(values), read_records(records, partials));
        }};
    return *this;
  }
  template <class State>
  ModelEntry& state(State state) {
    info_.state = [table = table_, state](const ParamValues& values) {
      return state(table->read(values));
    };
    return *this;
  }
  // Call after sweep(): `stream` takes the typed parameters and a point's index and gives the
  // index whose random stream the point draws from.
  template <class Stream>
  ModelEntry& streams(Stream stream) {
    info_.sweep->stream = [table = table_, stream](const ParamValues& values, std::size_t point) {
      return stream(table->read(values), point);
    };
    return *this;
  }
  // Call after sweep(): a point's key is the run's parameters but the `unread` ones (those that
  // only choose the points or only the combine reads), with `coordinates` (typed parameters and
  // a point's index to the point's own values: what it runs, and what its partial holds) under
  // "point." names. Naming too few unread parameters only keeps fewer points; every parameter a
  // point reads must stay.
  template <class Coordinates>
  ModelEntry& point_keys(std::vector<std::string> unread, Coordinates coordinates) {
    info_.sweep->key = [table = table_, unread = std::move(unread), coordinates](
                           const ParamValues& values, std::size_t point) {
      ParamValues key;
      for (const auto& [name, value] : values) {
        if (std::find(unread.begin(), unread.end(), name) == unread.end()) key.set(name, value);
      }
      for (const auto& [name, value] : coordinates(table->read(values), point)) {
        key.set("point." + name, value);
      }
      return key;
    };
    return *this;
  }
  ModelEntry& traces() {
    info_.records_trace = true;
    return *this;
  }
  ModelEntry& logp(LogpSignature signature) {
    info_.logp = std::move(signature);
    return *this;
  }
  ModelEntry& cost_models(CostModelSignature signature) {
    info_.cost_models = std::move(signature);
    return *this;
  }
  ModelEntry& reads(ChoiceReads reads) {
    info_.reads = std::move(reads);
    return *this;
  }
  ModelEntry& foreign_names(std::vector<ForeignName> names) {
    info_.foreign_names = std::move(names);
    return *this;
  }
  operator ModelInfo() const { return info_; }

 private:
  std::shared_ptr<const ParamTable<P>> table_;
  ModelInfo info_;
};

template <class P>
ModelEntry<P> model_entry(std::string name, ParamTable<P> table) {
  return ModelEntry<P>(std::move(name), std::move(table));
}

}  // namespace archex
