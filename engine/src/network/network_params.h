#pragma once

#include <vector>

#include "core/param_spec.h"
#include "network/kncube.h"
#include "network/network.h"

namespace archex {

// Defaults of the network parameters, so each model (a J-Machine experiment, a custom network)
// starts from its own machine while sharing one set of specs.
struct NetworkDefaults {
  std::vector<double> dims{8, 8};
  bool torus = false;
  double vcs = 1;
  double buffer_flits = 8;
  double router_delay_cycles = 0;
  double channel_words_per_cycle = 1;
  bool half_duplex = false;
  double inject_words_per_cycle = 1;
  double eject_words_per_cycle = 1;
  double receive_queue_words = 1024;
  double clock_mhz = 100;
  double word_bits = 32;
};

// The network parameters every network model takes: topology, dims, vcs, buffer_flits,
// router_delay_cycles, flow_control, channel_words_per_cycle, link_mode,
// inject_words_per_cycle, eject_words_per_cycle, receive_queue_words, clock_mhz, word_bits.
std::vector<ParamSpec> network_specs(const NetworkDefaults& defaults);

// The k-ary n-cube of the topology and dims parameters.
std::shared_ptr<const KNCube> cube_topology(const ParamValues& params);

// The network of the parameters, on cube_topology(params).
NetworkConfig network_config(const ParamValues& params);

// Words per cycle the links across the cube's bisection carry at most, both directions together.
double bisection_capacity_words_per_cycle(const KNCube& cube, const NetworkConfig& config);

// Gbit/s carried by `words_per_cycle`, from the clock and the word width.
double gbit_per_s(const ParamValues& params, double words_per_cycle);

// The names of the six channel directions, in port order: xp, xm, yp, ym, zp, zm.
const char* direction_name(int port);

}  // namespace archex
