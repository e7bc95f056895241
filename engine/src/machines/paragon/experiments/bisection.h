#pragma once

#include "core/registry.h"

namespace archex {

// The Paragon's bandwidth over the middle link of a p x 1 mesh (Fig. 2).
ModelInfo paragon_bisection_info();

}  // namespace archex
