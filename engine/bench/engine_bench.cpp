// Native engine throughput: complete runs of each model at its defaults, as JSON lines
// {"name", "value", "unit"} like the rest of `npm run bench`.
#include <chrono>
#include <cstdio>

#include "core/simulation.h"
#include "models/builtin_models.h"

int main() {
  const archex::ModelRegistry registry = archex::builtin_registry();
  for (const auto& model : registry.models()) {
    using clock = std::chrono::steady_clock;
    long calls = 0;
    double sink = 0;
    const auto start = clock::now();
    double elapsed = 0;
    while (elapsed < 1.0) {
      for (int i = 0; i < 100; ++i) {
        const archex::Result r = archex::Simulation(registry, model.name, {}, 1).run();
        sink += r.scalars.front().value;
      }
      calls += 100;
      elapsed = std::chrono::duration<double>(clock::now() - start).count();
    }
    std::printf("{\"name\":\"native.%s.runs_per_second\",\"value\":%.0f,\"unit\":\"runs/s\"}\n",
                model.name.c_str(), calls / elapsed);
    if (sink < 0) std::printf("unreachable\n");
  }
  return 0;
}
