#pragma once

#include "core/registry.h"

namespace archex {

// Adds the Multi-PSI/V1 and V2's models to `registry`.
void register_multipsi(ModelRegistry& registry);

}  // namespace archex
