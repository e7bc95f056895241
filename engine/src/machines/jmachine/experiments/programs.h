#pragma once

#include "core/registry.h"

namespace archex {

// The J-Machine's programs (Noakes, Wallach & Dally, ISCA 1993, sec. 3.2 and 4) run on simulated
// MDPs over the flit-level 3-D mesh: the butterfly barrier (Table 3), LCS, radix sort, N-queens
// and TSP, each over machine sizes (Fig. 5), with Fig. 6's breakdown and Tables 4-5's statistics
// from the run on the breakdown machine.
ModelInfo jmachine_programs_info();

}  // namespace archex
