// Runs one model natively and prints its resolved parameters and its result as JSON with every
// double written exactly (17 significant digits), so a test can compare the wasm build with this
// one bit for bit.
//   archex_run <model> [--seed N] [--point N] [--trace FROM,LENGTH] [name=value ...]
// --point runs one point of a sweep model; --trace adds the events of that window (every kind's
// times, counts and fields).
// A list parameter takes comma-separated numbers (name=1,0.8,0.6); one number is a one-item list.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace {

void print_string(const std::string& s) {
  std::putchar('"');
  for (char c : s) {
    if (c == '"' || c == '\\') std::putchar('\\');
    std::putchar(c);
  }
  std::putchar('"');
}

void print_doubles(const std::vector<double>& v) {
  std::putchar('[');
  for (std::size_t i = 0; i < v.size(); ++i) std::printf(i ? ",%.17g" : "%.17g", v[i]);
  std::putchar(']');
}

// Comma-separated numbers; throws ParamError on anything strtod does not read whole.
std::vector<double> parse_numbers(const std::string& name, const std::string& text) {
  std::vector<double> items;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma - start);
    char* end = nullptr;
    items.push_back(std::strtod(item.c_str(), &end));
    if (item.empty() || *end != '\0') {
      throw archex::ParamError(name, "parameter '" + name + "': '" + item + "' is not a number");
    }
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

// A list for a list parameter, and for a comma-separated value so that the engine names the
// mismatch; otherwise one number. Unknown names are left to the engine to report.
archex::ParamValue parse_value(const archex::ModelInfo& model, const std::string& name,
                               const std::string& text) {
  std::vector<double> items = parse_numbers(name, text);
  for (const auto& spec : model.params) {
    if (spec.name == name && spec.is_list()) return items;
  }
  if (items.size() > 1) return items;
  return items.front();
}

template <typename T>
void print_numbers(const std::vector<T>& v) {
  std::putchar('[');
  for (std::size_t i = 0; i < v.size(); ++i) std::printf(i ? ",%.17g" : "%.17g", double(v[i]));
  std::putchar(']');
}

void print_trace(const archex::Trace& t) {
  std::printf(",\"trace\":{\"end\":%.17g,\"kinds\":{", t.end);
  for (std::size_t k = 0; k < t.kinds.size(); ++k) {
    const archex::TraceKind& kind = t.kinds[k];
    if (k) std::putchar(',');
    print_string(kind.spec.name);
    std::printf(":{\"times\":");
    print_numbers(kind.times);
    std::printf(",\"counts\":");
    print_numbers(kind.counts);
    for (std::size_t f = 0; f < kind.columns.size(); ++f) {
      std::putchar(',');
      print_string(kind.spec.fields[f].name);
      std::putchar(':');
      const archex::TraceColumn& c = kind.columns[f];
      if (c.width() == 1) print_numbers(c.u8());
      if (c.width() == 2) print_numbers(c.u16());
      if (c.width() == 4) print_numbers(c.u32());
    }
    std::putchar('}');
  }
  std::printf("}}");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: archex_run <model> [--seed N] [name=value ...]\n");
    return 2;
  }
  try {
    const archex::ModelRegistry registry = archex::builtin_registry();
    const archex::ModelInfo& model = registry.get(argv[1]);
    archex::ParamValues overrides;
    std::uint64_t seed = 1;
    std::optional<std::size_t> point;
    std::optional<archex::TraceRequest> trace;
    for (int i = 2; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "--seed" && i + 1 < argc) {
        seed = std::strtoull(argv[++i], nullptr, 10);
        continue;
      }
      if (arg == "--point" && i + 1 < argc) {
        point = std::strtoull(argv[++i], nullptr, 10);
        continue;
      }
      if (arg == "--trace" && i + 1 < argc) {
        const std::vector<double> window = parse_numbers("trace", argv[++i]);
        trace = archex::TraceRequest{};
        trace->from = window.front();
        trace->length = window.back();
        continue;
      }
      const auto eq = arg.find('=');
      if (eq == std::string::npos) {
        std::fprintf(stderr, "expected name=value, got '%s'\n", arg.c_str());
        return 2;
      }
      const std::string name = arg.substr(0, eq);
      overrides.set(name, parse_value(model, name, arg.substr(eq + 1)));
    }
    archex::Simulation sim(registry, model.name, overrides, seed, point);
    if (trace) sim.record_trace(*trace);
    const archex::Result r = sim.run();
    std::printf("{\"params\":{");
    bool first = true;
    for (const auto& [name, value] : sim.params()) {
      if (!first) std::putchar(',');
      first = false;
      print_string(name);
      std::putchar(':');
      if (value.is_list()) {
        print_doubles(value.items());
      } else {
        std::printf("%.17g", value.items().front());
      }
    }
    std::printf("},\"scalars\":{");
    for (std::size_t i = 0; i < r.scalars.size(); ++i) {
      if (i) std::putchar(',');
      print_string(r.scalars[i].name);
      std::printf(":%.17g", r.scalars[i].value);
    }
    std::printf("},\"series\":{");
    for (std::size_t i = 0; i < r.series.size(); ++i) {
      if (i) std::putchar(',');
      print_string(r.series[i].name);
      std::printf(":{\"x\":");
      print_doubles(r.series[i].x);
      std::printf(",\"y\":");
      print_doubles(r.series[i].y);
      const auto& labels = r.series[i].labels;
      if (!labels.empty()) {
        std::printf(",\"labels\":[");
        for (std::size_t j = 0; j < labels.size(); ++j) {
          if (j) std::putchar(',');
          print_string(labels[j]);
        }
        std::putchar(']');
      }
      if (!r.series[i].key.empty()) {
        std::printf(",\"key\":");
        print_string(r.series[i].key);
      }
      std::putchar('}');
    }
    std::putchar('}');
    if (trace) print_trace(sim.trace());
    std::printf("}\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
