// embind bindings of the engine. No binding throws: a JS exception thrown through wasm frames would
// skip C++ destructors and leave the stack pointer moved, so enough errors would trap the module,
// and a C++ exception reaches JS as a bare number (a pointer). A simulation that could not be
// built, or failed while running, reports why through error() instead.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <cmath>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "core/param_spec.h"
#include "core/simulation.h"
#include "core/sweep.h"
#include "core/trace.h"
#include "machines/builtin_models.h"

using emscripten::val;

namespace {

// A copy of `v` as a Float64Array or Int32Array: one copy out of wasm memory, which the worker
// then moves to the UI without another.
template <class T>
val typed(const std::vector<T>& v) {
  return val(emscripten::typed_memory_view(v.size(), v.data())).template call<val>("slice");
}

val doubles(const std::vector<double>& v) { return typed(v); }

val numbers(const std::vector<double>& v) {
  val a = val::array();
  for (const double x : v) a.call<void>("push", x);
  return a;
}

val strings(const std::vector<std::string>& v) {
  val a = val::array();
  for (const auto& x : v) a.call<void>("push", x);
  return a;
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
  o.set("ratio", p.ratio);
  o.set("description", p.description);
  o.set("maxItems", static_cast<double>(p.max_items));
  o.set("defaultList", numbers(p.default_list));
  o.set("choices", strings(p.choices));
  o.set("unitFrom", p.unit_from);
  val when = val::array();
  for (const archex::ParamCondition& c : p.when) {
    val condition = val::object();
    condition.set("param", c.param);
    condition.set("is", strings(c.is));
    when.call<void>("push", condition);
  }
  o.set("when", when);
  val names = val::array();
  for (const archex::ChoiceName& n : p.choice_names) {
    val name = val::object();
    name.set("value", n.value);
    name.set("name", n.name);
    val condition = val::object();
    condition.set("param", n.when.param);
    condition.set("is", strings(n.when.is));
    name.set("when", condition);
    names.call<void>("push", name);
  }
  o.set("choiceNames", names);
  return o;
}

// Built once per module: every model's specs are built in code, and building them all for each
// run would cost more than a formula run itself.
const archex::ModelRegistry& registry() {
  static const archex::ModelRegistry models = archex::builtin_registry();
  return models;
}

val to_val(const archex::LogpSignature::Fitted& f) {
  val o = val::object();
  o.set("param", f.param);
  o.set("us", f.us);
  o.set("cycles", f.cycles);
  return o;
}

val to_val(const archex::LogpSignature& s) {
  val fitted = val::array();
  for (const auto& f : s.fitted) fitted.call<void>("push", to_val(f));
  val o = val::object();
  o.set("oneWayUs", s.one_way_us);
  o.set("oneWayCycles", s.one_way_cycles);
  o.set("fitted", fitted);
  o.set("overlap", to_val(s.overlap));
  o.set("clockMhz", s.clock_mhz);
  return o;
}

val list_models() {
  {
    val models = val::array();
    for (const auto& m : registry().models()) {
      val o = val::object();
      o.set("name", m.name);
      o.set("title", m.title);
      o.set("description", m.description);
      o.set("citation", m.citation);
      val params = val::array();
      for (const auto& p : m.params) params.call<void>("push", describe_param(p));
      o.set("params", params);
      val outputs = val::array();
      for (const auto& out : m.outputs) {
        val d = val::object();
        d.set("name", out.name);
        d.set("kind", std::string(archex::output_kind_name(out.kind)));
        d.set("unit", out.unit);
        d.set("description", out.description);
        outputs.call<void>("push", d);
      }
      o.set("outputs", outputs);
      o.set("recordsTrace", m.records_trace);
      if (m.logp) o.set("logp", to_val(*m.logp));
      if (m.cost_models) {
        val c = val::object();
        c.set("curves", m.cost_models->curves);
        c.set("own", m.cost_models->own);
        c.set("ts", m.cost_models->ts);
        c.set("tb", m.cost_models->tb);
        o.set("costModels", c);
      }
      if (m.reads) {
        val r = val::object();
        r.set("param", m.reads->param);
        r.set("always", strings(m.reads->always));
        val by_value = val::array();
        for (const auto& names : m.reads->by_value) by_value.call<void>("push", strings(names));
        r.set("byValue", by_value);
        o.set("reads", r);
      }
      if (!m.foreign_names.empty()) {
        val names = val::array();
        for (const archex::ForeignName& f : m.foreign_names) {
          val n = val::object();
          n.set("tool", f.tool);
          n.set("param", f.param);
          n.set("value", f.value);
          n.set("name", f.name);
          n.set("on", strings(f.on));
          n.set("note", f.note);
          names.call<void>("push", n);
        }
        o.set("foreignNames", names);
      }
      models.call<void>("push", o);
    }
    return models;
  }
}

bool is_number(const val& v) { return v.typeOf().as<std::string>() == "number"; }

// A JS number becomes a single value and an array a list; whether that kind suits the parameter
// is the engine's check, so its message is the same from every caller.
archex::ParamValue to_param_value(const std::string& name, const val& v) {
  if (is_number(v)) return v.as<double>();
  if (!val::global("Array").call<bool>("isArray", v)) {
    throw archex::ParamError(name,
                             "parameter '" + name + "' must be a number or an array of numbers");
  }
  std::vector<double> items;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const val item = v[i];
    if (!is_number(item)) {
      throw archex::ParamError(name, "parameter '" + name + "' item " + std::to_string(i + 1) +
                                         " must be a number");
    }
    items.push_back(item.as<double>());
  }
  return items;
}

