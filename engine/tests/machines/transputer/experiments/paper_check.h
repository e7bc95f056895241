#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex::transputer_test {

inline Result run(const std::string& model, const ParamValues& overrides = {}) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

// A paper value, the simulated one and the tolerance (relative), and whether it is a known miss:
// a known miss fails the test once it passes, so its note cannot go stale.
inline void check(const char* what, double paper, double simulated, double rel,
                  bool known_miss = false) {
  const bool within = std::fabs(simulated - paper) <= rel * std::fabs(paper);
  EXPECT_EQ(within, !known_miss) << what << ": paper " << paper << ", simulated " << simulated
                                 << ", tolerance " << rel * 100 << " %"
                                 << (known_miss ? " (known miss now passes)" : "");
}

}  // namespace archex::transputer_test
