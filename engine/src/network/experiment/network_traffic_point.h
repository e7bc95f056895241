#pragma once

#include <cstddef>
#include <memory>

#include "core/model.h"
#include "core/record.h"
#include "core/rng.h"
#include "network/experiment/network_traffic_plan.h"

namespace archex::traffic_run {

// What a load gives the combine, which knows the load offered from the plan (Plan::rates).
struct TrafficRecord {
  double accepted = 0;  // flits/node/cycle
  double latency_mean = 0;
  double latency_p99 = 0;
  bool saturated = false;
  bool deadlocked = false;
  double acceptance = 1;
  double blocking = 0;  // circuits' blocking probability; 0 for wormhole
  double cycles = 0;  // simulated
  double latency_p50 = 0;
  double latency_p95 = 0;
  double network_latency_mean = 0;
  double hops_mean = 0;
  double accepted_min = 0;  // flits/node/cycle, of the least and the most served node
  double accepted_max = 0;
};

const RecordTable<TrafficRecord>& traffic_record();

// Load `point` of the run: point 0 the chosen load, 1.. the curve's. Its result is its record
// and, for the chosen point, its scalars, histogram and channel utilization (the run's own); a
// curve's point reports its simulated cycles (kSimulatedCycles) itself, which a traced point's
// packet view reads, and under request-reply its classes' scalars (request_*, reply_*,
// round_trip_*), which the combine draws the classes' curves from (the record stays that of
// every run).
std::unique_ptr<Model> traffic_point(const TrafficParams& p, Rng rng, std::size_t point);

}  // namespace archex::traffic_run
