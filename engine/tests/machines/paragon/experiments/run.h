#pragma once

#include <string>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex::paragon_test {

inline Result run(const std::string& model, const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

}  // namespace archex::paragon_test
