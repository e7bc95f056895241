#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "core/tables.h"
#include "network/circuit/circuit.h"
#include "network/network_params.h"
#include "network/topologies/kncube/kncube.h"
#include "network/traffic/analytic.h"
#include "network/traffic/measurement.h"
#include "network/traffic/traffic.h"
#include "network/wormhole/network.h"

namespace archex::traffic_run {

// The custom-network experiment (network_traffic): its parameters and the plan of its run, as
// every point and the combine see them.

enum class SweepScale { kAbsolute, kOfBound };
enum class InjectionKind { kBernoulli, kOnOff };
enum class RequestReplyMode { kOff, kOn };
enum class Measurement { kLatency, kThroughput };
enum class CompareRoutings { kOff, kAll };

struct TrafficParams {
  NetworkParams net;
  Pattern pattern;
  double hotspot_fraction;
  std::vector<int> hotspots;
  int permutation_seed;
  int packet_flits;
  std::vector<int> packet_sizes;
  std::vector<double> packet_size_shares;
  RequestReplyMode request_reply;
  int read_request_flits;
  int read_reply_flits;
  int write_request_flits;
  int write_reply_flits;
  double write_fraction;
  InjectionKind injection;
  double burst_length;
  double injection_rate;
  std::vector<double> sweep_rates;
  SweepScale sweep_scale;
  int warmup_cycles;
  int max_cycles;
  int min_cycles;
  double confidence_percent;
  Measurement measurement;
  int deadlock_watch_cycles;
  int saturation_steps;
  CompareRoutings compare_routings;
};

// A count as "33,554,432".
std::string with_commas(std::int64_t n);

// Marks the terminals a hotspot pattern favours in a network's description: its terminals'
// column hotspot, 1 there and 0 elsewhere. Other patterns (none) add nothing.
void mark_hotspot(NetworkMap& n, const std::vector<int>& hotspots);

// The packet sizes and request-reply settings into `options`; throws ParamError naming
// packet_sizes, packet_size_shares or request_reply where they do not fit together.
void traffic_options(const TrafficParams& p, LoadPointOptions& options);

// Each packet size the traffic sends with its share of the packets (a request-reply's four
// sizes with a transaction's two packets), for the models.
std::vector<std::pair<int, double>> packet_size_shares(const LoadPointOptions& options);

// With compare_routings, every other routing the shape takes that builds with these parameters
// (enough virtual channels), by its place among routing_parts(); else none.
std::vector<int> compared_routings(const TrafficParams& p);

// `p` under routing `routing`, without the searches and comparisons of the run it is part of.
TrafficParams under_routing(const TrafficParams& p, int routing);

// The network and the loads of a run, as every point and the combine see them: point 0 is the
// chosen load, points 1.. the curve's loads in ascending order.
struct Plan {
  explicit Plan(const TrafficParams& p)
      : topology(make_topology(p.net)),
        cube(std::dynamic_pointer_cast<const KNCube>(topology)),
        config(network_config(p.net, topology)),
        circuit(circuit_config(p.net, topology)),
        pattern(std::make_shared<const TrafficPattern>(*topology, p.pattern, p.hotspot_fraction,
                                                       p.hotspots, p.permutation_seed)),
        bound(pattern_capacity_bound(*topology, config, *pattern)),
        cut_bound(topology->adaptive() && cube ? minimal_cut_bound(*cube, config, *pattern) : 0),
        circuits(p.net.switching == Switching::kCircuit),
        can_deadlock(topology->may_deadlock() && !circuits),
        saturation_steps(p.saturation_steps),
        compared(compared_routings(p)) {
    rates.push_back(p.injection_rate);
    for (const double r : p.sweep_rates) {
      const double of = cut_bound > 0 ? cut_bound : bound;
      const double rate = p.sweep_scale == SweepScale::kOfBound ? std::min(1.0, r * of) : r;
      // A curve load that is the chosen load but for rounding (a fraction of the bound typed in
      // flits/node/cycle) is the chosen load, so the two are one run.
      const bool chosen = std::fabs(rate - p.injection_rate) <= 1e-9 * p.injection_rate;
      rates.push_back(chosen ? p.injection_rate : rate);
    }
    std::sort(rates.begin() + 1, rates.end());
    options.packet_flits = p.packet_flits;
    traffic_options(p, options);
    if (circuits && !options.packet_sizes.empty()) {
      throw ParamError("packet_sizes", "a mix of sizes is for wormhole packets; a circuit's "
                                       "connections carry packet_flits words (packet_sizes: 0, "
                                       "or switching: wormhole)");
    }
    if (options.request_reply) {
      if (circuits) {
        throw ParamError("request_reply", "request-reply traffic runs on wormhole switching "
                                          "(switching: wormhole)");
      }
      config.message_classes = 2;
    }
    if (p.injection == InjectionKind::kOnOff) options.burst_packets = p.burst_length;
    options.warmup_cycles = p.warmup_cycles;
    options.max_cycles = p.max_cycles;
    options.min_cycles = p.min_cycles;
    options.confidence = p.confidence_percent / 100;
    options.full_window = p.measurement == Measurement::kThroughput;
    if (can_deadlock) options.deadlock_watch_cycles = p.deadlock_watch_cycles;
  }

