#pragma once

#include "network/topologies/part.h"

namespace archex {

// A dragonfly: groups of routers all joined, every two groups joined by one global channel.
TopologyPart dragonfly_part();

}  // namespace archex
