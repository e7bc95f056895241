#pragma once

#include <vector>

#include "core/record.h"
#include "core/result.h"
#include "machines/jmachine/experiments/programs_point.h"

namespace archex::jmachine {

// The programs' speedups, breakdowns, statistics and the paper's other machines beside them, from
// the runs done so far (by index in plan(p), in its order).
Result combine_programs(const ProgramsParams& p,
                        const std::vector<PointRecord<RunRecord>>& finished);

}  // namespace archex::jmachine
