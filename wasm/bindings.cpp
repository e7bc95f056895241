// embind bindings of the engine. Engine errors become JS Errors whose message names the parameter
// and its valid range, with the parameter on `error.param`; nothing here aborts the module.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <exception>
#include <memory>
#include <string>

#include "core/param_spec.h"
#include "core/simulation.h"
#include "models/builtin_models.h"

using emscripten::val;

namespace {

val make_error(const std::string& message, const std::string& param) {
  val error = val::global("Error").new_(val(message));
  if (!param.empty()) error.set("param", val(param));
  return error;
}

// Runs `f`; a C++ exception becomes a JS Error thrown after every C++ object of the call is
// destroyed.
template <class F>
auto guarded(F&& f) -> decltype(f()) {
  val error = val::undefined();
  try {
    return f();
  } catch (const archex::ParamError& e) {
    error = make_error(e.what(), e.param());
  } catch (const std::exception& e) {
    error = make_error(e.what(), "");
  }
  error.throw_();
}

val doubles(const std::vector<double>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

val describe_param(const archex::ParamSpec& p) {
  val o = val::object();
  o.set("name", p.name);
  o.set("label", p.label);
  o.set("unit", p.unit);
  o.set("default", p.default_value);
  o.set("min", p.min);
  o.set("max", p.max);
  o.set("step", p.step);
  o.set("integer", p.integer);
  o.set("description", p.description);
  return o;
}

val list_models() {
  return guarded([] {
    const archex::ModelRegistry registry = archex::builtin_registry();
    val models = val::array();
    for (const auto& m : registry.models()) {
      val o = val::object();
      o.set("name", m.name);
      o.set("title", m.title);
      o.set("description", m.description);
      o.set("citation", m.citation);
      val params = val::array();
      for (const auto& p : m.params) params.call<void>("push", describe_param(p));
      o.set("params", params);
      models.call<void>("push", o);
    }
    return models;
  });
}

archex::ParamValues to_param_values(const val& params) {
  archex::ParamValues values;
  if (params.isUndefined() || params.isNull()) return values;
  if (params.typeOf().as<std::string>() != "object") {
    throw std::invalid_argument("params must be an object of name: number");
  }
  const val keys = val::global("Object").call<val>("keys", params);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string name = keys[i].as<std::string>();
    const val v = params[name];
    if (v.typeOf().as<std::string>() != "number") {
      throw archex::ParamError(name, "parameter '" + name + "' must be a number");
    }
    values[name] = v.as<double>();
  }
  return values;
}

std::uint64_t to_seed(double seed) {
  constexpr double kMaxSafe = 9007199254740991.0;
  if (!(seed >= 0 && seed <= kMaxSafe) || std::floor(seed) != seed) {
    throw archex::ParamError("seed", "parameter 'seed' = " + archex::format_number(seed) +
                                         " must be a whole number; valid range [0, " +
                                         archex::format_number(kMaxSafe) + "]");
  }
  return static_cast<std::uint64_t>(seed);
}

class SimulationHandle {
 public:
  SimulationHandle(const std::string& model, const archex::ParamValues& params, std::uint64_t seed)
      : sim_(archex::builtin_registry(), model, params, seed) {}

  bool advance(double budget) {
    return guarded([&] {
      if (!(budget >= 1)) throw std::invalid_argument("advance budget must be >= 1");
      const double capped = std::fmin(std::floor(budget), 9007199254740991.0);
      return sim_.advance(static_cast<std::uint64_t>(capped));
    });
  }
  bool done() const { return sim_.done(); }
  double progress() const { return sim_.progress(); }
  std::string model() const { return sim_.model_name(); }
  double seed() const { return static_cast<double>(sim_.seed()); }

  val params() const {
    val o = val::object();
    for (const auto& [name, value] : sim_.params()) o.set(name, value);
    return o;
  }

  val result() const {
    return guarded([&] {
      const archex::Result r = sim_.result();
      val scalars = val::array();
      for (const auto& s : r.scalars) {
        val o = val::object();
        o.set("name", s.name);
        o.set("value", s.value);
        o.set("unit", s.unit);
        o.set("description", s.description);
        scalars.call<void>("push", o);
      }
      val series = val::array();
      for (const auto& s : r.series) {
        val o = val::object();
        o.set("name", s.name);
        o.set("label", s.label);
        o.set("xName", s.x_name);
        o.set("xUnit", s.x_unit);
        o.set("yName", s.y_name);
        o.set("yUnit", s.y_unit);
        o.set("x", doubles(s.x));
        o.set("y", doubles(s.y));
        series.call<void>("push", o);
      }
      val out = val::object();
      out.set("scalars", scalars);
      out.set("series", series);
      return out;
    });
  }

 private:
  archex::Simulation sim_;
};

SimulationHandle* create_simulation(const std::string& model, const val& params, double seed) {
  return guarded(
      [&] { return new SimulationHandle(model, to_param_values(params), to_seed(seed)); });
}

}  // namespace

EMSCRIPTEN_BINDINGS(archex) {
  emscripten::function("listModels", &list_models);
  emscripten::class_<SimulationHandle>("Simulation")
      .constructor(&create_simulation, emscripten::allow_raw_pointers())
      .function("advance", &SimulationHandle::advance)
      .function("done", &SimulationHandle::done)
      .function("progress", &SimulationHandle::progress)
      .function("model", &SimulationHandle::model)
      .function("seed", &SimulationHandle::seed)
      .function("params", &SimulationHandle::params)
      .function("result", &SimulationHandle::result);
}
