#pragma once

#include "core/param_table.h"
#include "core/registry.h"
#include "machines/pie64/machine.h"

namespace archex {

// PIE64 (Sato, Koike, Tanaka 1993): inference units with a network interface processor on a
// circuit-switched 3-stage network of 4x4 crossbars. Simple transfers against message length
// measured by the paper's loop method (sec. 3.1, Fig. 6), and transfers of all IUs to random
// destinations as the share of transfer instructions grows (sec. 3.2, Figs. 7-9).
ModelInfo pie64_transfer_info();
ModelInfo pie64_congestion_info();
// Automatic load dispatch on the PAN against random placement (sec. 2.3).
ModelInfo pie64_dispatch_info();
// An inference unit's costs as the models declare them (for the LogP model).
ParamTable<pie64::Costs> pie64_cost_table();

}  // namespace archex
