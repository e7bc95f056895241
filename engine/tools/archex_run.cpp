// Runs one model natively and prints its result as JSON with every double written exactly
// (17 significant digits), so a test can compare the wasm build with this one bit for bit.
//   archex_run <model> [--seed N] [name=value ...]
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

#include "core/simulation.h"
#include "models/builtin_models.h"

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

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: archex_run <model> [--seed N] [name=value ...]\n");
    return 2;
  }
  archex::ParamValues overrides;
  std::uint64_t seed = 1;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--seed" && i + 1 < argc) {
      seed = std::strtoull(argv[++i], nullptr, 10);
      continue;
    }
    const auto eq = arg.find('=');
    if (eq == std::string::npos) {
      std::fprintf(stderr, "expected name=value, got '%s'\n", arg.c_str());
      return 2;
    }
    overrides[arg.substr(0, eq)] = std::strtod(arg.c_str() + eq + 1, nullptr);
  }
  try {
    const archex::ModelRegistry registry = archex::builtin_registry();
    const archex::Result r = archex::Simulation(registry, argv[1], overrides, seed).run();
    std::printf("{\"scalars\":{");
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
      std::putchar('}');
    }
    std::printf("}}\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 2;
  }
  return 0;
}