archex::ParamValues to_param_values(const val& params) {
  archex::ParamValues values;
  if (params.isUndefined() || params.isNull()) return values;
  if (params.typeOf().as<std::string>() != "object") {
    throw std::invalid_argument("params must be an object of name: number or number[]");
  }
  const val keys = val::global("Object").call<val>("keys", params);
  const int n = keys["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const std::string name = keys[i].as<std::string>();
    values.set(name, to_param_value(name, params[name]));
  }
  return values;
}

std::uint64_t to_seed(double seed) {
  constexpr double kMaxSafe = 9007199254740991.0;
  if (!(seed >= 0 && seed <= kMaxSafe) || std::floor(seed) != seed) {
    throw archex::ParamError("seed", "parameter 'seed' = " + archex::format_number(seed) +
                                         " is not a whole number in [0, " +
                                         archex::format_number(kMaxSafe) + "]");
  }
  return static_cast<std::uint64_t>(seed);
}

val to_val(const archex::Table& t) {
  val columns = val::array();
  for (const archex::Column& c : t.columns()) {
    val o = val::object();
    o.set("name", c.name);
    o.set("unit", c.unit);
    const bool ints = std::holds_alternative<std::vector<std::int32_t>>(c.values);
    o.set("type", std::string(ints ? "int32" : "float64"));
    o.set("labels", strings(c.labels));
    o.set("values", std::visit([](const auto& v) { return typed(v); }, c.values));
    columns.call<void>("push", o);
  }
  val out = val::object();
  out.set("columns", columns);
  return out;
}

val to_val(const archex::Drawing& d) {
  val o = val::object();
  o.set("kind", std::string(archex::drawing_kind_name(d.kind)));
  o.set("axes", strings(d.axes));
  val extent = val::array();
  for (const int e : d.extent) extent.call<void>("push", e);
  o.set("extent", extent);
  o.set("radix", d.radix);
  o.set("terminalsPerRouter", d.terminals_per_router);
  o.set("wraps", d.wraps);
  o.set("wholeRows", d.whole_rows);
  return o;
}

val to_val(const archex::NetworkMap& n) {
  val o = val::object();
  o.set("name", n.name);
  o.set("label", n.label);
  o.set("shape", n.shape);
  val sizes = val::array();
  for (const archex::ShapeSize& size : n.sizes) {
    val s = val::object();
    s.set("name", size.name);
    s.set("value", size.value);
    sizes.call<void>("push", s);
  }
  o.set("sizes", sizes);
  o.set("drawing", to_val(n.drawing));
  o.set("nodes", n.nodes);
  o.set("routers", to_val(n.routers));
  o.set("terminals", to_val(n.terminals));
  o.set("channels", to_val(n.channels));
  o.set("crosspoints", to_val(n.crosspoints));
  o.set("dependencies", to_val(n.dependencies));
  o.set("turns", to_val(n.turns));
  return o;
}

