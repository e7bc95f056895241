#pragma once

#include "core/registry.h"

namespace archex {

// The Multi-PSI as a goal-reduction machine (Taki, ICOT TR-370, 1988, sec. 7 and appendix): PEs
// reducing the 8-queens Programs 1 and 2 goal by goal, exchanging throw_goal, read_value,
// return_value, unify and terminate messages, swept over PE counts and grain (depth or K). Work
// rate, communication rate, performance and sec. 7.7's relative communication time come out of
// the runs, and the sec. 7.8 formula is checked against them.
ModelInfo multipsi_queens_info();

}  // namespace archex
