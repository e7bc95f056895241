#include "machines/multipsi/register.h"

#include "machines/multipsi/experiments/perf.h"
#include "machines/multipsi/experiments/queens.h"
#include "machines/multipsi/experiments/logp.h"

namespace archex {

void register_multipsi(ModelRegistry& registry) {
  registry.add(multipsi_perf_info());
  registry.add(multipsi_queens_info());
  registry.add(multipsi_logp_info());
}

}  // namespace archex
