#include "network/experiment/network_traffic_point.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "network/circuit/circuit_traffic.h"
#include "network/experiment/network_traffic_bisection.h"
#include "network/experiment/network_traffic_outputs.h"
#include "network/topologies/describe.h"

namespace archex::traffic_run {

namespace {

// `x` to `digits` significant digits, for reading.
double round_to(double x, int digits) {
  if (x == 0 || !std::isfinite(x)) return x;
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(x))));
  const double scale = std::pow(10, digits - 1 - magnitude);
  return std::round(x * scale) / scale;
}

// The channel-dependency graph is drawn for a torus of up to this many nodes: it follows every
// route, about nodes^2 x ports steps, and each of a route's first states (every intermediate
// node of Valiant's) up to this many routes in all.
constexpr int kMostDependencyNodes = 1024;
constexpr double kMostDependencyRoutes = 2.0 * 1024 * 1024;

// One load of the run: its record and its own outputs (traffic_point).
class NetworkTrafficPoint final : public RecordPoint<TrafficRecord> {
 public:
  NetworkTrafficPoint(const TrafficParams& p, Rng rng, std::size_t index)
      : RecordPoint(traffic_record()), p_(p), plan_(p), index_(index), rng_(rng),
        pattern_(*plan_.pattern) {
    LoadPointOptions opt = plan_.options;
    opt.rate = plan_.rates[index];
    plan_.building(p, [&] {
      if (plan_.circuits) {
        circuit_point_ = std::make_unique<CircuitLoadPoint>(plan_.circuit, pattern_, opt,
                                                            rng_.next_u64(), rng_);
      } else {
        point_ = std::make_unique<LoadPoint>(plan_.config, pattern_, opt, rng_);
      }
    });
  }

  // One unit of work is one simulated cycle of the point's network.
  bool advance(std::uint64_t budget) override {
    const auto cycles = static_cast<std::int64_t>(std::min<std::uint64_t>(budget, 1u << 30));
    if (finished()) return true;
    if (point_ ? point_->advance(cycles) : circuit_point_->advance(cycles)) build();
    return finished();
  }

  double progress() const override {
    if (finished()) return 1;
    return point_ ? point_->progress() : circuit_point_->progress();
  }

  bool attach_trace(TraceRecorder& recorder) override {
    if (point_) point_->record_trace(recorder);
    else circuit_point_->record_trace(recorder);
    return true;
  }

  // Above what the network accepts, packets pile up in the source queues (up to
  // source_queue_packets each): on a large network that is what fills the memory.
  std::string out_of_memory_hint() const override {
    const int nodes = plan_.topology->terminals();
    std::int64_t queued = 0;
    for (int n = 0; n < nodes; ++n) {
      queued += point_ ? point_->network().source_backlog(n) : circuit_point_->network().queued(n);
    }
    const std::string load = format_number(plan_.rates[index_]) + " flits/node/cycle";
    const std::string size = with_commas(nodes) + " nodes";
    if (queued < nodes) {
      return "The network of " + size + " needs more memory than there is: use fewer nodes, " +
             "fewer virtual channels or smaller buffers.";
    }
    return with_commas(queued) + " packets (" + with_commas(queued / nodes) +
           " per node) were waiting at the sources of the " + size + ", offered " + load +
           (index_ == 0 ? "" : " (a load of the curve)") + " where the network accepts about " +
           format_number(round_to(plan_.bound, 3)) +
           " (its capacity bound). Lower the offered load and the curve's loads, or use fewer "
           "nodes; a shorter warm-up gives the queues less time to grow.";
  }

