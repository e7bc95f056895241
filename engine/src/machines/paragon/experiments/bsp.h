#pragma once

#include "core/registry.h"

namespace archex {

// The Paragon's random full h-relations under the BSP library, and the fitted g and L (Fig. 3,
// 4, Table 1).
ModelInfo paragon_bsp_info();

}  // namespace archex
