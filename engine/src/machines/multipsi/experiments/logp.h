#pragma once

#include "core/registry.h"

namespace archex {

// The LogP microbenchmark (core/logp.h) on the Multi-PSI's own goal-reduction machine: goals
// thrown between two adjacent PEs (throw_goal), their arguments the message (Taki 1988).
ModelInfo multipsi_logp_info();

}  // namespace archex
