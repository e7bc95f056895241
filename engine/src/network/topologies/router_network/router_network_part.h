#pragma once

#include "network/topologies/part.h"

namespace archex {

// The C104 networks a router network is built as.
enum class RouterShape { kDirectLink, kLoop, kClos2 };

// A network of C104 routers (router_network; interval labelling).
TopologyPart router_network_part();

}  // namespace archex
