#pragma once

#include "core/registry.h"

namespace archex {

// A registry holding every model the engine ships. Each call builds a fresh one.
ModelRegistry builtin_registry();

}  // namespace archex