 private:
  void build() {
    const LoadPointResult& c = point_ ? point_->result() : circuit_point_->result();
    TrafficRecord record;
    record.accepted = c.accepted;
    record.latency_mean = c.latency_mean;
    record.latency_p99 = c.latency_p99;
    record.saturated = c.saturated;
    record.deadlocked = c.deadlocked;
    record.acceptance = acceptance(c);
    if (circuit_point_) record.blocking = circuit_point_->blocking();
    record.cycles = static_cast<double>(c.cycles);
    record.latency_p50 = c.latency_p50;
    record.latency_p95 = c.latency_p95;
    record.network_latency_mean = c.network_latency_mean;
    record.hops_mean = c.hops_mean;
    record.accepted_min = c.accepted_min;
    record.accepted_max = c.accepted_max;
    Result own;
    if (index_ == 0) {
      add_scalars(own, c);
      add_classes(own, c);
      add_series(own, c);
      add_sizes(own, c);
    } else {
      own.scalars.push_back(kSimulatedCycles(record.cycles));
      add_classes(own, c);
    }
    finish(record, std::move(own));
  }

  static double mean(const std::vector<double>& xs) {
    double sum = 0;
    for (const double x : xs) sum += x;
    return xs.empty() ? 0 : sum / static_cast<double>(xs.size());
  }

  // Request-reply: each class's statistics and the round trip (none where the point
  // deadlocked but the accepted loads).
  static void add_classes(Result& r, const LoadPointResult& c) {
    if (c.classes.size() != 2) return;
    const ClassStats& request = c.classes[0];
    const ClassStats& reply = c.classes[1];
    if (!c.deadlocked) {
      r.scalars.push_back(kRequestLatencyMeanCycles(request.latency_mean()));
      r.scalars.push_back(kReplyLatencyMeanCycles(reply.latency_mean()));
      r.scalars.push_back(kRequestNetworkLatencyMeanCycles(request.network_latency_mean()));
      r.scalars.push_back(kReplyNetworkLatencyMeanCycles(reply.network_latency_mean()));
      r.scalars.push_back(kRoundTripLatencyMeanCycles(mean(c.round_trips)));
      const std::size_t n = c.round_trips.size();
      // The sorted round trips' 99th percentile, as the latency's.
      const std::size_t at = n == 0 ? 0 : std::min(n - 1, static_cast<std::size_t>(
                                                              std::ceil(0.99 * static_cast<double>(n))) - 1);
      r.scalars.push_back(kRoundTripLatencyP99Cycles(n == 0 ? 0 : c.round_trips[at]));
    }
    r.scalars.push_back(kRequestAcceptedFlitsPerNodeCycle(request.accepted));
    r.scalars.push_back(kReplyAcceptedFlitsPerNodeCycle(reply.accepted));
  }

  // A mix of sizes: each size's mean latency at the chosen load.
  void add_sizes(Result& r, const LoadPointResult& c) const {
    if (c.sizes.empty() || c.deadlocked) return;
    Series latency = kLatencyByPacketSize("mean latency", "packet size", "flits", "mean latency");
    for (std::size_t i = 0; i < c.sizes.size(); ++i) {
      if (c.sizes[i].packets == 0) continue;
      latency.x.push_back(static_cast<double>(plan_.options.packet_sizes[i]));
      latency.y.push_back(c.sizes[i].latency_mean());
    }
    r.series.push_back(std::move(latency));
  }

  // Wormhole flow control loses no packet, but a deadlocked network delivers none again.
  double acceptance(const LoadPointResult& c) const {
    if (circuit_point_) return circuit_point_->acceptance();
    if (c.deadlocked) return c.delivered_before_deadlock;
    return 1;
  }

