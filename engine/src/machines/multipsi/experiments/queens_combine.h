#pragma once

#include <vector>

#include "core/result.h"
#include "core/record.h"
#include "machines/multipsi/experiments/queens_run.h"

namespace archex::fghc {

// The sweep's charts and the scalars that span runs (Table 4, the sec. 7.8 check) from the runs
// done so far.
Result combine_queens(const QueensParams& p,
                      const std::vector<PointRecord<QueensRecord>>& finished);

}  // namespace archex::fghc
