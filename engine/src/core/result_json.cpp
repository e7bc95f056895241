#include "core/result_json.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <utility>
#include <variant>
#include <vector>

namespace archex {
namespace {

void put_string(std::string& out, const std::string& s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

void put_number(std::string& out, double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  out += buffer;
}

template <typename T>
void put_numbers(std::string& out, const std::vector<T>& v) {
  out += '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    put_number(out, double(v[i]));
  }
  out += ']';
}

void put_trace(std::string& out, const Trace& t) {
  out += ",\"trace\":{\"end\":";
  put_number(out, t.end);
  out += ",\"kinds\":{";
  for (std::size_t k = 0; k < t.kinds.size(); ++k) {
    const TraceKind& kind = t.kinds[k];
    if (k) out += ',';
    put_string(out, kind.spec.name);
    out += ":{\"times\":";
    put_numbers(out, kind.times);
    out += ",\"counts\":";
    put_numbers(out, kind.counts);
    for (std::size_t f = 0; f < kind.columns.size(); ++f) {
      out += ',';
      put_string(out, kind.spec.fields[f].name);
      out += ':';
      const TraceColumn& c = kind.columns[f];
      if (c.width() == 1) put_numbers(out, c.u8());
      if (c.width() == 2) put_numbers(out, c.u16());
      if (c.width() == 4) put_numbers(out, c.u32());
    }
    out += '}';
  }
  out += "}}";
}

// A string with every control character escaped, so any label is valid JSON.
void put_text(std::string& out, const std::string& s) {
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(c));
      out += buffer;
    } else {
      out += c;
    }
  }
  out += '"';
}

// An exact number, or a non-finite one by name (JSON has none).
void put_real(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "\"NaN\"";
  } else if (std::isinf(v)) {
    out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
  } else {
    put_number(out, v);
  }
}

template <typename T>
void put_reals(std::string& out, const std::vector<T>& v) {
  out += '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    put_real(out, double(v[i]));
  }
  out += ']';
}

void put_texts(std::string& out, const std::vector<std::string>& v) {
  out += '[';
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    put_text(out, v[i]);
  }
  out += ']';
}

// `"name":` before a field's value; `first` false puts a comma before it.
void put_key(std::string& out, const char* name, bool first = false) {
  if (!first) out += ',';
  out += '"';
  out += name;
  out += "\":";
}

void put_table(std::string& out, const Table& t) {
  out += "{\"columns\":[";
  for (std::size_t i = 0; i < t.columns().size(); ++i) {
    const Column& c = t.columns()[i];
    if (i) out += ',';
    out += '{';
    put_key(out, "name", true);
    put_text(out, c.name);
    put_key(out, "unit");
    put_text(out, c.unit);
    const bool ints = std::holds_alternative<std::vector<std::int32_t>>(c.values);
    put_key(out, "type");
    out += ints ? "\"int32\"" : "\"float64\"";
    put_key(out, "labels");
    put_texts(out, c.labels);
    put_key(out, "values");
    std::visit([&out](const auto& v) { put_reals(out, v); }, c.values);
    out += '}';
  }
  out += "]}";
}

void put_network(std::string& out, const NetworkMap& n) {
  out += '{';
  put_key(out, "name", true);
  put_text(out, n.name);
  put_key(out, "label");
  put_text(out, n.label);
  put_key(out, "shape");
  put_text(out, n.shape);
  put_key(out, "sizes");
  out += '[';
  for (std::size_t i = 0; i < n.sizes.size(); ++i) {
    if (i) out += ',';
    out += "{\"name\":";
    put_text(out, n.sizes[i].name);
    out += ",\"value\":" + std::to_string(n.sizes[i].value) + "}";
  }
  out += ']';
  const Drawing& d = n.drawing;
  put_key(out, "drawing");
  out += "{\"kind\":";
  put_text(out, drawing_kind_name(d.kind));
  put_key(out, "axes");
  put_texts(out, d.axes);
  put_key(out, "extent");
  put_reals(out, d.extent);
  out += ",\"radix\":" + std::to_string(d.radix);
  out += ",\"terminalsPerRouter\":" + std::to_string(d.terminals_per_router);
  out += std::string(",\"wraps\":") + (d.wraps ? "true" : "false");
  out += std::string(",\"wholeRows\":") + (d.whole_rows ? "true" : "false") + "}";
  out += ",\"nodes\":" + std::to_string(n.nodes);
  const std::pair<const char*, const Table*> tables[] = {
      {"routers", &n.routers},         {"terminals", &n.terminals},
      {"channels", &n.channels},       {"crosspoints", &n.crosspoints},
      {"dependencies", &n.dependencies}, {"turns", &n.turns}};
  for (const auto& [name, table] : tables) {
    put_key(out, name);
    put_table(out, *table);
  }
  out += '}';
}

