#pragma once

#include "network/topologies/part.h"

namespace archex {

// A flattened butterfly (flatfly_arity, flatfly_dimensions, flatfly_terminals): routers on a
// k-ary n-cube's grid, each joined to every other of its row in every dimension.
TopologyPart flattened_butterfly_part();

}  // namespace archex
