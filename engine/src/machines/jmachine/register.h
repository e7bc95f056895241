#pragma once

#include "core/registry.h"

namespace archex {

// Adds the J-Machine's models to `registry`.
void register_jmachine(ModelRegistry& registry);

}  // namespace archex
