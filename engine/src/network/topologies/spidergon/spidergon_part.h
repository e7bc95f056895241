#pragma once

#include "network/topologies/part.h"

namespace archex {

// A Spidergon: a ring of spidergon_nodes routers, each joined across to the opposite one.
TopologyPart spidergon_part();

}  // namespace archex
