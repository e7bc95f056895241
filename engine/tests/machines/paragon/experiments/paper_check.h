#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex::paragon_test {

inline Result run(const std::string& model, const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

// The preset-sized run of a model with its defaults, run once for all the tests that read it.
inline const Result& defaults(const std::string& model) {
  static std::map<std::string, Result> runs;
  auto it = runs.find(model);
  if (it == runs.end()) it = runs.emplace(model, run(model, {})).first;
  return it->second;
}

// A paper value (Juurlink 1998), the tolerance and why, and whether the simulation is known to
// miss it (then the test fails once it passes, so the note cannot go stale).
struct Target {
  const char* metric;
  double paper;
  double rel;
  const char* why;
  const char* known_miss = nullptr;
};

inline void check(const Result& r, const Target& t) {
  const double sim = r.scalar(t.metric);
  const bool within = std::abs(sim - t.paper) <= t.rel * std::abs(t.paper);
  const std::string row = std::string(t.metric) + ": paper " + std::to_string(t.paper) +
                          ", simulated " + std::to_string(sim) + ", tolerance " +
                          std::to_string(t.rel * 100) + " % (" + t.why + ")";
  if (t.known_miss) {
    EXPECT_FALSE(within) << "known miss now passes, update its note: " << row;
  } else {
    EXPECT_TRUE(within) << row;
  }
}

}  // namespace archex::paragon_test
