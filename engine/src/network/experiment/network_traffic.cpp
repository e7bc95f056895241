#include "network/experiment/network_traffic.h"

#include <memory>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "core/sweep.h"
#include "network/experiment/network_traffic_combine.h"
#include "network/experiment/network_traffic_outputs.h"
#include "network/experiment/network_traffic_plan.h"
#include "network/experiment/network_traffic_point.h"
#include "network/network_params.h"
#include "network/routings/routing.h"
#include "network/topologies/describe.h"
#include "network/traffic/traffic.h"

// Results, beside the chosen point's scalars and latency_histogram:
// - curves over the sweep: latency_vs_offered, latency_p50_vs_offered, latency_p95_vs_offered,
//   latency_p99_vs_offered, network_latency_vs_offered (source queueing out), hops_vs_offered,
//   accepted_vs_offered with the least and most served nodes' accepted_min_vs_offered and
//   accepted_max_vs_offered, latency_vs_accepted, acceptance_vs_offered (1 with wormhole
//   switching, which drops nothing); with circuit switching also blocking_vs_offered; under
//   request-reply each class's latency, accepted load and the round trip's (request_*, reply_*,
//   round_trip_*), as scalars at the chosen load and curves; with a mix of packet sizes the
//   mean latency of each size at the chosen load (latency_by_packet_size).
// - analytical models, named model_*: the scalar model_capacity_bound (flits/node/cycle, every
//   shape, of the chosen pattern); on a cube with wormhole switching
//   model_zero_load_latency_cycles (of the chosen pattern too); on a crossbar with wormhole
//   switching model_fifo_saturation; on a fly with circuits dropped on conflict the series
//   model_patel_acceptance (against offered load, beside acceptance_vs_offered).
// - channel utilization at the chosen load: the network channel_util (network/topologies/describe.h) with
//   each channel's utilization and occupancy (the share of the time packets held it), and on a
//   crossbar each crosspoint's share of its output. Under the hotspot pattern the networks'
//   terminals say which are the hot spots (column hotspot, 1 there).
// The run is a sweep (core/sweep.h): point 0 is the chosen load, points 1.. the curve's loads, each
// on its own network drawing only from its own random stream, except that a load of the curve
// equal to the chosen one draws from the chosen point's: it is the same run, with the same
// numbers.

