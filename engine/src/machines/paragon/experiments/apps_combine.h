#pragma once

#include <vector>

#include "core/result.h"
#include "core/record.h"
#include "machines/paragon/experiments/apps_plan.h"

namespace archex::paragon {

// The sweep's results from the points that have arrived: per configuration the fitted g, L,
// sigma and l; per version the simulated time against both models' predictions, the share of
// communication, the error, and (sample sort) where the butterfly version stops paying.
Result combine_app(const AppParams& p, const std::vector<PointRecord<AppRecord>>& points);

}  // namespace archex::paragon
