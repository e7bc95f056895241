#pragma once

#include "core/registry.h"

namespace archex {

// The Paragon's application kernels of sec. 4 (matrix multiply, sample sort, bitonic sort,
// all-pairs shortest paths) simulated and predicted by the BSP and BPRAM cost models.
ModelInfo paragon_app_info();

}  // namespace archex
