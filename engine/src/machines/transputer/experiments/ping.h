#pragma once

#include "core/registry.h"

namespace archex {

// Round trips between two transputers against message size: T9000 raw, raw + 32, p4, directly
// and through a C104; T805 raw, VCR and p4 (Figs. 2-7).
ModelInfo transputer_ping_info();

}  // namespace archex
