#pragma once

#include "network/topologies/part.h"

namespace archex {

// An arbitrary graph of routers with terminals, as BookSim2's anynet (anynet_node_router and the
// anynet_link_ lists; each router's minimal-path table).
TopologyPart anynet_part();

}  // namespace archex
