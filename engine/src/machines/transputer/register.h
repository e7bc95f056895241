#pragma once

#include "core/registry.h"

namespace archex {

// Adds the T805/T9000 transputers's models to `registry`.
void register_transputer(ModelRegistry& registry);

}  // namespace archex
