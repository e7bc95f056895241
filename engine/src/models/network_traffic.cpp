#include "models/network_traffic.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>

#include "network/network_params.h"
#include "network/traffic.h"

namespace archex {

namespace {

const char* const kCitation =
    "Dally & Towles, Principles and Practices of Interconnection Networks (2004), ch. 23 "
    "(synthetic traffic, batch-means measurement); J-Machine network: Noakes, Wallach & Dally, "
    "ISCA 1993, sec. 2";

std::vector<ParamSpec> specs() {
  std::vector<ParamSpec> out = network_specs(NetworkDefaults{});
  ParamSpec pattern =
      number_spec("pattern", "Traffic pattern", "", 0, 0, 4, 1, true,
                  "Where packets go: uniform random, transpose (coordinates reversed), "
                  "bit-complement (k-1-c in every dimension), nearest neighbour, or "
                  "hotspot (a share to the centre node).");
  pattern.choices = {"uniform", "transpose", "bit-complement", "nearest-neighbour", "hotspot"};
  out.push_back(pattern);
  out.push_back(number_spec("hotspot_fraction", "Hotspot share", "fraction", 0.1, 0, 1, 0.01, false,
                            "Share of packets sent to the centre node under the hotspot pattern."));
  out.push_back(number_spec("packet_flits", "Packet length", "flits", 8, 1, 64, 1, true,
                            "Flits (words) per packet."));
  out.push_back(number_spec("injection_rate", "Offered load", "flits/node/cycle", 0.1, 0.001, 1,
                            0.001, false,
                            "Load of the chosen point: flits each node offers per cycle (Bernoulli "
                            "packets)."));
  ParamSpec sweep = number_spec("sweep_rates", "Loads of the curve", "flits/node/cycle", 0.1, 0.001,
                                1, 0.001, false, "Offered loads of the latency-vs-load curve.");
  sweep.max_items = 24;
  sweep.default_list = {0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4};
  out.push_back(sweep);
  out.push_back(
      number_spec("warmup_cycles", "Warm-up", "cycles", 1000, 0, 100000, 100, true,
                  "Cycles simulated before measuring, so queues reach their steady state."));
  out.push_back(
      number_spec("max_cycles", "Longest measurement", "cycles", 20000, 1000, 1000000, 1000, true,
                  "A point stops measuring at this many cycles if its mean latency has not "
                  "reached the confidence target; its drain gets as many again."));
  out.push_back(
      number_spec("confidence_percent", "Confidence target", "%", 5, 0.5, 50, 0.5, false,
                  "A point stops once the 95 % confidence interval of its mean latency (batch "
                  "means) is within this share of the mean."));
  return out;
}

class NetworkTraffic final : public Model {
 public:
  NetworkTraffic(const ParamValues& p, Rng rng)
      : config_(network_config(p)),
        cube_(cube_topology(p)),
        pattern_(*cube_, static_cast<Pattern>(static_cast<int>(p.number("pattern"))),
                 p.number("hotspot_fraction")),
        params_(p),
        rng_(rng) {
    // The traffic pattern and the network share one cube.
    config_.topology = cube_;
    // Builds the network once up front so a bad configuration is reported before any work.
    Network check(config_);
    rates_.push_back(p.number("injection_rate"));
    for (const double r : p.list("sweep_rates")) rates_.push_back(r);
    std::sort(rates_.begin() + 1, rates_.end());
    opt_.packet_flits = static_cast<int>(p.number("packet_flits"));
    opt_.warmup_cycles = static_cast<std::int64_t>(p.number("warmup_cycles"));
    opt_.max_cycles = static_cast<std::int64_t>(p.number("max_cycles"));
    opt_.confidence = p.number("confidence_percent") / 100;
    start_point();
  }

  bool advance(std::uint64_t budget) override {
    auto left = static_cast<std::int64_t>(std::min<std::uint64_t>(budget, 1u << 30));
    while (left > 0 && point_) {
      const std::int64_t before = point_->network().now();
      point_->advance(left);
      left -= std::max<std::int64_t>(1, point_->network().now() - before);
      if (point_->done()) {
        results_.push_back(point_->result());
        point_.reset();
        if (results_.size() < rates_.size()) start_point();
      }
    }
    return !point_;
  }

  double progress() const override {
    const double partial = point_ ? point_->progress() : 0;
    return (static_cast<double>(results_.size()) + partial) / static_cast<double>(rates_.size());
  }

  Result result() const override {
    Result r;
    if (!results_.empty()) add_chosen(r, results_.front());
    add_sweep(r);
    double cycles = 0;
    for (const LoadPointResult& p : results_) cycles += static_cast<double>(p.cycles);
    r.scalars.push_back({"total_simulated_cycles", cycles, "cycles",
                         "Cycles simulated over every point of the run"});
    return r;
  }

 private:
  void start_point() {
    opt_.rate = rates_[results_.size()];
    point_ = std::make_unique<LoadPoint>(config_, pattern_, opt_, rng_);
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
    r.scalars.push_back({"bisection_gbps", gbit_per_s(params_, c.bisection_words_per_cycle),
                         "Gbit/s", "Traffic across the bisection while measuring"});
    const double capacity = bisection_capacity_words_per_cycle(*cube_, config_);
    r.scalars.push_back({"bisection_capacity_gbps", gbit_per_s(params_, capacity), "Gbit/s",
                         "Peak traffic across the bisection, both directions"});

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

  void add_sweep(Result& r) const {
    const std::string label = std::to_string(opt_.packet_flits) + "-flit packets";
    Series mean{"latency_vs_offered",
                label,
                "offered load",
                "flits/node/cycle",
                "mean latency",
                "cycles",
                {},
                {}};
    Series p99{"latency_p99_vs_offered",
               label + ", 99th percentile",
               "offered load",
               "flits/node/cycle",
               "latency",
               "cycles",
               {},
               {}};
    Series accepted{"accepted_vs_offered",
                    label,
                    "offered load",
                    "flits/node/cycle",
                    "accepted load",
                    "flits/node/cycle",
                    {},
                    {}};
    Series by_accepted{"latency_vs_accepted",
                       label,
                       "accepted load",
                       "flits/node/cycle",
                       "mean latency",
                       "cycles",
                       {},
                       {}};
    double saturation = -1;
    for (std::size_t i = 1; i < results_.size(); ++i) {
      const LoadPointResult& p = results_[i];
      accepted.x.push_back(p.offered);
      accepted.y.push_back(p.accepted);
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
  }

  NetworkConfig config_;
  std::shared_ptr<const KNCube> cube_;
  TrafficPattern pattern_;
  ParamValues params_;
  Rng rng_;
  LoadPointOptions opt_;
  std::vector<double> rates_;
  std::vector<LoadPointResult> results_;
  std::unique_ptr<LoadPoint> point_;
};

}  // namespace

ModelInfo network_traffic_info() {
  return {"network_traffic",
          "k-ary n-cube: synthetic traffic",
          "Flit-level wormhole network under open-loop synthetic traffic: latency and accepted "
          "load, per-channel utilization.",
          kCitation,
          specs(),
          [](const ParamValues& params, Rng rng) {
            return std::make_unique<NetworkTraffic>(params, rng);
          }};
}

}  // namespace archex
