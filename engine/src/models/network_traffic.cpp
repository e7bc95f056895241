#include "models/network_traffic.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>

#include "core/param_table.h"
#include "network/analytic.h"
#include "network/circuit_traffic.h"
#include "network/network_params.h"
#include "network/traffic.h"

// Results, beside the chosen point's scalars and latency_histogram:
// - curves over the sweep: latency_vs_offered, latency_p99_vs_offered, accepted_vs_offered,
//   latency_vs_accepted, acceptance_vs_offered (1 with wormhole switching, which drops nothing);
//   with circuit switching also blocking_vs_offered.
// - analytical models, named model_*: the scalar model_capacity_bound (flits/node/cycle, every
//   shape); on a cube with wormhole switching model_zero_load_latency_cycles; on a crossbar with
//   wormhole switching model_fifo_saturation; on a fly with circuits dropped on conflict the
//   series model_patel_acceptance (against offered load, beside acceptance_vs_offered).
// - channel utilization at the chosen load: on a cube channel_util_xp, xm, yp, ym, zp, zm (one
//   value per node, in port order); on any other shape the graph of channels, in the engine's
//   channel numbering (router by router, port by port), for outputs that lead somewhere:
//   channel_util_graph (x channel, y utilization), channel_from (x channel, y router) and channel_to
//   (x channel, y the router it feeds, or routers + t for terminal t).

namespace archex {

namespace {

const char* const kCitation =
    "Dally & Towles, Principles and Practices of Interconnection Networks (2004), ch. 23 "
    "(synthetic traffic, batch-means measurement); J-Machine network: Noakes, Wallach & Dally, "
    "ISCA 1993, sec. 2; Patel, IEEE Trans. Computers C-30 (1981); Karol, Hluchyj & Morgan, IEEE "
    "Trans. Communications 35 (1987)";

enum class SweepScale { kAbsolute, kOfBound };

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
      number_spec("sweep_rates", "Loads of the curve", "flits/node/cycle", 0.1, 0.001, 1, 0.001,
                  false,
                  "Offered loads of the latency-vs-load curve: in flits/node/cycle, or, when "
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
           number_spec("hotspot_fraction", "Hotspot share", "fraction", 0.1, 0, 1, 0.01, false,
                       "Share of packets sent to the centre node under the hotspot pattern."))
      .add(&Params::packet_flits, number_spec("packet_flits", "Packet length", "flits", 8, 1, 64,
                                              1, true, "Flits (words) per packet."))
      .add(&Params::injection_rate,
           number_spec("injection_rate", "Offered load", "flits/node/cycle", 0.1, 0.001, 1, 0.001,
                       false,
                       "Load of the chosen point: flits each node offers per cycle (Bernoulli "
                       "packets)."))
      .add(&Params::sweep_rates, sweep)
      .add(&Params::sweep_scale,
           choice_spec("sweep_scale", "Loads of the curve in",
                       {"flits/node/cycle", "fractions of the capacity bound"}, 0,
                       "How the loads of the curve are read: as flits/node/cycle, or as fractions "
                       "of the capacity bound under uniform traffic (1: the bound), capped at 1 "
                       "flit/node/cycle."))
      .add(&Params::warmup_cycles,
           number_spec("warmup_cycles", "Warm-up", "cycles", 1000, 0, 100000, 100, true,
                       "Cycles simulated before measuring, so queues reach their steady state."))
      .add(&Params::max_cycles,
           number_spec("max_cycles", "Longest measurement", "cycles", 20000, 1000, 1000000, 1000,
                       true,
                       "A point stops measuring at this many cycles if its mean latency has not "
                       "reached the confidence target; its drain gets as many again."))
      .add(&Params::confidence_percent,
           number_spec("confidence_percent", "Confidence target", "%", 5, 0.5, 50, 0.5, false,
                       "A point stops once the 95 % confidence interval of its mean latency "
                       "(batch means) is within this share of the mean."));
  return t;
}

Series sweep_series(const char* name, const std::string& label, const char* y_name,
                    const char* y_unit) {
  return {name, label, "offered load", "flits/node/cycle", y_name, y_unit, {}, {}};
}

class NetworkTraffic final : public Model {
 public:
  NetworkTraffic(const Params& p, Rng rng)
      : p_(p),
        topology_(make_topology(p.net)),
        cube_(std::dynamic_pointer_cast<const KNCube>(topology_)),
        config_(network_config(p.net, topology_)),
        circuit_(circuit_config(p.net, topology_)),
        pattern_(*topology_, p.pattern, p.hotspot_fraction),
        rng_(rng) {
    // Builds the network once up front so a bad configuration is reported before any work.
    if (circuits()) {
      CircuitNetwork check(circuit_, 0);
    } else {
      Network check(config_);
    }
    bound_ = capacity_bound(*topology_, config_);
    rates_.push_back(p.injection_rate);
    for (const double r : p.sweep_rates) {
      rates_.push_back(p.sweep_scale == SweepScale::kOfBound ? std::min(1.0, r * bound_) : r);
    }
    std::sort(rates_.begin() + 1, rates_.end());
    opt_.packet_flits = p.packet_flits;
    opt_.warmup_cycles = p.warmup_cycles;
    opt_.max_cycles = p.max_cycles;
    opt_.confidence = p.confidence_percent / 100;
    start_point();
  }

