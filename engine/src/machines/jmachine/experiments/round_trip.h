#pragma once

#include "core/registry.h"

namespace archex {

// The J-Machine's round-trip latency against distance (Fig. 2) and a remote read.
ModelInfo jmachine_round_trip_info();

}  // namespace archex
