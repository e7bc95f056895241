#pragma once

#include "core/registry.h"

namespace archex {

// The LogP microbenchmark (core/logp.h) on the J-Machine's own model: MDP messages between two
// neighbouring nodes of its wormhole mesh (Noakes, Wallach & Dally, ISCA 1993).
ModelInfo jmachine_logp_info();

}  // namespace archex
