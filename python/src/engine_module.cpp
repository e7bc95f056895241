// nanobind bindings of the engine for the Python package: the models as JSON (the wasm module's
// listModels, field for field), a run stepped in slices with the GIL released, its result as the
// native runner prints it, and the hash of the sources compiled. Engine errors become Python
// exceptions: ParamError (a ValueError naming the parameter) or RuntimeError.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>

#include <Python.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "archex_sources.h"
#include "core/param_spec.h"
#include "core/result_json.h"
#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace nb = nanobind;

namespace {

// JSON text written in order, as JSON.stringify writes the wasm module's objects: the same keys
// in the same order, so the two can be compared as values.
class JsonWriter {
 public:
  void begin_object() {
    open();
    out_ += '{';
    first_.push_back(true);
  }
  void end_object() {
    out_ += '}';
    first_.pop_back();
  }
  void begin_array() {
    open();
    out_ += '[';
    first_.push_back(true);
  }
  void end_array() {
    out_ += ']';
    first_.pop_back();
  }
  void key(const char* name) {
    separate();
    put_string(name);
    out_ += ':';
    keyed_ = true;
  }
  void value(const std::string& text) {
    open();
    put_string(text);
  }
  void value(const char* text) { value(std::string(text)); }
  void value(bool flag) {
    open();
    out_ += flag ? "true" : "false";
  }
  // Every double exactly (17 significant digits); JSON.stringify's null for what JSON cannot
  // hold.
  void value(double number) {
    open();
    if (!std::isfinite(number)) {
      out_ += "null";
      return;
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.17g", number);
    out_ += buffer;
  }
  void value(int number) { value(static_cast<double>(number)); }
  template <class T>
  void field(const char* name, const T& v) {
    key(name);
    value(v);
  }
  void strings(const char* name, const std::vector<std::string>& items) {
    key(name);
    begin_array();
    for (const std::string& item : items) value(item);
    end_array();
  }
  std::string text() && { return std::move(out_); }

 private:
  // A value after a key follows its colon; any other is an array's item.
  void open() {
    if (keyed_) {
      keyed_ = false;
      return;
    }
    separate();
  }
  void separate() {
    if (first_.empty()) return;
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
  void put_string(const std::string& s) {
    out_ += '"';
    for (const char c : s) {
      const auto byte = static_cast<unsigned char>(c);
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += c;
      } else if (c == '\n') {
        out_ += "\\n";
      } else if (c == '\t') {
        out_ += "\\t";
      } else if (c == '\r') {
        out_ += "\\r";
      } else if (byte < 0x20) {
        char escape[8];
        std::snprintf(escape, sizeof escape, "\\u%04x", byte);
        out_ += escape;
      } else {
        out_ += c;
      }
    }
    out_ += '"';
  }

  std::string out_;
  std::vector<bool> first_;
  bool keyed_ = false;
};

void put_condition(JsonWriter& w, const archex::ParamCondition& c) {
  w.begin_object();
  w.field("param", c.param);
  w.strings("is", c.is);
  w.end_object();
}

// As wasm/bindings.cpp's describe_param.
void put_param(JsonWriter& w, const archex::ParamSpec& p) {
  w.begin_object();
  w.field("name", p.name);
  w.field("label", p.label);
  w.field("unit", p.unit);
  w.field("default", p.default_value);
  w.field("min", p.min);
  w.field("max", p.max);
  w.field("step", p.step);
  w.field("integer", p.integer);
  w.field("ratio", p.ratio);
  w.field("description", p.description);
  w.field("maxItems", static_cast<double>(p.max_items));
  w.key("defaultList");
  w.begin_array();
  for (const double x : p.default_list) w.value(x);
  w.end_array();
  w.strings("choices", p.choices);
  w.field("unitFrom", p.unit_from);
  w.key("when");
  w.begin_array();
  for (const archex::ParamCondition& c : p.when) put_condition(w, c);
  w.end_array();
  w.key("choiceNames");
  w.begin_array();
  for (const archex::ChoiceName& n : p.choice_names) {
    w.begin_object();
    w.field("value", n.value);
    w.field("name", n.name);
    w.key("when");
    put_condition(w, n.when);
    w.end_object();
  }
  w.end_array();
  w.end_object();
}

void put_fitted(JsonWriter& w, const archex::LogpSignature::Fitted& f) {
  w.begin_object();
  w.field("param", f.param);
  w.field("us", f.us);
  w.field("cycles", f.cycles);
  w.end_object();
}

// Built once: every model's specs are built in code, which costs more than a formula run.
const archex::ModelRegistry& registry() {
  static const archex::ModelRegistry models = archex::builtin_registry();
  return models;
}

// As wasm/bindings.cpp's list_models, as JSON.
std::string models_json() {
  JsonWriter w;
  w.begin_array();
  for (const archex::ModelInfo& m : registry().models()) {
    w.begin_object();
    w.field("name", m.name);
    w.field("title", m.title);
    w.field("description", m.description);
    w.field("citation", m.citation);
    w.key("params");
    w.begin_array();
    for (const archex::ParamSpec& p : m.params) put_param(w, p);
    w.end_array();
    w.key("outputs");
    w.begin_array();
    for (const archex::OutputSpec& out : m.outputs) {
      w.begin_object();
      w.field("name", out.name);
      w.field("kind", archex::output_kind_name(out.kind));
      w.field("unit", out.unit);
      w.field("description", out.description);
      w.end_object();
    }
    w.end_array();
    w.field("recordsTrace", m.records_trace);
    if (m.logp) {
      w.key("logp");
      w.begin_object();
      w.field("oneWayUs", m.logp->one_way_us);
      w.field("oneWayCycles", m.logp->one_way_cycles);
      w.key("fitted");
      w.begin_array();
      for (const auto& f : m.logp->fitted) put_fitted(w, f);
      w.end_array();
      w.key("overlap");
      put_fitted(w, m.logp->overlap);
      w.field("clockMhz", m.logp->clock_mhz);
      w.end_object();
    }
    if (m.cost_models) {
      w.key("costModels");
      w.begin_object();
      w.field("curves", m.cost_models->curves);
      w.field("own", m.cost_models->own);
      w.field("ts", m.cost_models->ts);
      w.field("tb", m.cost_models->tb);
      w.end_object();
    }
    if (m.reads) {
      w.key("reads");
      w.begin_object();
      w.field("param", m.reads->param);
      w.strings("always", m.reads->always);
      w.key("byValue");
      w.begin_array();
      for (const auto& names : m.reads->by_value) {
        w.begin_array();
        for (const std::string& name : names) w.value(name);
        w.end_array();
      }
      w.end_array();
      w.end_object();
    }
    if (!m.foreign_names.empty()) {
      w.key("foreignNames");
      w.begin_array();
      for (const archex::ForeignName& f : m.foreign_names) {
        w.begin_object();
        w.field("tool", f.tool);
        w.field("param", f.param);
        w.field("value", f.value);
        w.field("name", f.name);
        w.strings("on", f.on);
        w.field("note", f.note);
        w.end_object();
      }
      w.end_array();
    }
    w.end_object();
  }
  w.end_array();
  return std::move(w).text();
}

// archex._engine.ParamError, made at import.
PyObject* param_error_type = nullptr;

// Raises ParamError(message) with .param, as a Python exception pending for nanobind to pass on.
[[noreturn]] void raise_param_error(const archex::ParamError& e) {
  nb::object error = nb::steal(PyObject_CallFunction(param_error_type, "s", e.what()));
  if (!error.is_valid()) throw nb::python_error();
  nb::setattr(error, "param", nb::str(e.param().c_str()));
  PyErr_SetObject(param_error_type, error.ptr());
  throw nb::python_error();
}

// Runs `body` and turns what the engine throws into ParamError or RuntimeError.
template <class F>
auto guarded(F body) -> decltype(body()) {
  try {
    return body();
  } catch (const nb::python_error&) {
    throw;
  } catch (const archex::ParamError& e) {
    raise_param_error(e);
  } catch (const std::exception& e) {
    throw std::runtime_error(e.what());
  }
}

// A whole number in [0, 2^53 - 1] for the seed and in [0, 2^32) for a point, as the wasm module
// takes them, so that a seed Python accepts is one every other caller can give too.
std::uint64_t whole_number(nb::handle value, const char* name, double max,
                           const std::string& refusal) {
  if (PyLong_Check(value.ptr()) && !PyBool_Check(value.ptr())) {
    int overflow = 0;
    const long long n = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow == 0 && n >= 0 && static_cast<double>(n) <= max) {
      return static_cast<std::uint64_t>(n);
    }
  }
  throw archex::ParamError(name, refusal);
}

std::uint64_t to_seed(nb::handle seed) {
  constexpr double kMaxSafe = 9007199254740991.0;
  return whole_number(seed, "seed", kMaxSafe,
                      std::string("parameter 'seed' = ") + nb::repr(seed).c_str() +
                          " is not a whole number in [0, " + archex::format_number(kMaxSafe) +
                          "]");
}

std::optional<std::size_t> to_point(nb::handle point) {
  if (point.is_none()) return std::nullopt;
  return whole_number(point, "point", 4294967295.0,
                      "parameter 'point' must be a whole number from 0");
}

bool is_number(nb::handle v) {
  return (PyLong_Check(v.ptr()) || PyFloat_Check(v.ptr())) && !PyBool_Check(v.ptr());
}

double to_double(nb::handle v) {
  const double x = PyFloat_AsDouble(v.ptr());
  if (x == -1.0 && PyErr_Occurred()) throw nb::python_error();
  return x;
}

// As the wasm module: a number is a single value and an array a list; whether that kind suits
// the parameter is the engine's check.
archex::ParamValue to_param_value(const std::string& name, nb::handle v) {
  if (is_number(v)) return to_double(v);
  if (!PyList_Check(v.ptr())) {
    throw archex::ParamError(name,
                             "parameter '" + name + "' must be a number or an array of numbers");
  }
  std::vector<double> items;
  const nb::list list = nb::borrow<nb::list>(v);
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (!is_number(list[i])) {
      throw archex::ParamError(name, "parameter '" + name + "' item " + std::to_string(i + 1) +
                                         " must be a number");
    }
    items.push_back(to_double(list[i]));
  }
  return items;
}

