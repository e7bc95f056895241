// Runs one model natively and prints its resolved parameters and its result as JSON with every
// double written exactly (17 significant digits), so a test can compare the wasm build with this
// one bit for bit.
//   archex_run <model> [--seed N] [--point N] [--trace FROM,LENGTH | --full] [name=value ...]
// --point runs one point of a sweep model; --trace adds the events of that window (every kind's
// times, counts and fields); --full prints the whole result (result_full_json: units, axes,
// networks, timelines), what the Python package's engine gives its TypeScript core.
// A list parameter takes comma-separated numbers (name=1,0.8,0.6); one number is a one-item list.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "core/result_json.h"
#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace {

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
    bool full = false;
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
      if (arg == "--full") {
        full = true;
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
    std::optional<archex::Trace> recorded;
    if (trace) recorded = sim.trace();
    const archex::Trace* traced = recorded ? &*recorded : nullptr;
    const std::string json = full ? archex::result_full_json(sim.params(), r)
                                  : archex::result_json(sim.params(), r, traced);
    std::printf("%s\n", json.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
