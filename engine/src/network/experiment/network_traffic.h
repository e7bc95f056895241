#pragma once

#include "core/registry.h"

namespace archex {

// Open-loop synthetic traffic on any network shape (the "custom network"): a mesh or torus, a
// k-ary n-fly, a crossbar or a network of C104 routers, wormhole- or circuit-switched, with
// uniform, transpose, bit-complement, nearest-neighbour or hotspot destinations (the last three
// on a cube only). Results: latency (mean, percentiles, histogram) and accepted load at a chosen
// load, per-channel utilization there, latency and accepted load over a sweep, and beside them
// the analytical models of the shape (see network_traffic.cpp for the series).
ModelInfo network_traffic_info();

}  // namespace archex