val to_val(const archex::Timeline& t) {
  val o = val::object();
  o.set("name", t.name);
  o.set("label", t.label);
  o.set("timeUnit", t.time_unit);
  o.set("edges", doubles(t.edges));
  o.set("rows", strings(t.rows));
  o.set("states", strings(t.states));
  o.set("shares", doubles(t.shares));
  return o;
}

template <class T>
val to_vals(const std::vector<T>& items) {
  val a = val::array();
  for (const T& item : items) a.call<void>("push", to_val(item));
  return a;
}

val to_val(const archex::Result& r) {
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
    o.set("labels", strings(s.labels));
    o.set("key", s.key);
    series.call<void>("push", o);
  }
  val out = val::object();
  out.set("scalars", scalars);
  out.set("series", series);
  out.set("networks", to_vals(r.networks));
  out.set("timelines", to_vals(r.timelines));
  // Only a sweep point's result has one.
  if (!r.record.empty()) out.set("record", doubles(r.record));
  return out;
}
// A copy of `v` as a JS typed array (a view of the wasm memory would not outlive the next call).
template <typename T>
val typed(const std::vector<T>& v, const char* type) {
  if (v.empty()) return val::global(type).new_(0);
  return val(emscripten::typed_memory_view(v.size(), v.data())).call<val>("slice");
}

const char* activity_name(archex::TraceActivity a) {
  switch (a) {
    case archex::TraceActivity::kBusy:
      return "busy";
    case archex::TraceActivity::kWaitReceive:
      return "wait_receive";
    case archex::TraceActivity::kWaitSend:
      return "wait_send";
    case archex::TraceActivity::kIdle:
      break;
  }
  return "idle";
}

val to_val(const archex::TraceTimelineSpec& t) {
  val lanes = val::array();
  for (const archex::TraceLaneSpec& l : t.lanes) {
    val o = val::object();
    o.set("kind", l.kind);
    o.set("snapshot", l.snapshot);
    o.set("node", l.node);
    o.set("state", l.state);
    o.set("detail", l.detail);
    o.set("detailNone", l.detail_none);
    o.set("entry", l.entry);
    o.set("label", l.label);
    o.set("abbreviation", l.abbreviation);
    o.set("initial", l.initial);
    lanes.call<void>("push", o);
  }
  val messages = val::array();
  for (const archex::TraceMessageSpec& m : t.messages) {
    val o = val::object();
    o.set("sent", m.sent);
    o.set("received", m.received);
    o.set("node", m.node);
    o.set("id", m.id);
    o.set("size", m.size);
    o.set("unit", m.unit);
    o.set("detail", m.detail);
    o.set("lane", m.lane);
    messages.call<void>("push", o);
  }
  val marks = val::array();
  for (const archex::TraceMarkSpec& m : t.marks) {
    val o = val::object();
    o.set("kind", m.kind);
    o.set("label", m.label);
    o.set("node", m.node);
    o.set("lane", m.lane);
    marks.call<void>("push", o);
  }
  val network_marks = val::array();
  for (const archex::TraceNetworkMarkSpec& m : t.network_marks) {
    val o = val::object();
    o.set("kind", m.kind);
    o.set("label", m.label);
    o.set("channel", m.channel);
    o.set("vc", m.vc);
    network_marks.call<void>("push", o);
  }
  val out = val::object();
  out.set("lanes", lanes);
  out.set("messages", messages);
  out.set("marks", marks);
  out.set("networkMarks", network_marks);
  return out;
}