  // Builds the network once, so a bad configuration is reported before any work (the pattern is
  // built with the plan).
  void check(const TrafficParams& p) const {
    building(p, [&] {
      if (circuits) {
        CircuitNetwork network(circuit, 0);
      } else {
        Network network(config);
      }
    });
  }

  // Runs `build`; a network too big for the memory there is fails saying what its size is made
  // of and what to change.
  template <typename F>
  void building(const TrafficParams& p, F build) const {
    try {
      build();
    } catch (const std::bad_alloc&) {
      const std::string nodes = with_commas(topology->terminals()) + " nodes";
      if (circuits) {
        throw OutOfMemory("The network of " + nodes + " needs more memory than there is: use "
                          "fewer nodes.");
      }
      std::int64_t ports = 0;
      for (int r = 0; r < topology->routers(); ++r) ports += topology->ports(r);
      // A flit is 8 bytes.
      const double megabytes =
          static_cast<double>(ports) * p.net.vcs * p.net.buffer_flits * 8 / (1 << 20);
      throw OutOfMemory("The network of " + nodes + " needs more memory than there is: its "
                        "buffers alone, " + std::to_string(p.net.vcs) + " virtual channels of " +
                        std::to_string(p.net.buffer_flits) + " flits at each of its " +
                        with_commas(ports) + " router ports, take about " +
                        with_commas(static_cast<std::int64_t>(std::ceil(megabytes))) +
                        " MB. Use fewer nodes, fewer virtual channels or smaller buffers.");
    }
  }

  std::shared_ptr<const Topology> topology;
  std::shared_ptr<const KNCube> cube;
  NetworkConfig config;
  CircuitConfig circuit;
  // The traffic pattern every point sends (its random permutation drawn once).
  std::shared_ptr<const TrafficPattern> pattern;
  // The pattern's capacity bound.
  double bound;
  // Under an adaptive routing on a cube, the bound no minimal routing passes (minimal_cut_bound),
  // which the curve's fractions are read against: dimension order's bound, which the routing can
  // pass, would end the curve before it saturates. 0 elsewhere.
  double cut_bound;
  bool circuits;
  // A torus without a dateline: the results say which points deadlocked.
  bool can_deadlock;
  // Bisection steps of the saturation search (0: none); when set, the point after the curve's
  // (bisection_point) runs them.
  int saturation_steps;
  std::vector<double> rates;
  LoadPointOptions options;

  // The routings whose curves are drawn beside this one's (compared_routings).
  std::vector<int> compared;

  std::size_t bisection_point() const { return rates.size(); }
  // Then each compared routing's curve, its loads in order (its own plan's points 1..).
  std::size_t compare_base() const { return rates.size() + (saturation_steps > 0 ? 1 : 0); }
  std::size_t curve_points() const { return rates.size() - 1; }
  std::size_t points() const { return compare_base() + compared.size() * curve_points(); }
};

}  // namespace archex::traffic_run