  bool advance(std::uint64_t budget) override {
    auto left = static_cast<std::int64_t>(std::min<std::uint64_t>(budget, 1u << 30));
    while (left > 0 && running()) {
      const std::int64_t before = now();
      if (point_) point_->advance(left);
      if (circuit_point_) circuit_point_->advance(left);
      left -= std::max<std::int64_t>(1, now() - before);
      if (point_ && point_->done()) {
        results_.push_back(point_->result());
        // Wormhole flow control loses no packet.
        acceptance_.push_back(1);
        point_.reset();
      } else if (circuit_point_ && circuit_point_->done()) {
        results_.push_back(circuit_point_->result());
        acceptance_.push_back(circuit_point_->acceptance());
        blocking_.push_back(circuit_point_->blocking());
        circuit_point_.reset();
      } else {
        continue;
      }
      if (results_.size() < rates_.size()) start_point();
    }
    return !running();
  }

  double progress() const override {
    double partial = 0;
    if (point_) partial = point_->progress();
    if (circuit_point_) partial = circuit_point_->progress();
    return (static_cast<double>(results_.size()) + partial) / static_cast<double>(rates_.size());
  }

  Result result() const override {
    Result r;
    if (!results_.empty()) add_chosen(r, results_.front());
    add_sweep(r);
    add_models(r);
    double cycles = 0;
    for (const LoadPointResult& p : results_) cycles += static_cast<double>(p.cycles);
    r.scalars.push_back({"total_simulated_cycles", cycles, "cycles",
                         "Cycles simulated over every point of the run"});
    return r;
  }

 private:
  bool circuits() const { return p_.net.switching == Switching::kCircuit; }
  bool running() const { return point_ || circuit_point_; }
  std::int64_t now() const {
    if (point_) return point_->network().now();
    return circuit_point_ ? circuit_point_->now() : 0;
  }

  void start_point() {
    opt_.rate = rates_[results_.size()];
    if (circuits()) {
      circuit_point_ =
          std::make_unique<CircuitLoadPoint>(circuit_, pattern_, opt_, rng_.next_u64(), rng_);
    } else {
      point_ = std::make_unique<LoadPoint>(config_, pattern_, opt_, rng_);
    }
  }