// A trace as plain objects and typed arrays, one per field of each kind of event, so that it
// crosses to the UI by transfer (the layout is core/trace.h's).
val to_val(const archex::Trace& t) {
  val kinds = val::array();
  for (const archex::TraceKind& k : t.kinds) {
    val fields = val::array();
    for (std::size_t i = 0; i < k.columns.size(); ++i) {
      const archex::TraceFieldSpec& spec = k.spec.fields[i];
      const archex::TraceColumn& c = k.columns[i];
      val f = val::object();
      f.set("name", spec.name);
      f.set("labels", strings(spec.labels));
      f.set("order", spec.order);
      val states = val::array();
      for (const archex::TraceStateSpec& state : spec.states) {
        val o = val::object();
        o.set("name", state.name);
        o.set("label", state.label);
        o.set("description", state.description);
        o.set("activity", std::string(activity_name(state.activity)));
        states.call<void>("push", o);
      }
      f.set("states", states);
      val roles = val::array();
      for (const archex::TraceRole role : spec.roles) {
        roles.call<void>("push", std::string(archex::trace_role_name(role)));
      }
      f.set("roles", roles);
      f.set("values", c.width() == 1   ? typed(c.u8(), "Uint8Array")
                      : c.width() == 2 ? typed(c.u16(), "Uint16Array")
                                       : typed(c.u32(), "Uint32Array"));
      fields.call<void>("push", f);
    }
    val o = val::object();
    o.set("name", k.spec.name);
    o.set("description", k.spec.description);
    o.set("snapshot", k.spec.snapshot);
    o.set("role", std::string(archex::trace_role_name(k.spec.role)));
    o.set("dropped", static_cast<double>(k.dropped));
    o.set("times", typed(k.times, "Float64Array"));
    o.set("counts", typed(k.counts, "Uint32Array"));
    o.set("fields", fields);
    kinds.call<void>("push", o);
  }
  val out = val::object();
  out.set("clock", t.clock);
  out.set("unit", t.unit);
  out.set("from", t.from);
  out.set("length", t.length);
  out.set("end", t.end);
  out.set("truncated", t.truncated);
  out.set("runEnd", t.run_end);
  out.set("bytes", static_cast<double>(t.bytes()));
  out.set("kinds", kinds);
  out.set("timeline", to_val(t.timeline));
  out.set("nodes", t.nodes);
  return out;
}

bool is_object(const val& v) { return !v.isNull() && v.typeOf().as<std::string>() == "object"; }
bool is_array(const val& v) { return val::global("Array").call<bool>("isArray", v); }

std::string text(const val& o, const char* name) {
  const val v = o[name];
  return v.typeOf().as<std::string>() == "string" ? v.as<std::string>() : std::string();
}

double number(const val& o, const char* name, const std::string& where) {
  const val v = o[name];
  if (!is_number(v)) throw std::invalid_argument(where + ": '" + name + "' must be a number");
  return v.as<double>();
}

bool is_typed_array(const val& v) {
  return is_object(v) && val::global("ArrayBuffer").call<bool>("isView", v);
}

// A typed array (copied in one piece) or an array of numbers.
template <class T>
std::vector<T> number_items(const val& v, const std::string& where) {
  if (is_typed_array(v)) return emscripten::convertJSArrayToNumberVector<T>(v);
  if (!is_object(v) || !is_array(v)) {
    throw std::invalid_argument(where + " must be an array of numbers");
  }
  std::vector<T> out;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const val x = v[i];
    if (!is_number(x)) throw std::invalid_argument(where + " must hold only numbers");
    out.push_back(static_cast<T>(x.as<double>()));
  }
  return out;
}

std::vector<val> elements(const val& v, const std::string& where) {
  if (!is_object(v) || !is_array(v)) throw std::invalid_argument(where + " must be an array");
  std::vector<val> out;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    out.push_back(v[i]);
    if (!is_object(out.back())) throw std::invalid_argument(where + " must hold objects");
  }
  return out;
}

std::vector<std::string> string_items(const val& v, const std::string& where) {
  if (!is_object(v) || !is_array(v)) throw std::invalid_argument(where + " must be an array");
  std::vector<std::string> out;
  const int n = v["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    const val item = v[i];
    if (item.typeOf().as<std::string>() != "string") {
      throw std::invalid_argument(where + " must hold only strings");
    }
    out.push_back(item.as<std::string>());
  }
  return out;
}

// Items of an optional array field (an older partial may lack networks and timelines).
std::vector<val> optional_elements(const val& v, const std::string& where) {
  return v.isUndefined() ? std::vector<val>{} : elements(v, where);
}

archex::Table to_table(const val& v, const std::string& where) {
  if (!is_object(v)) throw std::invalid_argument(where + " must be a table");
  archex::Table t;
  try {
    for (const val& c : elements(v["columns"], where + ".columns")) {
      const val values = c["values"];
      const std::string name = text(c, "name");
      const std::string type = text(c, "type");
      if (type != "int32" && type != "float64") {
        throw std::invalid_argument(where + "." + name + ".type must be int32 or float64");
      }
      if (type == "int32") {
        t.add(name, text(c, "unit"), number_items<std::int32_t>(values, where + "." + name),
              string_items(c["labels"], where + "." + name + ".labels"));
      } else {
        t.add(name, text(c, "unit"), number_items<double>(values, where + "." + name));
      }
    }
  } catch (const std::logic_error& e) {
    throw std::invalid_argument(where + ": " + e.what());
  }
  return t;
}

