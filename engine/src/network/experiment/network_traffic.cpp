#include "network/experiment/network_traffic.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <new>
#include <string>
#include <utility>

#include "core/param_table.h"
#include "core/sweep.h"
#include "network/traffic/analytic.h"
#include "network/circuit/circuit_traffic.h"
#include "network/topologies/describe.h"
#include "network/network_params.h"
#include "network/traffic/traffic.h"

// Results, beside the chosen point's scalars and latency_histogram:
// - curves over the sweep: latency_vs_offered, latency_p99_vs_offered, accepted_vs_offered,
//   latency_vs_accepted, acceptance_vs_offered (1 with wormhole switching, which drops nothing);
//   with circuit switching also blocking_vs_offered.
// - analytical models, named model_*: the scalar model_capacity_bound (flits/node/cycle, every
//   shape); on a cube with wormhole switching model_zero_load_latency_cycles; on a crossbar with
//   wormhole switching model_fifo_saturation; on a fly with circuits dropped on conflict the
//   series model_patel_acceptance (against offered load, beside acceptance_vs_offered).
// - channel utilization at the chosen load: the network channel_util (network/topologies/describe.h) with
//   each channel's utilization and occupancy (the share of the time packets held it), and on a
//   crossbar each crosspoint's share of its output. Under the hotspot pattern the networks'
//   terminals say which one is the hot spot (column hotspot, 1 there).
// The run is a sweep (core/sweep.h): point 0 is the chosen load, points 1.. the curve's loads, each
// on its own network drawing only from its own random stream, except that a load of the curve
// equal to the chosen one draws from the chosen point's: it is the same run, with the same
// numbers.

namespace archex {

namespace {

const char* const kCitation =
    "Dally & Towles, Principles and Practices of Interconnection Networks (2004), ch. 23 "
    "(synthetic traffic, batch-means measurement); J-Machine network: Noakes, Wallach & Dally, "
    "ISCA 1993, sec. 2; Patel, IEEE Trans. Computers C-30 (1981); Karol, Hluchyj & Morgan, IEEE "
    "Trans. Communications 35 (1987)";

// A count as "33,554,432".
std::string with_commas(std::int64_t n) {
  std::string digits = std::to_string(n);
  for (int at = static_cast<int>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), ",");
  }
  return digits;
}

// `x` to `digits` significant digits, for reading.
double round_to(double x, int digits) {
  if (x == 0 || !std::isfinite(x)) return x;
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(x))));
  const double scale = std::pow(10, digits - 1 - magnitude);
  return std::round(x * scale) / scale;
}

enum class SweepScale { kAbsolute, kOfBound };

// Marks the terminal a hotspot pattern favours in a network's description: its terminals'
// column hotspot, 1 there and 0 elsewhere. Other patterns (-1) add nothing.
void mark_hotspot(NetworkMap& n, int hotspot) {
  if (hotspot < 0) return;
  std::vector<std::int32_t> flags(n.terminals.rows(), 0);
  flags[static_cast<std::size_t>(hotspot)] = 1;
  n.terminals.add("hotspot", "", std::move(flags));
}

// The channel-dependency graph is drawn for a torus of up to this many nodes: it follows every
// route, about nodes^2 x ports steps.
constexpr int kMostDependencyNodes = 1024;

struct Params {
  NetworkParams net;
  Pattern pattern;
  double hotspot_fraction;
  int packet_flits;
  double injection_rate;
  std::vector<double> sweep_rates;
  SweepScale sweep_scale;
  int warmup_cycles;
  int max_cycles;
  double confidence_percent;
};

