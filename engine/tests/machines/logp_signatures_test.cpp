// Every machine's LogP signature, as the all-machines page shows it: each fitted parameter is a
// time a machine could take, never negative, and o + L + o less the overlap gives back the
// one-way time measured.
#include <gtest/gtest.h>

#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

TEST(LogpSignatures, NoMachineFitsANegativeParameter) {
  const ModelRegistry registry = builtin_registry();
  int models = 0;
  for (const ModelInfo& info : registry.models()) {
    if (!ends_with(info.name, "_logp")) continue;
    ++models;
    const Result r = Simulation(registry, info.name, {}, 1).run();
    int fitted = 0;
    for (const Scalar& s : r.scalars) {
      for (const char* param : {"_o_send", "_o_recv", "_L", "_g", "_G", "_overlap"}) {
        for (const char* unit : {"_us", "_cycles"}) {
          if (!ends_with(s.name, std::string(param) + unit)) continue;
          ++fitted;
          EXPECT_GE(s.value, 0) << info.name << ": " << s.name;
        }
      }
    }
    EXPECT_GT(fitted, 0) << info.name;
    // Each target's smallest message is 1 byte, so its one-byte time is its first one-way time.
    for (const Series& one_way : r.series) {
      const std::string prefix = "one_way_us_";
      if (one_way.name.rfind(prefix, 0) != 0 || one_way.x.empty() || one_way.x[0] != 1) continue;
      const std::string key = one_way.name.substr(prefix.size());
      EXPECT_NEAR(r.scalar(key + "_one_byte_us"), one_way.y[0], 1e-9 * one_way.y[0])
          << info.name << ": " << key;
    }
  }
  EXPECT_EQ(models, 5);
}

}  // namespace
}  // namespace archex