// A drawing as to_val(Drawing) gives it; a graph's where absent (a network described before
// networks declared their drawing).
archex::Drawing to_drawing(const val& v, const std::string& where) {
  archex::Drawing d;
  if (v.isUndefined()) return d;
  if (!is_object(v)) throw std::invalid_argument(where + " must be a drawing object");
  const std::string kind = text(v, "kind");
  for (int k = 0; k <= static_cast<int>(archex::DrawingKind::kGraph); ++k) {
    const auto candidate = static_cast<archex::DrawingKind>(k);
    if (kind == archex::drawing_kind_name(candidate)) d.kind = candidate;
  }
  if (kind != archex::drawing_kind_name(d.kind)) {
    throw std::invalid_argument(where + ".kind: no drawing kind '" + kind + "'");
  }
  d.axes = string_items(v["axes"], where + ".axes");
  d.extent = number_items<int>(v["extent"], where + ".extent");
  d.radix = static_cast<int>(number(v, "radix", where));
  d.terminals_per_router = static_cast<int>(number(v, "terminalsPerRouter", where));
  d.wraps = v["wraps"].isTrue();
  d.whole_rows = v["wholeRows"].isTrue();
  return d;
}

archex::NetworkMap to_network(const val& v, const std::string& where) {
  archex::NetworkMap n;
  n.name = text(v, "name");
  n.label = text(v, "label");
  n.shape = text(v, "shape");
  for (const val& size : elements(v["sizes"], where + ".sizes")) {
    n.sizes.push_back({text(size, "name"), static_cast<int>(number(size, "value", where))});
  }
  n.drawing = to_drawing(v["drawing"], where + ".drawing");
  n.nodes = static_cast<int>(number(v, "nodes", where));
  n.routers = to_table(v["routers"], where + ".routers");
  n.terminals = to_table(v["terminals"], where + ".terminals");
  n.channels = to_table(v["channels"], where + ".channels");
  n.crosspoints = to_table(v["crosspoints"], where + ".crosspoints");
  // Absent from networks described before the channel-dependency graph was.
  if (!v["dependencies"].isUndefined()) {
    n.dependencies = to_table(v["dependencies"], where + ".dependencies");
  }
  if (!v["turns"].isUndefined()) n.turns = to_table(v["turns"], where + ".turns");
  return n;
}

archex::Timeline to_timeline(const val& v, const std::string& where) {
  archex::Timeline t;
  t.name = text(v, "name");
  t.label = text(v, "label");
  t.time_unit = text(v, "timeUnit");
  t.edges = number_items<double>(v["edges"], where + ".edges");
  t.rows = string_items(v["rows"], where + ".rows");
  t.states = string_items(v["states"], where + ".states");
  t.shares = number_items<double>(v["shares"], where + ".shares");
  if (t.shares.size() != t.rows.size() * t.states.size() * t.bins()) {
    throw std::invalid_argument(where + ": shares must hold rows x states x bins values");
  }
  return t;
}

archex::Result to_result(const val& v, const std::string& where) {
  if (!is_object(v)) throw std::invalid_argument(where + " must be a result object");
  archex::Result r;
  for (const val& s : elements(v["scalars"], where + ".scalars")) {
    r.scalars.push_back({text(s, "name"), number(s, "value", where), text(s, "unit"),
                         text(s, "description")});
  }
  for (const val& s : elements(v["series"], where + ".series")) {
    archex::Series series{text(s, "name"),  text(s, "label"), text(s, "xName"),
                          text(s, "xUnit"), text(s, "yName"), text(s, "yUnit"),
                          number_items<double>(s["x"], where + ".x"),
                          number_items<double>(s["y"], where + ".y"), {},
                          text(s, "key")};
    const val labels = s["labels"];
    if (!labels.isUndefined()) {
      if (!is_object(labels) || !is_array(labels)) {
        throw std::invalid_argument(where + ".labels must be an array of strings");
      }
      const int n = labels["length"].as<int>();
      for (int i = 0; i < n; ++i) {
        const val label = labels[i];
        if (label.typeOf().as<std::string>() != "string") {
          throw std::invalid_argument(where + ".labels must hold only strings");
        }
        series.labels.push_back(label.as<std::string>());
      }
    }
    r.series.push_back(std::move(series));
  }
  for (const val& n : optional_elements(v["networks"], where + ".networks")) {
    r.networks.push_back(to_network(n, where + ".networks"));
  }
  for (const val& t : optional_elements(v["timelines"], where + ".timelines")) {
    r.timelines.push_back(to_timeline(t, where + ".timelines"));
  }
  if (!v["record"].isUndefined()) r.record = number_items<double>(v["record"], where + ".record");
  return r;
}

