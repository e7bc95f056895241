#pragma once

#include <vector>

#include "network/topologies/kncube/kncube.h"
#include "network/topologies/topology.h"
#include "network/traffic/traffic.h"
#include "network/wormhole/network.h"

namespace archex {

// Patel (1981): the share of requests an unbuffered delta network of n stages of k x k switches
// accepts when every input requests a uniformly random output with probability m per cycle and a
// switch output grants one of its requesters, dropping the others. Each stage turns a request
// rate m into 1 - (1 - m / k)^k (requests at a switch's inputs taken as independent); the
// acceptance is the rate out of the last stage over m.
double patel_acceptance(int k, int stages, double request_rate);

// Saturation throughput per port of an N x N input-queued switch with FIFO input queues under
// uniform traffic, always backlogged, fixed-size cells (Karol, Hluchyj & Morgan 1987: 0.75 for
// N = 2, 0.6553 for N = 4, 2 - sqrt(2) = 0.5858 as N grows). For N up to 16 it is computed
// exactly: the Markov chain of how many head-of-line cells want each output (as a partition of
// N, since outputs are alike) is solved by iteration, and the throughput is the expected number
// of busy outputs over N (N = 4 gives 0.65524). Above 16 it is the limit 2 - sqrt(2), some
// 1.3 % under a simulated 32 x 32 switch and closer beyond.
double iq_crossbar_saturation(int ports);

// Mean hops of dimension-order routes between distinct terminals under uniform traffic (0 between
// two of one node).
double cube_mean_hops(const KNCube& cube);

// Zero-load latency of a packet of `packet_flits` under uniform traffic on a k-ary n-cube, in
// cycles from creation to the last flit delivered, as the router engine does it: the head crosses
// hops + 1 routers, each costing the link cycle, the router delay and the pipeline (switch
// allocation, and route computation and VC allocation for the head), and the other flits follow
// at the slowest of the channel, injection and ejection rates.
double cube_zero_load_latency_cycles(const KNCube& cube, const NetworkConfig& config,
                                     int packet_flits);

// The same for packets that cross `mean_hops` channels between routers on average.
double zero_load_latency_cycles(double mean_hops, const NetworkConfig& config, int packet_flits);

// What a traffic pattern's routes load, per unit of load (flits/node/cycle) each terminal offers:
// each channel between routers (router r's output port p at the sum of ports of the routers
// before r, plus p), each terminal's ejection, and the mean hops of a packet.
struct PatternLoad {
  std::vector<double> channels;
  std::vector<double> ejection;
  double mean_hops = 0;
  // Cycles a packet's head spends on links past the one a hop (Topology::link_cycles), on average.
  double mean_link_extra = 0;
};

// Which of a routing's first states a walk follows: all of them; the first alone; or all but the
// first. A routing that chooses at the source (UGAL) lists its default (minimal) route first and
// its others (Valiant's) after it, so each is walked as the oblivious routing it chooses from.
enum class Walk { kAll, kFirst, kOthers };

// Walks the topology's route (Topology::route) from every source to each of its destinations
// under `pattern` (TrafficPattern::destinations), adding each pair's share to the channels it
// crosses. Uniform traffic's share is not walked pair by pair (N^2 routes) but taken from the
// shape: a cube's closed form of dimension-order routing, channel by channel; other shapes walk
// every pair up to kMostUniformWalkTerminals terminals and above that load their channels alike
// (a fly's are) with uniform_channel_load(), and give no mean hops.
//
// A routing that draws (Valiant, ROMM, O1TURN, random tie-break) is walked along each of its first
// states (route_starts) for every pair, uniform traffic included, up to 1,024 of them drawn by a
// fixed seed (and, for uniform traffic, kMostUniformWalkRoutes routes in all): the mean its draws
// give, or an estimate of it. An adaptive routing is walked along its minimal routes in dimension order, so
// its mean hops are exact and its bound is dimension order's, which it can only beat.
PatternLoad pattern_load(const Topology& topology, const TrafficPattern& pattern,
                         Walk walk = Walk::kAll);
// A dragonfly of p = 4 (BookSim2's k = 4) has 1,056 terminals.
constexpr int kMostUniformWalkTerminals = 2048;
constexpr double kMostUniformWalkRoutes = 4.0 * 1024 * 1024;

// The capacity bound of `pattern` (flits/node/cycle): the channel rate over the load of the most
// loaded channel (on half-duplex links over the load of both directions of the most loaded link),
// the channels into and out of the terminals counted with the channels between routers, capped
// by the injection rate and by the ejection rate over the most loaded terminal's ejection.
// Uniform traffic keeps capacity_bound (network_params.h), the same bound in closed form. A
// routing that chooses at the source (UGAL) gets the better bound of the routes it chooses
// between, each walked alone: what it reaches taking the better one always, and may beat by
// mixing them.
double pattern_capacity_bound(const Topology& topology, const NetworkConfig& config,
                              const TrafficPattern& pattern);
// The bound of the routes `walk` follows.
double pattern_capacity_bound(const Topology& topology, const NetworkConfig& config,
                              const TrafficPattern& pattern, Walk walk);

// A bound no minimal routing of `pattern` on `cube` passes (flits/node/cycle), whatever it
// chooses among minimal routes: the load every minimal route carries across a boundary between
// two coordinates of a dimension, in one direction, over the channels that cross it (one on
// every line of the dimension); half-way round a torus is left out, as either way is minimal.
// Capped by the injection rate and the ejection and terminal channels as
// pattern_capacity_bound is. Uniform traffic keeps dimension order's bound, which no minimal
// routing beats. An adaptive routing's curve reads its fractions of the bound against this.
double minimal_cut_bound(const KNCube& cube, const NetworkConfig& config,
                         const TrafficPattern& pattern);

// Zero-load latency of `pattern` (on a cube, or any shape whose routes are walked):
// cube_zero_load_latency_cycles' per-packet latency, averaged over the pattern's
// source-destination pairs by their shares of the packets, plus the cycles its links take past
// one a hop. A routing that chooses at the source takes its first route, as it does unloaded.
double pattern_zero_load_latency_cycles(const Topology& topology, const NetworkConfig& config,
                                        const TrafficPattern& pattern, int packet_flits);

// Ideal throughput under uniform traffic on a k-ary n-cube (flits per node per cycle): the
// channel bandwidth over the load of the most loaded channel of dimension-order routing (Dally
// & Towles' channel-load bound; half of it on half-duplex links), capped by the injection and
// ejection rates.
double cube_channel_load_bound(const KNCube& cube, const NetworkConfig& config);


}  // namespace archex
