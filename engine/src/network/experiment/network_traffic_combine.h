#pragma once

#include <vector>

#include "core/result.h"
#include "core/sweep.h"
#include "network/experiment/network_traffic_plan.h"

namespace archex::traffic_run {

// The whole result: the chosen point's scalars and series, the curves over the loads done, the
// analytical models.
Result combine_traffic(const TrafficParams& p, const std::vector<PointResult>& partials);

}  // namespace archex::traffic_run