  void add_scalars(Result& r, const LoadPointResult& c) const {
    r.scalars.push_back(kOfferedFlitsPerNodeCycle(c.offered));
    r.scalars.push_back(kAcceptedFlitsPerNodeCycle(c.accepted));
    // A deadlocked point has no latency: the packets in its knot are never delivered. A
    // saturated one has no confidence interval: its mean grows for as long as it runs.
    if (!c.deadlocked) {
      r.scalars.push_back(kLatencyMeanCycles(c.latency_mean));
      if (!c.saturated && std::isfinite(c.latency_ci)) {
        r.scalars.push_back(kLatencyCiCycles(c.latency_ci));
      }
      r.scalars.push_back(kLatencyP50Cycles(c.latency_p50));
      r.scalars.push_back(kLatencyP95Cycles(c.latency_p95));
      r.scalars.push_back(kLatencyP99Cycles(c.latency_p99));
      r.scalars.push_back(kNetworkLatencyMeanCycles(c.network_latency_mean));
      r.scalars.push_back(kHopsMean(c.hops_mean));
    }
    r.scalars.push_back(kAcceptedMinFlitsPerNodeCycle(c.accepted_min));
    r.scalars.push_back(kAcceptedMaxFlitsPerNodeCycle(c.accepted_max));
    r.scalars.push_back(kSaturated(c.saturated ? 1.0 : 0.0));
    r.scalars.push_back(kMeasuredPackets(static_cast<double>(c.measured_packets)));
    r.scalars.push_back(kSimulatedCycles(static_cast<double>(c.cycles)));
    if (plan_.cube && !plan_.circuits) {
      r.scalars.push_back(kBisectionGbps(gbit_per_s(p_.net, c.bisection_words_per_cycle)));
    }
    if (plan_.cube) {
      const double capacity = bisection_capacity_words_per_cycle(*plan_.cube, plan_.config);
      r.scalars.push_back(kBisectionCapacityGbps(gbit_per_s(p_.net, capacity)));
    }
    r.scalars.push_back(kAcceptance(acceptance(c)));
    if (circuit_point_) {
      r.scalars.push_back(kBlockingProbability(circuit_point_->blocking()));
    }
    if (plan_.can_deadlock) {
      r.scalars.push_back(kDeadlocked(c.deadlocked ? 1.0 : 0.0));
      r.scalars.push_back(kDeadlockCycle(static_cast<double>(c.deadlock_cycle)));
      r.scalars.push_back(kDeadlockWatchedCycles(static_cast<double>(c.deadlock_watched_cycles)));
    }
  }

  void add_series(Result& r, const LoadPointResult& c) const {
    Series hist = kLatencyHistogram("packets", "latency", "cycles", "packets");
    if (!c.latencies.empty() && !c.deadlocked) {
      const double top = c.latencies.back();
      const double width = std::max(1.0, std::ceil(top / 40));
      for (double at = 0; at <= top; at += width) {
        hist.x.push_back(at);
        hist.y.push_back(0);
      }
      for (const double l : c.latencies) {
        hist.y[static_cast<std::size_t>(l / width)] += 1;
      }
    }
    r.series.push_back(std::move(hist));
    r.networks.push_back(channel_map(c));
    const Topology& topology = *plan_.topology;
    const double nodes = topology.terminals();
    // A mesh's only under a routing that draws or adapts, whose graph is the lesson there.
    if (plan_.cube &&
        (plan_.cube->torus() || topology.draws_routes() || topology.adaptive()) &&
        nodes <= kMostDependencyNodes &&
        nodes * nodes * topology.most_route_starts() <= kMostDependencyRoutes) {
      r.networks.push_back(channel_dependencies(topology, kChannelDependencies.name(),
                                                "channel dependencies"));
    }
    if (c.deadlocked) {
      // Each channel's place in the knot, -1 off it.
      NetworkMap knot = describe_network(topology, kDeadlock.name(), "deadlock knot");
      const std::vector<std::int32_t>& ids = knot.channels.ints("id");
      std::vector<std::int32_t> place(ids.size(), -1);
      for (std::size_t k = 0; k < c.knot_channels.size(); ++k) {
        const auto at = std::find(ids.begin(), ids.end(), c.knot_channels[k]);
        if (at != ids.end()) place[static_cast<std::size_t>(at - ids.begin())] = static_cast<int>(k);
      }
      knot.channels.add("knot", "", std::move(place));
      r.networks.push_back(std::move(knot));
    }
  }

