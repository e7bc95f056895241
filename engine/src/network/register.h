#pragma once

#include "core/registry.h"

namespace archex {

// Adds the network experiments on any topology to `registry`.
void register_network(ModelRegistry& registry);

}  // namespace archex
