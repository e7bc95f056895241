#pragma once

#include <memory>

#include "core/model.h"
#include "core/rng.h"
#include "network/experiment/network_traffic_plan.h"

namespace archex::traffic_run {

// The saturation search (saturation_steps, Plan::bisection_point): runs the highest load of the
// curve, or the chosen load where there is no curve; if that is not sustained, bisects between 0
// and it, a load a step, each judged by its own point's `saturated`. Its record is a curve
// point's with the cycles of every load it ran, saturated where the highest was not sustained;
// its own scalars are kSaturationBisected and kSaturationBisectedError (none where the highest
// load was sustained).
std::unique_ptr<Model> saturation_search(const TrafficParams& p, Rng rng);

}  // namespace archex::traffic_run
