#pragma once

#include "core/registry.h"

namespace archex {

// Adds PIE64's models to `registry`.
void register_pie64(ModelRegistry& registry);

}  // namespace archex