  // What the model expects each channel to carry at the chosen load, as a share of its rate:
  // the pattern's load along the routes the capacity bound walks (pattern_load) times the load
  // offered; above 1 where the load is past a channel's share of the bound.
  std::vector<double> model_utilization() const {
    const Topology& topology = *plan_.topology;
    const PatternLoad load =
        pattern_load(topology, pattern_, topology.chooses_routes() ? Walk::kFirst : Walk::kAll);
    const double scale = plan_.rates[index_] / plan_.config.channel_rate;
    std::vector<double> by_port(load.channels.size(), 0.0);
    std::size_t index = 0;
    for (int router = 0; router < topology.routers(); ++router) {
      for (int port = 0; port < topology.ports(router); ++port, ++index) {
        const PortTarget to = topology.output(router, port);
        if (to.router >= 0) by_port[index] = load.channels[index] * scale;
        if (to.terminal >= 0) {
          by_port[index] = load.ejection[static_cast<std::size_t>(to.terminal)] * scale;
        }
      }
    }
    return per_channel(topology, by_port);
  }

  // The network with each channel's utilization and occupancy, the model's expected utilization,
  // and a lone crossbar's crosspoints.
  NetworkMap channel_map(const LoadPointResult& c) const {
    const Topology& topology = *plan_.topology;
    NetworkMap n = describe_network(topology, kChannelUtil.name(), "channels");
    n.channels.add("utilization", "fraction", per_channel(topology, c.utilization))
        .add("occupancy", "fraction", per_channel(topology, c.occupancy))
        .add("model_utilization", "fraction", model_utilization());
    mark_hotspot(n, pattern_.hotspots());
    if (!c.crosspoints.empty()) {
      const auto ports = static_cast<std::int32_t>(topology.terminals());
      std::vector<std::int32_t> input;
      std::vector<std::int32_t> output;
      for (std::size_t i = 0; i < c.crosspoints.size(); ++i) {
        input.push_back(static_cast<std::int32_t>(i) / ports);
        output.push_back(static_cast<std::int32_t>(i) % ports);
      }
      n.crosspoints.add("input", "", std::move(input))
          .add("output", "", std::move(output))
          .add("utilization", "fraction", c.crosspoints);
    }
    return n;
  }

  TrafficParams p_;
  Plan plan_;
  std::size_t index_;
  Rng rng_;
  const TrafficPattern& pattern_;
  std::unique_ptr<LoadPoint> point_;
  std::unique_ptr<CircuitLoadPoint> circuit_point_;
};

}  // namespace

const RecordTable<TrafficRecord>& traffic_record() {
  static const RecordTable<TrafficRecord> table = RecordTable<TrafficRecord>()
                                                      .add(&TrafficRecord::accepted)
                                                      .add(&TrafficRecord::latency_mean)
                                                      .add(&TrafficRecord::latency_p99)
                                                      .add(&TrafficRecord::saturated)
                                                      .add(&TrafficRecord::deadlocked)
                                                      .add(&TrafficRecord::acceptance)
                                                      .add(&TrafficRecord::blocking)
                                                      .add(&TrafficRecord::cycles)
                                                      .add(&TrafficRecord::latency_p50)
                                                      .add(&TrafficRecord::latency_p95)
                                                      .add(&TrafficRecord::network_latency_mean)
                                                      .add(&TrafficRecord::hops_mean)
                                                      .add(&TrafficRecord::accepted_min)
                                                      .add(&TrafficRecord::accepted_max);
  return table;
}

std::unique_ptr<Model> traffic_point(const TrafficParams& p, Rng rng, std::size_t point) {
  // The chosen load and the curve's, then the saturation search (Plan::bisection_point), then the
  // compared routings' curves (Plan::compare_base).
  const std::size_t curve_end = 1 + p.sweep_rates.size();
  if (point < curve_end) return std::make_unique<NetworkTrafficPoint>(p, rng, point);
  if (p.saturation_steps > 0 && point == curve_end) return saturation_search(p, rng);
  const Plan plan(p);
  const std::size_t k = point - plan.compare_base();
  const int routing = plan.compared.at(k / plan.curve_points());
  return std::make_unique<NetworkTrafficPoint>(under_routing(p, routing), rng,
                                               1 + k % plan.curve_points());
}

}  // namespace archex::traffic_run
