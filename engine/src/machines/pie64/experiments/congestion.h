#pragma once

#include "core/registry.h"

namespace archex {

// PIE64's transfers of all IUs to random destinations as the share p of transfer instructions
// grows (sec. 3.2, Figs. 7-9): the connection wait, the throughput and the limit region.
ModelInfo pie64_congestion_info();

}  // namespace archex
