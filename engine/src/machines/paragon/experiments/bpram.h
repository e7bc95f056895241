#pragma once

#include "core/registry.h"

namespace archex {

// The Paragon's random block permutations under the BPRAM library, and the fitted sigma and l
// (Fig. 5, Table 2).
ModelInfo paragon_bpram_info();

}  // namespace archex
