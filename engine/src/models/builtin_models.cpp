#include "models/builtin_models.h"

#include "models/multipsi_perf.h"

namespace archex {

ModelRegistry builtin_registry() {
  ModelRegistry registry;
  registry.add(multipsi_perf_info());
  return registry;
}

}  // namespace archex