std::vector<archex::PointResult> to_partials(const val& partials) {
  std::vector<archex::PointResult> out;
  for (const val& p : elements(partials, "partials")) {
    const double point = number(p, "point", "partials");
    if (!(point >= 0 && point < 4294967296.0) || std::floor(point) != point) {
      throw std::invalid_argument("partials: 'point' must be a whole number from 0");
    }
    out.push_back({static_cast<std::size_t>(point),
                   to_result(p["result"], "partial " + archex::format_number(point))});
  }
  return out;
}

// {from, length, maxEvents?, maxBytes?}: each a number, the caps whole.
archex::TraceRequest to_trace_request(const val& v) {
  if (!is_object(v)) {
    throw std::invalid_argument("a trace request is {from, length, maxEvents?, maxBytes?}");
  }
  archex::TraceRequest r;
  const auto read = [&](const char* key, const char* param, double& out) {
    const val x = v[key];
    if (x.isUndefined()) return false;
    if (!is_number(x)) throw archex::ParamError(param, std::string(param) + " must be a number");
    out = x.as<double>();
    return true;
  };
  read("from", "trace_from", r.from);
  read("length", "trace_length", r.length);
  const auto cap = [&](const char* key, const char* param, std::uint64_t& out) {
    double x = 0;
    if (!read(key, param, x)) return;
    if (!(x >= 1 && x <= 9007199254740991.0) || std::floor(x) != x) {
      throw archex::ParamError(param, std::string(param) + " = " + archex::format_number(x) +
                                          " is not a whole number from 1");
    }
    out = static_cast<std::uint64_t>(x);
  };
  cap("maxEvents", "trace_max_events", r.max_events);
  cap("maxBytes", "trace_max_bytes", r.max_bytes);
  return r;
}

std::optional<std::size_t> to_point(const val& point) {
  if (point.isUndefined()) return std::nullopt;
  const double p = is_number(point) ? point.as<double>() : -1;
  if (!(p >= 0 && p < 4294967296.0) || std::floor(p) != p) {
    throw archex::ParamError("point", "parameter 'point' must be a whole number from 0");
  }
  return static_cast<std::size_t>(p);
}

// "1,412 MB".
std::string megabytes(std::size_t bytes) {
  std::string digits = std::to_string((bytes + (1u << 19)) >> 20);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits + " MB";
}

// The bytes the engine may take: the build's maximum (MAXIMUM_MEMORY, 4 GB less a page), or the
// smaller maximum of a memory the caller gave, which it states as `maxMemoryBytes`.
double memory_limit() {
  const double built = static_cast<double>(emscripten_get_heap_max());
  const val given = val::module_property("maxMemoryBytes");
  return is_number(given) ? std::fmin(built, given.as<double>()) : built;
}

// The wasm memory's size now: it grows as a run needs and never shrinks.
double memory_used() { return static_cast<double>(emscripten_get_heap_size()); }

// The model's count of a run's state ({bytes, what, of, param}: "a 64x32x32 torus" needs `bytes`
// "of network state"), or null where it counts none or the parameters are refused (a
// Simulation built from them says why).
val state_estimate(const std::string& model, const val& params) {
  try {
    const std::optional<archex::StateEstimate> e =
        archex::estimate_state(registry(), model, to_param_values(params));
    if (!e) return val::null();
    val o = val::object();
    o.set("bytes", e->bytes);
    o.set("what", e->what);
    o.set("of", e->of);
    o.set("param", e->param);
    return o;
  } catch (const std::exception&) {
    return val::null();
  }
}

// Where the engine's memory stood when an allocation failed. Its limit is memory_limit(), or
// less where the browser refuses.
std::string heap_note() {
  return " (The engine held " + megabytes(emscripten_get_heap_size()) +
         " when it asked for more.)";
}

