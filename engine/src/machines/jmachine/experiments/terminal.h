#pragma once

#include "core/registry.h"

namespace archex {

// The J-Machine's terminal bandwidth between two nodes (Fig. 4).
ModelInfo jmachine_terminal_info();

}  // namespace archex
