#pragma once

#include "network/topologies/part.h"

namespace archex {

// A fat tree (a k-ary n-tree: fattree_arity, fattree_levels), routed up to a nearest common
// ancestor and down.
TopologyPart fattree_part();

}  // namespace archex
