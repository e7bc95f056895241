#pragma once

#include "core/registry.h"

namespace archex {

// PIE64's automatic load dispatch on the PAN against random placement (sec. 2.3).
ModelInfo pie64_dispatch_info();

}  // namespace archex