namespace archex {

namespace {

using traffic_run::mark_hotspot;
using traffic_run::Plan;
using traffic_run::TrafficParams;

const char* const kCitation =
    "Dally & Towles, Principles and Practices of Interconnection Networks (2004), ch. 23 "
    "(synthetic traffic, batch-means measurement); J-Machine network: Noakes, Wallach & Dally, "
    "ISCA 1993, sec. 2; Patel, IEEE Trans. Computers C-30 (1981); Karol, Hluchyj & Morgan, IEEE "
    "Trans. Communications 35 (1987)";

ParamTable<TrafficParams> params() {
  ParamSpec sweep =
      number_param("sweep_rates", "Loads of the curve")
          .unit("flits/node/cycle").unit_from("sweep_scale").value(0.1).range(0.001, 1)
          .step(0.001)
          .about("Offered loads of the latency-vs-load curve, in the unit sweep_scale names: "
                 "flits/node/cycle, as injection_rate, or fractions of the capacity bound of "
                 "the network under the chosen pattern (model_capacity_bound: the channel-load "
                 "bound), so the curve ends near saturation on any size; under an adaptive "
                 "routing on a cube, fractions of the bound no minimal routing passes "
                 "(model_minimal_cut_bound), which the routing can come near.");
  sweep.max_items = 24;
  sweep.default_list = {0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4};
  ParamTable<TrafficParams> t;
  t.include(&TrafficParams::net, network_table())
      .add(&TrafficParams::pattern,
           choice_param("pattern", "Traffic pattern")
               .choices({"uniform", "transpose", "bit-complement", "nearest-neighbour", "hotspot",
                         "bit-reverse", "shuffle", "tornado", "random permutation",
                         "group shift", "uniform, self included"})
               .value(0)
               .about("Where packets go (Dally & Towles sec. 3.2): uniform random, transpose "
                      "(coordinates reversed), bit-complement (k-1-c in every dimension), nearest "
                      "neighbour, hotspot (a share to the hot spots), bit-reverse (the bits of "
                      "the terminal's number reversed), shuffle (those bits rotated left by one), "
                      "tornado (every coordinate ceil(k/2)-1 ahead) or a random permutation of "
                      "the terminals (drawn from permutation_seed), or group shift (to a random "
                      "terminal of the next group: a dragonfly's adversarial pattern), or uniform "
                      "with each terminal among its own destinations (BookSim2's uniform: a "
                      "packet to itself only crosses its router). "
                      "Transpose, bit-complement, nearest neighbour and tornado need a mesh or "
                      "torus; bit-reverse and shuffle a power-of-two count of terminals; group "
                      "shift a dragonfly."))
      .add(&TrafficParams::hotspot_fraction,
           number_param("hotspot_fraction", "Hotspot share")
               .unit("fraction").value(0.1).range(0, 1).step(0.01)
               .about("Share of packets sent to the hot spots under the hotspot pattern, split "
                      "alike among the hot spots other than the sender."))
      .add(&TrafficParams::hotspots,
           number_param("hotspots", "Hot spots")
               .unit("terminal").value(-1).range(-1, 1e8).whole()
               .max_items(16).default_list({-1})
               .about("Terminals the hotspot pattern favours, by number (a mesh or torus numbers "
                      "node (x, y, z) x + kx (y + ky z)); -1 is the centre node."))
      .add(&TrafficParams::permutation_seed,
           number_param("permutation_seed", "Permutation seed")
               .value(1).range(0, 1e9).whole()
               .about("Seed of the random permutation pattern: the same seed draws the same "
                      "permutation, whatever the run's seed."))
      .add(&TrafficParams::packet_flits, number_param("packet_flits", "Packet length")
                                      .unit("flits").value(8).range(1, 64).whole()
                                      .about("Flits (words) per packet."))
      .add(&TrafficParams::packet_sizes,
           number_param("packet_sizes", "Packet sizes (mix)")
               .unit("flits").value(1).range(0, 64).whole()
               .max_items(8).default_list({0})
               .about("A mix of packet sizes, 1 to 64 flits each (BookSim2's packet_size = "
                      "{{1,8}}), each packet's size drawn by packet_size_shares; the offered load "
                      "stays in flits, so packets come at the load over the mix's mean size. 0 "
                      "alone: every packet is packet_flits long."))
      .add(&TrafficParams::packet_size_shares,
           number_param("packet_size_shares", "Shares of the sizes")
               .unit("weight").value(1).range(0, 1e6).step(0.001)
               .max_items(8).default_list({1})
               .about("Each size's share of the packets, one per size of packet_sizes in its "
                      "order (BookSim2's packet_size_rate), or one for all alike; weights above "
                      "0, read relative to their sum."))
      .add(&TrafficParams::request_reply,
           choice_param("request_reply", "Request-reply")
               .choices({"off", "on"})
               .value(0)
               .about("On: every packet a node creates is a read or a write request, and its "
                      "destination answers it the cycle it arrives with a reply back to the "
                      "sender (BookSim2's use_read_write). Requests and replies take separate "
                      "halves of the virtual channels and separate source queues, so a reply "
                      "never waits behind a request (message-dependent deadlock avoidance): vcs "
                      "must be even and twice what the routing needs. The offered load counts "
                      "both, in flits: requests come at the load over a transaction's mean "
                      "flits."))
      .add(&TrafficParams::read_request_flits,
           number_param("read_request_flits", "Read request")
               .unit("flits").value(1).range(1, 64).whole()
               .about("Flits of a read request (BookSim2's read_request_size)."))
      .add(&TrafficParams::read_reply_flits,
           number_param("read_reply_flits", "Read reply")
               .unit("flits").value(8).range(1, 64).whole()
               .about("Flits of a read's reply, the data (BookSim2's read_reply_size)."))
      .add(&TrafficParams::write_request_flits,
           number_param("write_request_flits", "Write request")
               .unit("flits").value(8).range(1, 64).whole()
               .about("Flits of a write request, the data (BookSim2's write_request_size)."))
      .add(&TrafficParams::write_reply_flits,
           number_param("write_reply_flits", "Write reply")
               .unit("flits").value(1).range(1, 64).whole()
               .about("Flits of a write's reply, its acknowledgement (BookSim2's "
                      "write_reply_size)."))
      .add(&TrafficParams::write_fraction,
           number_param("write_fraction", "Write share")
               .unit("fraction").value(0.5).range(0, 1).step(0.01)
               .about("Share of the requests that are writes (BookSim2's write_fraction)."))
      .add(&TrafficParams::injection,
           choice_param("injection", "Injection")
               .choices({"bernoulli", "on/off"})
               .value(0)
               .about("How a node's packets come: Bernoulli (each cycle alike), or a Markov on/off "
                      "source of the same mean rate (Dally & Towles sec. 23.2): bursts of a "
                      "packet's flits back to back, burst_length packets long on average, "
                      "between idle periods."))
      .add(&TrafficParams::burst_length,
           number_param("burst_length", "Burst length")
               .unit("packets").value(8).range(1, 1000).step(1)
               .about("Mean packets of an on period of on/off injection."))
      .add(&TrafficParams::injection_rate,
           number_param("injection_rate", "Offered load")
               .unit("flits/node/cycle").value(0.1).range(0.001, 1).step(0.001)
               .about("Load of the chosen point: flits each node offers per cycle, on average "
                      "(as injection says)."))
      .add(&TrafficParams::sweep_rates, sweep)
      .add(&TrafficParams::sweep_scale,
           choice_param("sweep_scale", "Loads of the curve in")
               .choices({"flits/node/cycle", "fractions of the capacity bound"})
               .value(0)
               .about("How the loads of the curve are read: as flits/node/cycle, or as fractions "
                      "of the capacity bound under the chosen pattern (1: the bound; under an "
                      "adaptive routing on a cube, model_minimal_cut_bound), capped at 1 "
                      "flit/node/cycle."))
      .add(&TrafficParams::warmup_cycles,
           number_param("warmup_cycles", "Warm-up")
               .unit("cycles").value(1000).range(0, 1000000).whole().step(100)
               .about("Cycles simulated before measuring, so queues reach their steady state."))
      .add(&TrafficParams::max_cycles,
           number_param("max_cycles", "Longest measurement")
               .unit("cycles").value(20000).range(1000, 1000000).whole().step(1000)
               .about("A point stops measuring at this many cycles if its mean latency has not "
                      "reached the confidence target; its drain gets as many again."))
      .add(&TrafficParams::min_cycles,
           number_param("min_cycles", "Shortest measurement")
               .unit("cycles").value(0).range(0, 1000000).whole().step(1000)
               .about("A point stops on its confidence target only once it has measured this "
                      "many cycles (at most max_cycles), so a light load's accepted rate comes "
                      "from as long a window as BookSim2's, which measures whole sample periods, "
                      "three at least. 0: as soon as the target is met with 200 packets "
                      "delivered."))
      .add(&TrafficParams::confidence_percent,
           number_param("confidence_percent", "Confidence target")
               .unit("%").value(5).range(0.5, 50).step(0.5)
               .about("A point stops once the 95 % confidence interval of its mean latency (batch "
                      "means) is within this share of the mean."))
      .add(&TrafficParams::measurement,
           choice_param("measurement", "Measured for")
               .choices({"latency", "throughput"})
               .value(0)
               .about("Latency: a point judged past saturation stops measuring early, as its "
                      "latency has no steady state. Throughput: it measures its whole window, to "
                      "max_cycles, for the load it accepts there (BookSim2's sim_type = "
                      "throughput)."))
      .add(&TrafficParams::deadlock_watch_cycles,
           number_param("deadlock_watch_cycles", "Deadlock watch")
               .unit("cycles").value(100000).range(0, 10000000).whole().step(1000)
               .about("On a torus without a dateline or an anynet whose routes close a "
                      "cycle (a channel-dependency graph with a cycle), a point judged saturated runs on for up to this many cycles "
                      "under the same traffic, watching for a deadlock: it ends deadlocked if "
                      "the knot forms, else saturated with the cycles watched. 0: no watch."))
      .add(&TrafficParams::saturation_steps,
           number_param("saturation_steps", "Saturation search")
               .unit("steps").value(0).range(0, 20).whole().step(1)
               .about("Finds the saturation load finer than the curve's grid, by bisection on "
                      "offered load: the highest load of the curve (or the chosen load) is run "
                      "first; if it is not sustained, each step runs the middle of the interval "
                      "between the highest load found sustained (from 0) and the lowest not, "
                      "and keeps the half where the judgement changes. A load is not sustained "
                      "as the point's `saturated` says. Each step halves the interval: 8 steps "
                      "find it to 1/256 of that load. 0: no search."))
      .add(&TrafficParams::compare_routings,
           choice_param("compare_routings", "Compare routings")
               .choices({"off", "every routing of the shape"})
               .value(0)
               .about("Runs the curve's loads again under every other routing the shape takes "
                      "with these virtual channels (in its own fractions of its bound where "
                      "the loads are read so), for one chart of every routing's mean latency "
                      "against offered load. Each routing costs a curve."));
  // What a run reads only under some choices, so a panel shows it only then.
  for (const char* name : {"hotspot_fraction", "hotspots"}) {
    t.spec(name).when = {{"pattern", {"hotspot"}}};
  }
  t.spec("permutation_seed").when = {{"pattern", {"random permutation"}}};
  t.spec("burst_length").when = {{"injection", {"on/off"}}};
  for (const char* name : {"read_request_flits", "read_reply_flits", "write_request_flits",
                           "write_reply_flits", "write_fraction"}) {
    t.spec(name).when = {{"request_reply", {"on"}}};
  }
  for (const char* name : {"packet_flits", "packet_sizes", "packet_size_shares"}) {
    t.spec(name).when = {{"request_reply", {"off"}}};
  }
  return t;
}

std::vector<OutputSpec> outputs() {
  using namespace traffic_run;
  return {kOfferedFlitsPerNodeCycle, kAcceptedFlitsPerNodeCycle, kLatencyMeanCycles,
          kLatencyCiCycles, kLatencyP50Cycles, kLatencyP95Cycles, kLatencyP99Cycles,
          kNetworkLatencyMeanCycles, kHopsMean, kAcceptedMinFlitsPerNodeCycle,
          kAcceptedMaxFlitsPerNodeCycle, kSaturated,
          kDeadlocked, kDeadlockCycle, kDeadlockWatchedCycles, kLatencyVsOfferedDeadlock, kMeasuredPackets,
          kSimulatedCycles, kBisectionGbps, kBisectionCapacityGbps, kAcceptance,
          kBlockingProbability, kLatencyVsOfferedSaturation, kSaturationBisected,
          kSaturationBisectedError, kModelCapacityBound, kModelBoundDimensionOrder,
          kModelMinimalCutBound,
          kLatencyVsOfferedRouting,
          kModelZeroLoadLatencyCycles, kModelFifoSaturation, kTotalSimulatedCycles,
          kLatencyHistogram, kLatencyVsOffered, kLatencyP50VsOffered, kLatencyP95VsOffered,
          kLatencyP99VsOffered, kNetworkLatencyVsOffered, kHopsVsOffered, kAcceptedVsOffered,
          kAcceptedMinVsOffered, kAcceptedMaxVsOffered,
          kLatencyVsAccepted, kAcceptanceVsOffered, kBlockingVsOffered, kModelPatelAcceptance,
          kRequestLatencyMeanCycles, kReplyLatencyMeanCycles, kRequestNetworkLatencyMeanCycles,
          kReplyNetworkLatencyMeanCycles, kRequestAcceptedFlitsPerNodeCycle,
          kReplyAcceptedFlitsPerNodeCycle, kRoundTripLatencyMeanCycles,
          kRoundTripLatencyP99Cycles, kRequestLatencyVsOffered, kReplyLatencyVsOffered,
          kRoundTripLatencyVsOffered, kRequestAcceptedVsOffered, kReplyAcceptedVsOffered,
          kLatencyByPacketSize,
          kChannelUtil, kChannelDependencies, kDeadlock};
}

// BookSim2's routing functions as the routings declare them (RoutingPart::booksim), in the
// routings' order.
std::vector<ForeignName> booksim_routings() {
  std::vector<ForeignName> out;
  for (const RoutingPart& routing : routing_parts()) {
    for (const BooksimName& b : routing.booksim) {
      out.push_back({"BookSim2", "routing", routing.name, b.name, b.on, b.note});
    }
  }
  return out;
}

}  // namespace

ModelInfo network_traffic_info() {
  return model_entry("network_traffic", params())
      .traces()
      .title("Custom network: synthetic traffic")
      .about("Flit-level wormhole or circuit switching on a mesh, torus, k-ary n-fly, crossbar or "
             "C104 router network under open-loop synthetic traffic: latency and accepted load, "
             "per-channel utilization, and the shape's analytical models beside the simulation.")
      .citation(kCitation)
      .outputs(outputs())
      .machine([](const TrafficParams& p) {
        const auto topology = make_topology(p.net);
        NetworkMap n = describe_network(*topology, "network", "network");
        // Only the hotspot pattern is built here: the others may not fit the shape, which the
        // run itself reports.
        if (p.pattern == Pattern::kHotspot) {
          mark_hotspot(n, TrafficPattern(*topology, p.pattern, p.hotspot_fraction, p.hotspots)
                              .hotspots());
        }
        return std::vector<NetworkMap>{std::move(n)};
      })
      .sweep(
          [](const TrafficParams& p) {
            const Plan plan(p);
            plan.check(p);
            std::vector<double> weights(plan.rates.size(), 1.0);
            // The search runs a load a step, and the first.
            if (plan.saturation_steps > 0) weights.push_back(plan.saturation_steps + 1.0);
            weights.resize(plan.points(), 1.0);
            return weights;
          },
          traffic_run::traffic_point, traffic_run::traffic_record(), traffic_run::combine_traffic)
      .streams([](const TrafficParams& p, std::size_t point) -> std::size_t {
        if (point == 0) return 0;
        const Plan plan(p);
        if (point >= plan.rates.size()) return point;
        return plan.rates[point] == plan.rates[0] ? 0 : point;
      })
      .state([](const TrafficParams& p) { return network_state(p.net); })
      .foreign_names(booksim_routings());
}

}  // namespace archex
