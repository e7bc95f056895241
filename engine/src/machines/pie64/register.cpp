#include "machines/pie64/register.h"

#include "machines/pie64/experiments/congestion.h"
#include "machines/pie64/experiments/dispatch.h"
#include "machines/pie64/experiments/transfer.h"
#include "machines/pie64/experiments/logp.h"

namespace archex {

void register_pie64(ModelRegistry& registry) {
  registry.add(pie64_transfer_info());
  registry.add(pie64_congestion_info());
  registry.add(pie64_dispatch_info());
  registry.add(pie64_logp_info());
}

}  // namespace archex
