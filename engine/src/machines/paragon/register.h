#pragma once

#include "core/registry.h"

namespace archex {

// Adds the Intel Paragon's models to `registry`.
void register_paragon(ModelRegistry& registry);

}  // namespace archex
