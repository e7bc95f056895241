#include "machines/jmachine/register.h"

#include "machines/jmachine/experiments/loop.h"
#include "machines/jmachine/experiments/round_trip.h"
#include "machines/jmachine/experiments/terminal.h"
#include "machines/jmachine/experiments/programs.h"
#include "machines/jmachine/experiments/logp.h"

namespace archex {

void register_jmachine(ModelRegistry& registry) {
  registry.add(jmachine_round_trip_info());
  registry.add(jmachine_loop_info());
  registry.add(jmachine_terminal_info());
  registry.add(jmachine_programs_info());
  registry.add(jmachine_logp_info());
}

}  // namespace archex
