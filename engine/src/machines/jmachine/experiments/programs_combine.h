#pragma once

#include <vector>

#include "core/result.h"
#include "core/sweep.h"
#include "machines/jmachine/experiments/programs_point.h"

namespace archex::jmachine {

// The programs' speedups, breakdowns, statistics and the paper's other machines beside them, from
// the runs done so far.
Result combine_programs(const ProgramsParams& p, const std::vector<PointResult>& partials);

}  // namespace archex::jmachine
