#pragma once

#include <cstddef>
#include <memory>

#include "core/model.h"
#include "core/rng.h"
#include "network/experiment/network_traffic_plan.h"

namespace archex::traffic_run {

// Load `point` of the run: point 0 the chosen load, 1.. the curve's. Its partial result is the
// point's scalars and, for the chosen point, its histogram and channel utilization.
std::unique_ptr<Model> traffic_point(const TrafficParams& p, Rng rng, std::size_t point);

}  // namespace archex::traffic_run
