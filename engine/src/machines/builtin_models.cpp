#include "machines/builtin_models.h"

#include "models/jmachine.h"
#include "models/jmachine_logp.h"
#include "models/jmachine_programs.h"
#include "models/multipsi_logp.h"
#include "models/multipsi_perf.h"
#include "models/multipsi_queens.h"
#include "models/network_traffic.h"
#include "models/paragon.h"
#include "models/paragon_logp.h"
#include "models/pie64.h"
#include "models/pie64_logp.h"
#include "models/transputer.h"
#include "models/transputer_logp.h"

namespace archex {

ModelRegistry builtin_registry() {
  ModelRegistry registry;
  registry.add(multipsi_perf_info());
  registry.add(network_traffic_info());
  registry.add(jmachine_round_trip_info());
  registry.add(jmachine_loop_info());
  registry.add(jmachine_terminal_info());
  registry.add(jmachine_programs_info());
  registry.add(jmachine_logp_info());
  registry.add(multipsi_queens_info());
  registry.add(multipsi_logp_info());
  registry.add(pie64_transfer_info());
  registry.add(pie64_congestion_info());
  registry.add(pie64_dispatch_info());
  registry.add(pie64_logp_info());
  registry.add(paragon_pingpong_info());
  registry.add(paragon_bisection_info());
  registry.add(paragon_bsp_info());
  registry.add(paragon_bpram_info());
  registry.add(paragon_app_info());
  registry.add(paragon_logp_info());
  registry.add(transputer_ping_info());
  registry.add(transputer_sequential_info());
  registry.add(transputer_farm_info());
  registry.add(transputer_logp_info());
  return registry;
}

}  // namespace archex
