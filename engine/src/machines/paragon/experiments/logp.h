#pragma once

#include "core/registry.h"

namespace archex {

// The LogP microbenchmark (core/logp.h) on the Paragon's own model: NX messages between two
// neighbouring nodes of its mesh, each node's message processor running NX (Juurlink 1998).
ModelInfo paragon_logp_info();

}  // namespace archex
