#pragma once

#include "core/registry.h"

namespace archex {

// The LogP microbenchmark (core/logp.h) on PIE64's own model: WRITEX, WRITEMN and MP-Write
// transfers between two inference units over the circuit-switched DAN (Sato, Koike, Tanaka).
ModelInfo pie64_logp_info();

}  // namespace archex