archex::ParamValues to_param_values(const std::string& params_json) {
  const nb::object parsed = nb::module_::import_("json").attr("loads")(params_json);
  if (!PyDict_Check(parsed.ptr())) {
    throw std::invalid_argument("params must be a JSON object of name: number or number[]");
  }
  archex::ParamValues values;
  for (const auto& [key, value] : nb::borrow<nb::dict>(parsed)) {
    const std::string name = nb::cast<std::string>(key);
    values.set(name, to_param_value(name, value));
  }
  return values;
}

using Clock = std::chrono::steady_clock;

// What one advance() of a step aims to take: short against a step's budget, so a step ends
// close to it, and long against the call's own cost.
constexpr double kChunkMs = 2.0;

class Run {
 public:
  Run(const std::string& model, const std::string& params_json, nb::handle seed,
      nb::handle point) {
    guarded([&] {
      sim_ = std::make_unique<archex::Simulation>(registry(), model, to_param_values(params_json),
                                                  to_seed(seed), to_point(point));
    });
  }

  // Advances for about `budget_ms` (at least one chunk of work) without the GIL, so other
  // threads run and a signal is handled between steps. True once the run is complete.
  bool step(double budget_ms) {
    check_ready();
    if (!(budget_ms >= 0)) throw std::invalid_argument("step: budget_ms must be a number >= 0");
    stepping_ = true;
    std::exception_ptr failure;
    bool done = false;
    {
      nb::gil_scoped_release release;
      try {
        done = advance_for(budget_ms);
      } catch (...) {
        failure = std::current_exception();
      }
    }
    stepping_ = false;
    if (failure) {
      // A model that threw part way is in no state to go on: the run ends, and says why after.
      sim_.reset();
      guarded([&] {
        try {
          std::rethrow_exception(failure);
        } catch (const std::exception& e) {
          failed_ = e.what();
          throw;
        }
      });
    }
    return done;
  }

