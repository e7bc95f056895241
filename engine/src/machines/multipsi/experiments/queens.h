#pragma once

#include "core/param_table.h"
#include "core/registry.h"
#include "machines/multipsi/machine.h"

namespace archex {

// The Multi-PSI as a goal-reduction machine (Taki, ICOT TR-370, 1988, sec. 7 and appendix): PEs
// reducing the 8-queens Programs 1 and 2 goal by goal, exchanging throw_goal, read_value,
// return_value, unify and terminate messages, swept over PE counts and grain (depth or K). Work
// rate, communication rate, performance and sec. 7.7's relative communication time come out of
// the runs, and the sec. 7.8 formula is checked against them.
ModelInfo multipsi_queens_info();

// The PEs' costs as the model declares them (for the LogP model).
ParamTable<fghc::Costs> multipsi_cost_table();
// The model's default costs (Multi-PSI/V1), as its parameter table declares them.
fghc::Costs multipsi_default_costs();

}  // namespace archex