void put_timeline(std::string& out, const Timeline& t) {
  out += '{';
  put_key(out, "name", true);
  put_text(out, t.name);
  put_key(out, "label");
  put_text(out, t.label);
  put_key(out, "timeUnit");
  put_text(out, t.time_unit);
  put_key(out, "edges");
  put_reals(out, t.edges);
  put_key(out, "rows");
  put_texts(out, t.rows);
  put_key(out, "states");
  put_texts(out, t.states);
  put_key(out, "shares");
  put_reals(out, t.shares);
  out += '}';
}

}  // namespace

std::string params_json(const ParamValues& params) {
  std::string out = "{";
  bool first = true;
  for (const auto& [name, value] : params) {
    if (!first) out += ',';
    first = false;
    put_string(out, name);
    out += ':';
    if (value.is_list()) {
      put_numbers(out, value.items());
    } else {
      put_number(out, value.items().front());
    }
  }
  return out + "}";
}

std::string result_json(const ParamValues& params, const Result& r, const Trace* trace) {
  std::string out = "{\"params\":" + params_json(params) + ",\"scalars\":{";
  for (std::size_t i = 0; i < r.scalars.size(); ++i) {
    if (i) out += ',';
    put_string(out, r.scalars[i].name);
    out += ':';
    put_number(out, r.scalars[i].value);
  }
  out += "},\"series\":{";
  for (std::size_t i = 0; i < r.series.size(); ++i) {
    if (i) out += ',';
    const Series& s = r.series[i];
    put_string(out, s.name);
    out += ":{\"x\":";
    put_numbers(out, s.x);
    out += ",\"y\":";
    put_numbers(out, s.y);
    if (!s.labels.empty()) {
      out += ",\"labels\":[";
      for (std::size_t j = 0; j < s.labels.size(); ++j) {
        if (j) out += ',';
        put_string(out, s.labels[j]);
      }
      out += ']';
    }
    if (!s.key.empty()) {
      out += ",\"key\":";
      put_string(out, s.key);
    }
    out += '}';
  }
  out += '}';
  if (!r.record.empty()) {
    out += ",\"record\":";
    put_numbers(out, r.record);
  }
  if (trace) put_trace(out, *trace);
  out += '}';
  return out;
}

std::string result_full_json(const ParamValues& params, const Result& r) {
  std::string out = "{\"params\":" + params_json(params) + ",\"scalars\":[";
  for (std::size_t i = 0; i < r.scalars.size(); ++i) {
    const Scalar& s = r.scalars[i];
    if (i) out += ',';
    out += '{';
    put_key(out, "name", true);
    put_text(out, s.name);
    put_key(out, "value");
    put_real(out, s.value);
    put_key(out, "unit");
    put_text(out, s.unit);
    put_key(out, "description");
    put_text(out, s.description);
    out += '}';
  }
  out += "],\"series\":[";
  for (std::size_t i = 0; i < r.series.size(); ++i) {
    const Series& s = r.series[i];
    if (i) out += ',';
    out += '{';
    put_key(out, "name", true);
    put_text(out, s.name);
    put_key(out, "label");
    put_text(out, s.label);
    put_key(out, "xName");
    put_text(out, s.x_name);
    put_key(out, "xUnit");
    put_text(out, s.x_unit);
    put_key(out, "yName");
    put_text(out, s.y_name);
    put_key(out, "yUnit");
    put_text(out, s.y_unit);
    put_key(out, "x");
    put_reals(out, s.x);
    put_key(out, "y");
    put_reals(out, s.y);
    put_key(out, "labels");
    put_texts(out, s.labels);
    put_key(out, "key");
    put_text(out, s.key);
    out += '}';
  }
  out += "],\"networks\":[";
  for (std::size_t i = 0; i < r.networks.size(); ++i) {
    if (i) out += ',';
    put_network(out, r.networks[i]);
  }
  out += "],\"timelines\":[";
  for (std::size_t i = 0; i < r.timelines.size(); ++i) {
    if (i) out += ',';
    put_timeline(out, r.timelines[i]);
  }
  out += ']';
  if (!r.record.empty()) {
    put_key(out, "record");
    put_reals(out, r.record);
  }
  return out + '}';
}

}  // namespace archex
