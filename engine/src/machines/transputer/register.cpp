#include "machines/transputer/register.h"

#include "machines/transputer/experiments/farm.h"
#include "machines/transputer/experiments/ping.h"
#include "machines/transputer/experiments/sequential.h"
#include "machines/transputer/experiments/logp.h"

namespace archex {

void register_transputer(ModelRegistry& registry) {
  registry.add(transputer_ping_info());
  registry.add(transputer_sequential_info());
  registry.add(transputer_farm_info());
  registry.add(transputer_logp_info());
}

}  // namespace archex