  void add_chosen(Result& r, const LoadPointResult& c) const {
    r.scalars.push_back({"offered_flits_per_node_cycle", c.offered, "flits/node/cycle",
                         "Offered load of the chosen point"});
    r.scalars.push_back({"accepted_flits_per_node_cycle", c.accepted, "flits/node/cycle",
                         "Flits delivered per node per cycle while measuring"});
    r.scalars.push_back({"latency_mean_cycles", c.latency_mean, "cycles",
                         "Mean latency, creation to last flit delivered (source queueing in)"});
    r.scalars.push_back({"latency_ci_cycles", c.latency_ci, "cycles",
                         "Half-width of the 95 % confidence interval of the mean (batch means)"});
    r.scalars.push_back({"latency_p50_cycles", c.latency_p50, "cycles", "Median latency"});
    r.scalars.push_back({"latency_p95_cycles", c.latency_p95, "cycles", "95th percentile"});
    r.scalars.push_back({"latency_p99_cycles", c.latency_p99, "cycles", "99th percentile"});
    r.scalars.push_back({"saturated", c.saturated ? 1.0 : 0.0, "boolean",
                         "The offered load was not sustained (accepted < 90 % of offered, a "
                         "source queue overflowed, or the measured packets did not drain)"});
    r.scalars.push_back({"measured_packets", static_cast<double>(c.measured_packets), "packets",
                         "Packets in the latency statistics"});
    r.scalars.push_back({"simulated_cycles", static_cast<double>(c.cycles), "cycles",
                         "Cycles simulated for the chosen point"});
    if (cube_ && !circuits()) {
      r.scalars.push_back({"bisection_gbps", gbit_per_s(p_.net, c.bisection_words_per_cycle),
                           "Gbit/s", "Traffic across the bisection while measuring"});
    }
    if (cube_) {
      const double capacity = bisection_capacity_words_per_cycle(*cube_, config_);
      r.scalars.push_back({"bisection_capacity_gbps", gbit_per_s(p_.net, capacity), "Gbit/s",
                           "Peak traffic across the bisection, both directions"});
    }
    r.scalars.push_back({"acceptance", acceptance_.front(), "fraction",
                         "Share of the measured packets or connections delivered (not dropped)"});
    if (circuits()) {
      r.scalars.push_back({"blocking_probability", blocking_.front(), "fraction",
                           "Share of set-up attempts at a switch output that found it held"});
    }

    Series hist{"latency_histogram", "packets", "latency", "cycles", "packets", "", {}, {}};
    if (!c.latencies.empty()) {
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
    if (cube_) {
      add_cube_utilization(r, c);
    } else {
      add_channel_graph(r, c);
    }
  }

  void add_cube_utilization(Result& r, const LoadPointResult& c) const {
    const int ports = cube_->ports();
    for (int port = 0; port < cube_->local_port(); ++port) {
      Series s{std::string("channel_util_") + direction_name(port),
               std::string("channels ") + direction_name(port),
               "node",
               "",
               "utilization",
               "fraction",
               {},
               {}};
      for (int node = 0; node < cube_->nodes(); ++node) {
        s.x.push_back(node);
        const auto at = static_cast<std::size_t>(node * ports + port);
        s.y.push_back(at < c.utilization.size() ? c.utilization[at] : 0.0);
      }
      r.series.push_back(std::move(s));
    }
  }

  void add_channel_graph(Result& r, const LoadPointResult& c) const {
    Series util{"channel_util_graph", "channels", "channel", "index", "utilization", "fraction", {}, {}};
    Series from{"channel_from", "channel sources", "channel", "index", "router", "index", {}, {}};
    Series to{"channel_to", "channel targets", "channel", "index", "router or terminal", "index",
              {}, {}};
    const int routers = topology_->routers();
    int channel = 0;
    for (int router = 0; router < routers; ++router) {
      for (int port = 0; port < topology_->ports(router); ++port, ++channel) {
        const PortTarget t = topology_->output(router, port);
        if (t.router < 0 && t.terminal < 0) continue;
        const auto at = static_cast<std::size_t>(channel);
        util.x.push_back(channel);
        util.y.push_back(at < c.utilization.size() ? c.utilization[at] : 0.0);
        from.x.push_back(channel);
        from.y.push_back(router);
        to.x.push_back(channel);
        to.y.push_back(t.router >= 0 ? t.router : routers + t.terminal);
      }
    }
    r.series.push_back(std::move(util));
    r.series.push_back(std::move(from));
    r.series.push_back(std::move(to));
  }

  void add_sweep(Result& r) const {
    const std::string label = std::to_string(opt_.packet_flits) + "-flit packets";
    Series mean = sweep_series("latency_vs_offered", label, "mean latency", "cycles");
    Series p99 = sweep_series("latency_p99_vs_offered", label + ", 99th percentile", "latency",
                              "cycles");
    Series accepted =
        sweep_series("accepted_vs_offered", label, "accepted load", "flits/node/cycle");
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
    for (std::size_t i = 1; i < results_.size(); ++i) {
      const LoadPointResult& p = results_[i];
      accepted.x.push_back(p.offered);
      accepted.y.push_back(p.accepted);
      acceptance.x.push_back(p.offered);
      acceptance.y.push_back(acceptance_[i]);
      if (circuits()) {
        blocking.x.push_back(p.offered);
        blocking.y.push_back(blocking_[i]);
      }
      if (p.saturated) {
        if (saturation < 0) saturation = p.offered;
        continue;
      }
      mean.x.push_back(p.offered);
      mean.y.push_back(p.latency_mean);
      by_accepted.x.push_back(p.accepted);
      by_accepted.y.push_back(p.latency_mean);
      p99.x.push_back(p.offered);
      p99.y.push_back(p.latency_p99);
    }
    if (saturation >= 0) {
      r.scalars.push_back({"latency_vs_offered_saturation", saturation, "flits/node/cycle",
                           "Lowest offered load of the curve that was not sustained"});
    }
    r.series.push_back(std::move(mean));
    r.series.push_back(std::move(p99));
    r.series.push_back(std::move(accepted));
    r.series.push_back(std::move(by_accepted));
    r.series.push_back(std::move(acceptance));
    if (circuits()) r.series.push_back(std::move(blocking));
  }

  void add_models(Result& r) const {
    r.scalars.push_back({"model_capacity_bound", bound_, "flits/node/cycle",
                         "Model: the most load uniform traffic can offer before a channel is "
                         "full (a cube's channel-load bound)"});
    if (cube_ && !circuits()) {
      r.scalars.push_back(
          {"model_zero_load_latency_cycles",
           cube_zero_load_latency_cycles(*cube_, config_, opt_.packet_flits), "cycles",
           "Model: mean latency of a packet alone in the network under uniform destinations"});
    }
    if (p_.net.topology == TopologyKind::kCrossbar && !circuits()) {
      const double rate = std::min({config_.channel_rate, config_.inject_rate, config_.eject_rate});
      r.scalars.push_back({"model_fifo_saturation",
                           iq_crossbar_saturation(p_.net.crossbar_ports) * rate,
                           "flits/node/cycle",
                           "Model: saturation throughput of an input-queued crossbar with FIFO "
                           "heads under uniform traffic (Karol, Hluchyj & Morgan)"});
    }
    if (p_.net.topology == TopologyKind::kFly && circuits() &&
        p_.net.circuit_policy == BlockPolicy::kDrop) {
      Series patel = sweep_series("model_patel_acceptance", "model: Patel", "acceptance",
                                  "fraction");
      for (std::size_t i = 1; i < rates_.size(); ++i) {
        // Patel's request rate: the share of cycles an input is busy sending.
        const double m = std::min(1.0, rates_[i] / config_.channel_rate);
        patel.x.push_back(rates_[i]);
        patel.y.push_back(patel_acceptance(p_.net.fly_radix, p_.net.fly_stages, m));
      }
      r.series.push_back(std::move(patel));
    }
  }

  Params p_;
  std::shared_ptr<const Topology> topology_;
  std::shared_ptr<const KNCube> cube_;
  NetworkConfig config_;
  CircuitConfig circuit_;
  TrafficPattern pattern_;
  Rng rng_;
  double bound_ = 0;
  LoadPointOptions opt_;
  std::vector<double> rates_;
  std::vector<LoadPointResult> results_;
  std::vector<double> acceptance_;
  std::vector<double> blocking_;
  std::unique_ptr<LoadPoint> point_;
  std::unique_ptr<CircuitLoadPoint> circuit_point_;
};

}  // namespace

ModelInfo network_traffic_info() {
  return model_info("network_traffic", "Custom network: synthetic traffic",
                    "Flit-level wormhole or circuit switching on a mesh, torus, k-ary n-fly, "
                    "crossbar or C104 router network under open-loop synthetic traffic: latency "
                    "and accepted load, per-channel utilization, and the shape's analytical "
                    "models beside the simulation.",
                    kCitation, params(), [](const Params& p, Rng rng) {
                      return std::make_unique<NetworkTraffic>(p, rng);
                    });
}

}  // namespace archex
