#pragma once

#include <vector>

#include "core/result.h"
#include "core/record.h"
#include "machines/pie64/experiments/congestion_point.h"

namespace archex::pie64 {

// The sweep's results from the points that have arrived: per run, its points in order of p; the
// limit region, alpha, Patel's model, Fig. 9's breakdown and the DAN's occupancy.
Result combine_congestion(const CongestionParams& p,
                          const std::vector<PointRecord<Point>>& finished);

}  // namespace archex::pie64