ParamTable<Params> params() {
  ParamSpec sweep =
      number_param("sweep_rates", "Loads of the curve")
          .unit("flits/node/cycle").value(0.1).range(0.001, 1).step(0.001)
          .about("Offered loads of the latency-vs-load curve: in flits/node/cycle, or, when "
                 "sweep_scale says so, as fractions of the network's capacity bound "
                 "(model_capacity_bound: a cube's channel-load bound), so the curve ends near "
                 "saturation on any size.");
  sweep.max_items = 24;
  sweep.default_list = {0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4};
  ParamTable<Params> t;
  t.include(&Params::net, network_table())
      .add(&Params::pattern,
           choice_spec("pattern", "Traffic pattern",
                       {"uniform", "transpose", "bit-complement", "nearest-neighbour", "hotspot"}, 0,
                       "Where packets go: uniform random, transpose (coordinates reversed), "
                       "bit-complement (k-1-c in every dimension), nearest neighbour, or "
                       "hotspot (a share to the centre node). Transpose, bit-complement and "
                       "nearest neighbour need a mesh or torus."))
      .add(&Params::hotspot_fraction,
           number_param("hotspot_fraction", "Hotspot share")
               .unit("fraction").value(0.1).range(0, 1).step(0.01)
               .about("Share of packets sent to the centre node under the hotspot pattern."))
      .add(&Params::packet_flits, number_param("packet_flits", "Packet length")
                                      .unit("flits").value(8).range(1, 64).whole()
                                      .about("Flits (words) per packet."))
      .add(&Params::injection_rate,
           number_param("injection_rate", "Offered load")
               .unit("flits/node/cycle").value(0.1).range(0.001, 1).step(0.001)
               .about("Load of the chosen point: flits each node offers per cycle (Bernoulli "
                      "packets)."))
      .add(&Params::sweep_rates, sweep)
      .add(&Params::sweep_scale,
           choice_spec("sweep_scale", "Loads of the curve in",
                       {"flits/node/cycle", "fractions of the capacity bound"}, 0,
                       "How the loads of the curve are read: as flits/node/cycle, or as fractions "
                       "of the capacity bound under uniform traffic (1: the bound), capped at 1 "
                       "flit/node/cycle."))
      .add(&Params::warmup_cycles,
           number_param("warmup_cycles", "Warm-up")
               .unit("cycles").value(1000).range(0, 100000).whole().step(100)
               .about("Cycles simulated before measuring, so queues reach their steady state."))
      .add(&Params::max_cycles,
           number_param("max_cycles", "Longest measurement")
               .unit("cycles").value(20000).range(1000, 1000000).whole().step(1000)
               .about("A point stops measuring at this many cycles if its mean latency has not "
                      "reached the confidence target; its drain gets as many again."))
      .add(&Params::confidence_percent,
           number_param("confidence_percent", "Confidence target")
               .unit("%").value(5).range(0.5, 50).step(0.5)
               .about("A point stops once the 95 % confidence interval of its mean latency (batch "
                      "means) is within this share of the mean."));
  return t;
}

Series sweep_series(const char* name, const std::string& label, const char* y_name,
                    const char* y_unit) {
  return {name, label, "offered load", "flits/node/cycle", y_name, y_unit, {}, {}};
}

// The network and the loads of a run, as every point and the combine see them: point 0 is the
// chosen load, points 1.. the curve's loads in ascending order.
struct Plan {
  explicit Plan(const Params& p)
      : topology(make_topology(p.net)),
        cube(std::dynamic_pointer_cast<const KNCube>(topology)),
        config(network_config(p.net, topology)),
        circuit(circuit_config(p.net, topology)),
        bound(capacity_bound(*topology, config)),
        circuits(p.net.switching == Switching::kCircuit),
        can_deadlock(cube && cube->torus() && !cube->dateline() && !circuits) {
    rates.push_back(p.injection_rate);
    for (const double r : p.sweep_rates) {
      const double rate = p.sweep_scale == SweepScale::kOfBound ? std::min(1.0, r * bound) : r;
      // A curve load that is the chosen load but for rounding (a fraction of the bound typed in
      // flits/node/cycle) is the chosen load, so the two are one run.
      const bool chosen = std::fabs(rate - p.injection_rate) <= 1e-9 * p.injection_rate;
      rates.push_back(chosen ? p.injection_rate : rate);
    }
    std::sort(rates.begin() + 1, rates.end());
    options.packet_flits = p.packet_flits;
    options.warmup_cycles = p.warmup_cycles;
    options.max_cycles = p.max_cycles;
    options.confidence = p.confidence_percent / 100;
  }

