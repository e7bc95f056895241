#pragma once

#include "core/registry.h"

namespace archex {

// PIE64's simple transfers against message length, measured by the paper's loop method (sec. 3.1,
// Fig. 6): WRITEX, WRITEMN and MP-Write between two IUs.
ModelInfo pie64_transfer_info();

}  // namespace archex