val failure(const std::string& message, const char* kind) {
  val error = val::object();
  error.set("message", message);
  error.set("kind", std::string(kind));
  return error;
}

// {networks}: the networks a model's machine is built as for `params` (with `point`, the networks
// that point of its sweep runs on), without running it; or {error} naming what is wrong with the
// model or the parameters.
val describe_machine(const std::string& model, const val& params, const val& point) {
  val out = val::object();
  try {
    const archex::ParamValues values = to_param_values(params);
    out.set("networks",
            to_vals(archex::describe_machine(registry(), model, values, to_point(point))));
  } catch (const archex::ParamError& e) {
    val error = failure(e.what(), "param");
    error.set("param", e.param());
    out.set("error", error);
  } catch (const std::bad_alloc&) {
    out.set("error", failure("Out of memory while describing the machine." + heap_note(),
                             "memory"));
  } catch (const std::invalid_argument& e) {
    out.set("error", failure(e.what(), "input"));
  } catch (const std::exception& e) {
    out.set("error", failure(std::string("The engine failed: ") + e.what(), "failure"));
  }
  return out;
}

class SimulationHandle {
 public:
  SimulationHandle(const std::string& model, const val& params, double seed)
      : SimulationHandle(model, params, seed, val::undefined()) {}

  // With a point, the run is that one point of a sweep model.
  SimulationHandle(const std::string& model, const val& params, double seed, const val& point) {
    guarded([&] {
      sim_ = std::make_unique<archex::Simulation>(registry(), model, to_param_values(params),
                                                  to_seed(seed), to_point(point), memory_limit());
    });
  }

  // null while the simulation stands; otherwise {message, kind, param?}: why it could not be
  // built, or why it stopped, and the run is empty and done.
  val error() const {
    if (sim_) return val::null();
    val o = val::object();
    o.set("message", error_);
    o.set("kind", kind_);
    if (!error_param_.empty()) o.set("param", error_param_);
    return o;
  }

  // Budgets below 1 (or NaN) count as 1, so a caller's slip cannot stall or fail the run. A
  // failure ends the run (true) and is read from error().
  bool advance(double budget) {
    if (!sim_) return true;
    const double whole = budget >= 1 ? std::fmin(std::floor(budget), 9007199254740991.0) : 1;
    bool done = true;
    guarded([&] { done = sim_->advance(static_cast<std::uint64_t>(whole)); });
    return done;
  }
  bool done() const { return !sim_ || sim_->done(); }
  double progress() const { return sim_ ? sim_->progress() : 1.0; }
  std::string model() const { return sim_ ? sim_->model_name() : ""; }
  double seed() const { return sim_ ? static_cast<double>(sim_->seed()) : 0; }

  val params() const {
    val o = val::object();
    if (sim_) {
      for (const auto& [name, value] : sim_->params()) {
        o.set(name, value.is_list() ? numbers(value.items()) : val(value.items().front()));
      }
    }
    return o;
  }

  // Empty after a failure, which error() then names.
  val result() {
    archex::Result r;
    if (sim_) guarded([&] { r = sim_->result(); });
    return to_val(r);
  }

  // Before the first advance: records the events of a window ({from, length, maxEvents?,
  // maxBytes?}). False when the run cannot: error() then says why and the run is over.
  bool record_trace(const val& request) {
    if (!sim_) return false;
    bool ok = false;
    guarded([&] {
      sim_->record_trace(to_trace_request(request));
      ok = true;
    });
    return ok;
  }

  // What the run recorded so far; null without a request (or after a failure).
  val trace() {
    if (!sim_ || !sim_->tracing()) return val::null();
    val out = val::null();
    guarded([&] { out = to_val(sim_->trace()); });
    return out;
  }

  // The relative work of each point of a sweep model's run; empty for any other model.
  val point_weights() {
    std::vector<double> weights;
    if (sim_) guarded([&] { weights = sim_->point_weights(); });
    return numbers(weights);
  }

  // Each point's key as JSON text (Simulation::point_keys); empty for a model whose points have
  // none.
  val point_keys() {
    std::vector<std::string> keys;
    if (sim_) guarded([&] { keys = sim_->point_keys(); });
    val out = val::array();
    for (const std::string& key : keys) out.call<void>("push", key);
    return out;
  }