  // Builds the network and the pattern once, so a bad configuration is reported before any work.
  void check(const Params& p) const {
    const TrafficPattern pattern(*topology, p.pattern, p.hotspot_fraction);
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
  void building(const Params& p, F build) const {
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
  double bound;
  bool circuits;
  // A torus without a dateline: the results say which points deadlocked.
  bool can_deadlock;
  std::vector<double> rates;
  LoadPointOptions options;
};

// One load of the run. Its partial result is the point's scalars (named as the chosen point's in
// the whole result) and, for the chosen point, its histogram and channel utilization.
class NetworkTrafficPoint final : public Model {
 public:
  NetworkTrafficPoint(const Params& p, Rng rng, std::size_t index)
      : p_(p), plan_(p), index_(index), rng_(rng),
        pattern_(*plan_.topology, p.pattern, p.hotspot_fraction) {
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
    if (done_) return true;
    done_ = point_ ? point_->advance(cycles) : circuit_point_->advance(cycles);
    return done_;
  }

  double progress() const override {
    if (done_) return 1;
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

  Result result() const override {
    Result r;
    if (!done_) return r;
    const LoadPointResult& c = point_ ? point_->result() : circuit_point_->result();
    add_scalars(r, c);
    if (index_ == 0) add_series(r, c);
    return r;
  }

 private:
  void add_scalars(Result& r, const LoadPointResult& c) const {
    r.scalars.push_back({"offered_flits_per_node_cycle", c.offered});
    r.scalars.push_back({"accepted_flits_per_node_cycle", c.accepted});
    // A deadlocked point has no latency: the packets in its knot are never delivered. A
    // saturated one has no confidence interval: its mean grows for as long as it runs.
    if (!c.deadlocked) {
      r.scalars.push_back({"latency_mean_cycles", c.latency_mean});
      if (!c.saturated && std::isfinite(c.latency_ci)) {
        r.scalars.push_back({"latency_ci_cycles", c.latency_ci});
      }
      r.scalars.push_back({"latency_p50_cycles", c.latency_p50});
      r.scalars.push_back({"latency_p95_cycles", c.latency_p95});
      r.scalars.push_back({"latency_p99_cycles", c.latency_p99});
    }
    r.scalars.push_back({"saturated", c.saturated ? 1.0 : 0.0});
    r.scalars.push_back({"measured_packets", static_cast<double>(c.measured_packets)});
    r.scalars.push_back({"simulated_cycles", static_cast<double>(c.cycles)});
    if (plan_.cube && !plan_.circuits) {
      r.scalars.push_back({"bisection_gbps", gbit_per_s(p_.net, c.bisection_words_per_cycle)});
    }
    if (plan_.cube) {
      const double capacity = bisection_capacity_words_per_cycle(*plan_.cube, plan_.config);
      r.scalars.push_back({"bisection_capacity_gbps", gbit_per_s(p_.net, capacity)});
    }
    // Wormhole flow control loses no packet, but a deadlocked network delivers none again.
    double acceptance = 1;
    if (circuit_point_) acceptance = circuit_point_->acceptance();
    else if (c.deadlocked) acceptance = c.delivered_before_deadlock;
    r.scalars.push_back({"acceptance", acceptance});
    if (circuit_point_) {
      r.scalars.push_back({"blocking_probability", circuit_point_->blocking()});
    }
    if (plan_.can_deadlock) {
      r.scalars.push_back({"deadlocked", c.deadlocked ? 1.0 : 0.0});
      r.scalars.push_back({"deadlock_cycle", static_cast<double>(c.deadlock_cycle)});
    }
  }

  void add_series(Result& r, const LoadPointResult& c) const {
    Series hist{"latency_histogram", "packets", "latency", "cycles", "packets", "", {}, {}};
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
    if (plan_.cube && plan_.cube->torus() && topology.terminals() <= kMostDependencyNodes) {
      r.networks.push_back(channel_dependencies(topology, "channel_dependencies",
                                                "channel dependencies"));
    }
    if (c.deadlocked) {
      // Each channel's place in the knot, -1 off it.
      NetworkMap knot = describe_network(topology, "deadlock", "deadlock knot");
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

  // The network with each channel's utilization and occupancy, and a lone crossbar's
  // crosspoints.
  NetworkMap channel_map(const LoadPointResult& c) const {
    const Topology& topology = *plan_.topology;
    NetworkMap n = describe_network(topology, "channel_util", "channels");
    n.channels.add("utilization", "fraction", per_channel(topology, c.utilization))
        .add("occupancy", "fraction", per_channel(topology, c.occupancy));
    mark_hotspot(n, pattern_.hotspot());
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

  Params p_;
  Plan plan_;
  std::size_t index_;
  Rng rng_;
  TrafficPattern pattern_;
  bool done_ = false;
  std::unique_ptr<LoadPoint> point_;
  std::unique_ptr<CircuitLoadPoint> circuit_point_;
};

// The curves over the curve's points (1..), from the points done.
void add_sweep(Result& r, const Params& p, const Plan& plan,
               const std::vector<PointResult>& partials) {
  const std::string label = std::to_string(p.packet_flits) + "-flit packets";
  Series mean = sweep_series("latency_vs_offered", label, "mean latency", "cycles");
  Series p99 = sweep_series("latency_p99_vs_offered", label + ", 99th percentile", "latency",
                            "cycles");
  Series accepted = sweep_series("accepted_vs_offered", label, "accepted load", "flits/node/cycle");
  Series by_accepted{"latency_vs_accepted",
                     label,
                     "accepted load",
                     "flits/node/cycle",
                     "mean latency",
                     "cycles",
                     {},
                     {}};
  Series acceptance = sweep_series("acceptance_vs_offered", label, "acceptance", "fraction");
  Series blocking = sweep_series("blocking_vs_offered", label, "blocking", "fraction");
  double saturation = -1;
  double deadlock = -1;
  for (const PointResult& partial : partials) {
    if (partial.point == 0) continue;
    const Result& pt = partial.result;
    const double offered = pt.scalar("offered_flits_per_node_cycle");
    const double carried = pt.scalar("accepted_flits_per_node_cycle");
    accepted.x.push_back(offered);
    accepted.y.push_back(carried);
    acceptance.x.push_back(offered);
    acceptance.y.push_back(pt.scalar("acceptance"));
    if (plan.circuits) {
      blocking.x.push_back(offered);
      blocking.y.push_back(pt.scalar("blocking_probability"));
    }
    if (plan.can_deadlock && pt.scalar("deadlocked") != 0) {
      // Not a point of the latency curves: nothing is delivered once the knot has formed.
      if (deadlock < 0) deadlock = offered;
      continue;
    }
    if (pt.scalar("saturated") != 0) {
      if (saturation < 0) saturation = offered;
      continue;
    }
    const double latency = pt.scalar("latency_mean_cycles");
    mean.x.push_back(offered);
    mean.y.push_back(latency);
    by_accepted.x.push_back(carried);
    by_accepted.y.push_back(latency);
    p99.x.push_back(offered);
    p99.y.push_back(pt.scalar("latency_p99_cycles"));
  }
  if (saturation >= 0) {
    r.scalars.push_back({"latency_vs_offered_saturation", saturation});
  }
  if (deadlock >= 0) r.scalars.push_back({"latency_vs_offered_deadlock", deadlock});
  r.series.push_back(std::move(mean));
  r.series.push_back(std::move(p99));
  r.series.push_back(std::move(accepted));
  r.series.push_back(std::move(by_accepted));
  r.series.push_back(std::move(acceptance));
  if (plan.circuits) r.series.push_back(std::move(blocking));
}

void add_models(Result& r, const Params& p, const Plan& plan) {
  r.scalars.push_back({"model_capacity_bound", plan.bound});
  if (plan.cube && !plan.circuits) {
    r.scalars.push_back(
        {"model_zero_load_latency_cycles",
         cube_zero_load_latency_cycles(*plan.cube, plan.config, p.packet_flits)});
  }
  const NetworkConfig& config = plan.config;
  if (p.net.topology == TopologyKind::kCrossbar && !plan.circuits) {
    const double rate = std::min({config.channel_rate, config.inject_rate, config.eject_rate});
    r.scalars.push_back(
        {"model_fifo_saturation", iq_crossbar_saturation(p.net.crossbar_ports) * rate});
  }
  if (p.net.topology == TopologyKind::kFly && plan.circuits &&
      p.net.circuit_policy == BlockPolicy::kDrop) {
    Series patel = sweep_series("model_patel_acceptance", "model: Patel", "acceptance",
                                "fraction");
    patel.key = "acceptance_vs_offered";  // drawn for the simulated acceptance
    for (std::size_t i = 1; i < plan.rates.size(); ++i) {
      // Patel's request rate: the share of cycles an input is busy sending.
      const double m = std::min(1.0, plan.rates[i] / config.channel_rate);
      patel.x.push_back(plan.rates[i]);
      patel.y.push_back(patel_acceptance(p.net.fly_radix, p.net.fly_stages, m));
    }
    r.series.push_back(std::move(patel));
  }
}

std::vector<OutputSpec> outputs() {
  return {
      scalar_output("offered_flits_per_node_cycle", "flits/node/cycle",
                    "Offered load of the chosen point"),
      scalar_output("accepted_flits_per_node_cycle", "flits/node/cycle",
                    "Flits delivered per node per cycle while measuring"),
      scalar_output("latency_mean_cycles", "cycles",
                    "Mean latency, creation to last flit delivered (source queueing in); absent, "
                    "with the percentiles, where the point deadlocked"),
      scalar_output("latency_ci_cycles", "cycles",
                    "Half-width of the 95 % confidence interval of the mean (batch means); "
                    "absent where the point is saturated or measured too few batches to say"),
      scalar_output("latency_p50_cycles", "cycles", "Median latency"),
      scalar_output("latency_p95_cycles", "cycles", "95th percentile"),
      scalar_output("latency_p99_cycles", "cycles", "99th percentile"),
      scalar_output("saturated", "boolean",
                    "The offered load was not sustained (under 90 % of the flits created while "
                    "measuring were delivered then, a source queue overflowed, or the measured "
                    "packets did not drain)"),
      scalar_output("deadlocked", "boolean",
                    "A torus without a dateline: the network deadlocked at the chosen load (a "
                    "cycle of channels each waiting on the next; the point stopped there)"),
      scalar_output("deadlock_cycle", "cycles", "Cycle the deadlock was found at (-1: none)"),
      scalar_output("latency_vs_offered_deadlock", "flits/node/cycle",
                    "Lowest offered load of the curve at which the network deadlocked"),
      scalar_output("measured_packets", "packets", "Packets in the latency statistics"),
      scalar_output("simulated_cycles", "cycles", "Cycles simulated for the chosen point"),
      scalar_output("bisection_gbps", "Gbit/s", "Traffic across the bisection while measuring"),
      scalar_output("bisection_capacity_gbps", "Gbit/s",
                    "Peak traffic across the bisection, both directions"),
      scalar_output("acceptance", "fraction",
                    "Share of the measured packets or connections delivered (not dropped); where "
                    "the point deadlocked, the share of every packet created before it stopped"),
      scalar_output("blocking_probability", "fraction",
                    "Share of set-up attempts at a switch output that found it held"),
      scalar_output("latency_vs_offered_saturation", "flits/node/cycle",
                    "Lowest offered load of the curve that was not sustained"),
      scalar_output("model_capacity_bound", "flits/node/cycle",
                    "Model: the most load uniform traffic can offer before a channel is full (a "
                    "cube's channel-load bound)"),
      scalar_output("model_zero_load_latency_cycles", "cycles",
                    "Model: mean latency of a packet alone in the network under uniform "
                    "destinations"),
      scalar_output("model_fifo_saturation", "flits/node/cycle",
                    "Model: saturation throughput of an input-queued crossbar with FIFO heads "
                    "under uniform traffic (Karol, Hluchyj & Morgan)"),
      scalar_output("total_simulated_cycles", "cycles",
                    "Cycles simulated over every point of the run"),
      series_output("latency_histogram", "",
                    "Measured packets per latency bin at the chosen load (none where it "
                    "deadlocked)"),
      series_output("latency_vs_offered", "cycles",
                    "Mean latency against offered load, the loads sustained"),
      series_output("latency_p99_vs_offered", "cycles",
                    "99th percentile latency against offered load"),
      series_output("accepted_vs_offered", "flits/node/cycle",
                    "Accepted load against offered load"),
      series_output("latency_vs_accepted", "cycles", "Mean latency against accepted load"),
      series_output("acceptance_vs_offered", "fraction",
                    "Share of packets or connections delivered against offered load"),
      series_output("blocking_vs_offered", "fraction",
                    "Circuit switching: share of set-up attempts blocked against offered load"),
      series_output("model_patel_acceptance", "fraction",
                    "Model: Patel's acceptance of a fly that drops blocked requests"),
      network_output("channel_util", "fraction",
                     "The network with each channel's utilization and occupancy (the share of "
                     "the time packets held it) at the chosen load, a crossbar's crosspoints, "
                     "and under the hotspot pattern the hot spot (terminals' column hotspot)"),
      network_output("channel_dependencies", "",
                     "On a torus: the channel-dependency graph of dimension-order routing with "
                     "its virtual-channel classes, its cycles numbered"),
      network_output("deadlock", "",
                     "Where the chosen load deadlocked: each channel's place in the knot (-1: off "
                     "it)"),
  };
}

// The whole result: the chosen point's scalars and series, the curves, the models.
Result combine(const Params& p, const std::vector<PointResult>& partials) {
  const Plan plan(p);
  Result r;
  if (!partials.empty() && partials.front().point == 0) r = partials.front().result;
  add_sweep(r, p, plan, partials);
  add_models(r, p, plan);
  double cycles = 0;
  for (const PointResult& partial : partials) cycles += partial.result.scalar("simulated_cycles");
  r.scalars.push_back({"total_simulated_cycles", cycles});
  return r;
}

}  // namespace

ModelInfo network_traffic_info() {
  ModelInfo info = sweep_model_info(
      "network_traffic", "Custom network: synthetic traffic",
      "Flit-level wormhole or circuit switching on a mesh, torus, k-ary n-fly, crossbar or C104 "
      "router network under open-loop synthetic traffic: latency and accepted load, "
      "per-channel utilization, and the shape's analytical models beside the simulation.",
      kCitation, params(), outputs(),
      [](const Params& p) {
        const auto topology = make_topology(p.net);
        NetworkMap n = describe_network(*topology, "network", "network");
        // Only the hotspot pattern is built here: the others may not fit the shape, which the
        // run itself reports.
        if (p.pattern == Pattern::kHotspot) {
          mark_hotspot(n, TrafficPattern(*topology, p.pattern, p.hotspot_fraction).hotspot());
        }
        return std::vector<NetworkMap>{std::move(n)};
      },
      [](const Params& p) {
        const Plan plan(p);
        plan.check(p);
        return std::vector<double>(plan.rates.size(), 1.0);
      },
      [](const Params& p, Rng rng, std::size_t point) {
        return std::make_unique<NetworkTrafficPoint>(p, rng, point);
      },
      combine, [](const Params& p) { return network_state(p.net); });
  set_sweep_streams(info, params(), [](const Params& p, std::size_t point) -> std::size_t {
    if (point == 0) return 0;
    const Plan plan(p);
    return plan.rates[point] == plan.rates[0] ? 0 : point;
  });
  return info;
}

}  // namespace archex
