#pragma once

#include "core/registry.h"

namespace archex {

// The J-Machine's network experiments (Noakes, Wallach & Dally, ISCA 1993, sec. 3), run on the
// flit-level network with the MDP's message costs: round-trip latency against distance (Fig. 2),
// latency against bisection traffic and efficiency against grain size in a closed loop
// (Fig. 3), and terminal bandwidth between two nodes (Fig. 4).
ModelInfo jmachine_round_trip_info();
ModelInfo jmachine_loop_info();
ModelInfo jmachine_terminal_info();

}  // namespace archex
