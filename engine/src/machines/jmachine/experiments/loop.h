#pragma once

#include "core/registry.h"

namespace archex {

// The J-Machine in a closed loop: latency against bisection traffic and efficiency against grain
// size (Fig. 3).
ModelInfo jmachine_loop_info();

}  // namespace archex
