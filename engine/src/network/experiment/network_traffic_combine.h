#pragma once

#include <vector>

#include "core/record.h"
#include "core/result.h"
#include "network/experiment/network_traffic_point.h"

namespace archex::traffic_run {

// The whole result: the chosen point's scalars and series, the curves over the loads done, the
// analytical models (points by index in Plan::rates).
Result combine_traffic(const TrafficParams& p,
                       const std::vector<PointRecord<TrafficRecord>>& finished);

}  // namespace archex::traffic_run
