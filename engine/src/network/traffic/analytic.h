#pragma once

#include "network/topologies/kncube.h"
#include "network/wormhole/network.h"
#include "network/topologies/topology.h"

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

// Mean hops of dimension-order routes between distinct nodes under uniform traffic.
double cube_mean_hops(const KNCube& cube);

// Zero-load latency of a packet of `packet_flits` under uniform traffic on a k-ary n-cube, in
// cycles from creation to the last flit delivered, as the router engine does it: the head crosses
// hops + 1 routers, each costing the link cycle, the router delay and the pipeline (switch
// allocation, and route computation and VC allocation for the head), and the other flits follow
// at the slowest of the channel, injection and ejection rates.
double cube_zero_load_latency_cycles(const KNCube& cube, const NetworkConfig& config,
                                     int packet_flits);

// Ideal throughput under uniform traffic on a k-ary n-cube (flits per node per cycle): the
// channel bandwidth over the load of the most loaded channel of dimension-order routing (Dally
// & Towles' channel-load bound; half of it on half-duplex links), capped by the injection and
// ejection rates.
double cube_channel_load_bound(const KNCube& cube, const NetworkConfig& config);


}  // namespace archex