  double progress() const {
    check_ready();
    return sim_->progress();
  }

  std::string result_json() const {
    check_ready();
    return guarded([&] { return archex::result_full_json(sim_->params(), sim_->result()); });
  }

 private:
  bool advance_for(double budget_ms) {
    const Clock::time_point start = Clock::now();
    for (;;) {
      const Clock::time_point begun = Clock::now();
      if (sim_->advance(units_)) return true;
      const Clock::time_point now = Clock::now();
      // The units that take about kChunkMs, as the web worker sizes its slices.
      const double chunk_ms = std::chrono::duration<double, std::milli>(now - begun).count();
      if (chunk_ms < kChunkMs / 2 && units_ < (std::uint64_t{1} << 62)) units_ *= 2;
      if (chunk_ms > kChunkMs * 2 && units_ > 1) units_ /= 2;
      if (std::chrono::duration<double, std::milli>(now - start).count() >= budget_ms) {
        return false;
      }
    }
  }

  // A run steps in one thread at a time (the others' calls would race with it), and not after
  // it failed.
  void check_ready() const {
    if (stepping_) throw std::runtime_error("the run is stepping in another thread");
    if (!sim_) throw std::runtime_error("the run failed: " + failed_);
  }

  std::unique_ptr<archex::Simulation> sim_;
  // Why the run failed while stepping; sim_ is then gone.
  std::string failed_;
  std::uint64_t units_ = 16;
  bool stepping_ = false;
};

}  // namespace

NB_MODULE(_engine, m) {
  m.doc() = "The archex engine: its models, runs stepped in slices, results as archex_run's JSON.";
  param_error_type = PyErr_NewExceptionWithDoc(
      "archex._engine.ParamError",
      "A parameter the engine refuses; .param names it and the message gives its valid range.",
      PyExc_ValueError, nullptr);
  m.attr("ParamError") = nb::borrow(param_error_type);

  m.def("models", &models_json, "Every model as JSON, as the wasm module's listModels gives it.");
  m.def("sources", [] { return std::string(ARCHEX_SOURCES); },
        "The hash of the engine sources compiled, as wasm/build/archex.build.json's `sources`.");

  nb::class_<Run>(m, "Run")
      .def(nb::init<const std::string&, const std::string&, nb::handle, nb::handle>(),
           nb::arg("model"), nb::arg("params_json"), nb::arg("seed"),
           nb::arg("point") = nb::none())
      .def("step", &Run::step, nb::arg("budget_ms"))
      .def("progress", &Run::progress)
      .def("result_json", &Run::result_json);
}
