#include "models/builtin_models.h"

#include "models/multipsi_perf.h"
#include "models/network_traffic.h"

namespace archex {

ModelRegistry builtin_registry() {
  ModelRegistry registry;
  registry.add(multipsi_perf_info());
  registry.add(network_traffic_info());
  return registry;
}

}  // namespace archex
