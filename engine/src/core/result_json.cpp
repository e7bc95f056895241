#include "core/result_json.h"

#include <cstdio>
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

}  // namespace archex
