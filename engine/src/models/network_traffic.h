#pragma once

#include "core/registry.h"

namespace archex {

// Open-loop synthetic traffic on a k-ary n-cube (the "custom network"): Bernoulli injection with
// uniform, transpose, bit-complement, nearest-neighbour or hotspot destinations; latency (mean,
// percentiles, histogram) and accepted load at a chosen load, per-channel utilization there, and
// latency against offered and accepted load over a sweep.
ModelInfo network_traffic_info();

}  // namespace archex
