#include "machines/paragon/register.h"

#include "machines/paragon/experiments/apps.h"
#include "machines/paragon/experiments/bisection.h"
#include "machines/paragon/experiments/bpram.h"
#include "machines/paragon/experiments/bsp.h"
#include "machines/paragon/experiments/pingpong.h"
#include "machines/paragon/experiments/logp.h"

namespace archex {

void register_paragon(ModelRegistry& registry) {
  registry.add(paragon_pingpong_info());
  registry.add(paragon_bisection_info());
  registry.add(paragon_bsp_info());
  registry.add(paragon_bpram_info());
  registry.add(paragon_app_info());
  registry.add(paragon_logp_info());
}

}  // namespace archex