  // Keeps the points' partial results ([{point, result}]) for every later combine, so that a
  // caller combining a sweep as it fills in sends each point once. null, or {error} when the run
  // could not be built or a partial is malformed (then none of them is kept).
  val add_points(const val& partials) {
    try {
      if (!sim_) throw std::invalid_argument(error_);
      std::vector<archex::PointResult> more = to_partials(partials);
      held_.insert(held_.end(), std::make_move_iterator(more.begin()),
                   std::make_move_iterator(more.end()));
      return val::null();
    } catch (const std::bad_alloc&) {
      return failure("Out of memory while keeping the points' results." + heap_note(), "memory");
    } catch (const std::exception& e) {
      return failure(e.what(), "input");
    }
  }

  // The number of points' partials add_points() has kept.
  double held_points() const { return static_cast<double>(held_.size()); }

  // {result} built from the kept points' partials and `partials` ([{point, result}], any
  // order), or {error} when the run could not be built, is no sweep or a partial is malformed.
  val combine(const val& partials) const {
    val out = val::object();
    try {
      if (!sim_) throw std::invalid_argument(error_);
      std::vector<archex::PointResult> all = held_;
      std::vector<archex::PointResult> more = to_partials(partials);
      all.insert(all.end(), std::make_move_iterator(more.begin()),
                 std::make_move_iterator(more.end()));
      out.set("result", to_val(sim_->combine(std::move(all))));
    } catch (const std::bad_alloc&) {
      out.set("error", failure("Out of memory while combining the points' results." +
                                   heap_note(),
                               "memory"));
    } catch (const std::logic_error& e) {
      out.set("error", failure(e.what(), "input"));
    } catch (const std::exception& e) {
      out.set("error", failure(std::string("The engine failed: ") + e.what(), "failure"));
    }
    return out;
  }

 private:
  // Runs `body`; whatever it throws ends the simulation (its memory freed) and becomes error(),
  // so no C++ exception ever reaches JS (where it would be a bare pointer).
  template <typename F>
  void guarded(F body) {
    try {
      body();
      return;
    } catch (const archex::ParamError& e) {
      fail(e.what(), "param");
      error_param_ = e.param();
    } catch (const archex::OutOfMemory& e) {
      fail(e.what() + heap_note(), "memory");
    } catch (const std::bad_alloc&) {
      fail("Out of memory." + heap_note(), "memory");
    } catch (const std::invalid_argument& e) {
      fail(e.what(), "input");
    } catch (const std::exception& e) {
      fail(std::string("The engine failed: ") + e.what(), "failure");
    } catch (...) {
      fail("The engine failed with an error it did not name.", "failure");
    }
  }

  void fail(const std::string& message, const char* kind) {
    sim_.reset();
    error_ = message;
    kind_ = kind;
  }

  std::unique_ptr<archex::Simulation> sim_;
  // The points' partials add_points() kept for combine().
  std::vector<archex::PointResult> held_;
  std::string error_;
  std::string kind_;
  std::string error_param_;
};

}  // namespace

EMSCRIPTEN_BINDINGS(archex) {
  emscripten::function("listModels", &list_models);
  emscripten::function("memoryLimit", &memory_limit);
  emscripten::function("memoryUsed", &memory_used);
  emscripten::function("stateEstimate", &state_estimate);
  emscripten::function("describeMachine", &describe_machine);
  emscripten::class_<SimulationHandle>("Simulation")
      .constructor<const std::string&, const val&, double>()
      .constructor<const std::string&, const val&, double, const val&>()
      .function("error", &SimulationHandle::error)
      .function("advance", &SimulationHandle::advance)
      .function("done", &SimulationHandle::done)
      .function("progress", &SimulationHandle::progress)
      .function("model", &SimulationHandle::model)
      .function("seed", &SimulationHandle::seed)
      .function("params", &SimulationHandle::params)
      .function("result", &SimulationHandle::result)
      .function("recordTrace", &SimulationHandle::record_trace)
      .function("trace", &SimulationHandle::trace)
      .function("pointWeights", &SimulationHandle::point_weights)
      .function("pointKeys", &SimulationHandle::point_keys)
      .function("addPoints", &SimulationHandle::add_points)
      .function("heldPoints", &SimulationHandle::held_points)
      .function("combine", &SimulationHandle::combine);
}
