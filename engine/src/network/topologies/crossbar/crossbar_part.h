#pragma once

#include "network/topologies/part.h"

namespace archex {

// One N x N crossbar: crossbar_ports.
TopologyPart crossbar_part();

}  // namespace archex
