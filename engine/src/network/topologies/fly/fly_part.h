#pragma once

#include "network/topologies/part.h"

namespace archex {

// A k-ary n-fly: fly_radix, fly_stages, fly_wiring; destination-tag routing.
TopologyPart fly_part();

}  // namespace archex
