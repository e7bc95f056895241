#include "machines/jmachine/experiments/loop.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/record.h"
#include "machines/jmachine/costs.h"
#include "machines/jmachine/mdp.h"
#include "machines/jmachine/measures.h"
#include "machines/jmachine/programs/closed_loop.h"
#include "network/network_params.h"
#include "network/topologies/describe.h"
#include "network/traffic/batch_means.h"

namespace archex {

namespace {

using jmachine::Built;
using jmachine::ClosedLoop;
using jmachine::kCitation;
using jmachine::Machine;
using jmachine::machine;
using jmachine::machine_state;
using jmachine::NodeCosts;
using jmachine::with_machine;

// ---- Fig. 3: the closed loop ------------------------------------------------------------------

// Indices 0..n-1 spread out: the middle first, then the points that best fill the gaps (bit
// reversal, shifted to start mid-range). Any prefix of the order samples the whole range.
std::vector<std::size_t> spread_order(std::size_t n) {
  std::size_t bits = 0;
  while ((std::size_t{1} << bits) < n) ++bits;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < (std::size_t{1} << bits); ++i) {
    std::size_t r = 0;
    for (std::size_t b = 0; b < bits; ++b) r |= ((i >> b) & 1) << (bits - 1 - b);
    if (r < n) order.push_back((r + n / 2) % n);
  }
  return order;
}

constexpr ScalarOutput kBisectionCapacityGbps{"bisection_capacity_gbps", "Gbit/s",
                                              "Peak traffic across the bisection"};
// Per message length in words.
constexpr ScalarOutput kSaturation{"latency_vs_bisection_n*_saturation", "Gbit/s",
                                   "Most bisection traffic N-word messages reached"};
constexpr ScalarOutput kHalfPower{"half_power_cycles_n*", "cycles",
                                  "Computation per message at 50 % efficiency, N-word messages"};
constexpr ScalarOutput kPeakBisectionGbps{"peak_bisection_gbps", "Gbit/s",
                                          "Most bisection traffic any message length reached"};
constexpr ScalarOutput kPeakBisectionFraction{"peak_bisection_fraction", "fraction",
                                              "That over the bisection capacity"};
constexpr SeriesOutput kLatencyVsBisection{"latency_vs_bisection_n*", "cycles",
                                           "one-way latency against bisection traffic"};
constexpr SeriesOutput kEfficiencyVsGrain{"efficiency_vs_grain_n*", "fraction",
                                          "efficiency against computation per message"};

struct LoopParams {
  NetworkParams net;
  NodeCosts costs;
  std::vector<int> message_words;
  std::vector<int> grain_cycles;
  int max_cycles;
  double confidence_percent;
};

// The closed loop's points for a parameter set: (message length, grain) pairs in run order.
struct LoopPlan {
  explicit LoopPlan(const LoopParams& p)
      : config(Built(p.net).config),
        costs(p.costs),
        words(p.message_words),
        grains(p.grain_cycles),
        confidence(p.confidence_percent / 100),
        max_cycles(p.max_cycles) {
    std::sort(grains.begin(), grains.end());
    // Points take very different times (longer messages and grains are slower), so they run in
    // rounds: each round one point of every message length, at grains spread over the range and
    // different for each length. The points done are then a fair sample of those left, so the
    // time per point so far, times the points left, estimates the time left; and the curves fill
    // in coarse to fine.
    const std::size_t n = grains.size();
    for (const std::size_t g : spread_order(n)) {
      for (std::size_t k = 0; k < words.size(); ++k)
        order.push_back({words[k], grains[(g + k * n / words.size()) % n]});
    }
  }

  NetworkConfig config;
  NodeCosts costs;
  std::vector<int> words;
  std::vector<int> grains;
  double confidence;
  std::int64_t max_cycles;
  // (message words, grain cycles) of each point, in run order.
  std::vector<std::pair<int, int>> order;
};

// What a point gives the combine, which knows its message length and grain from the plan.
struct LoopRecord {
  double one_way = 0;  // mean one-way latency, cycles
  double bisection_gbps = 0;
  double efficiency = 0;  // share of the nodes' cycles computing
};

const RecordTable<LoopRecord>& loop_record() {
  static const RecordTable<LoopRecord> table = RecordTable<LoopRecord>()
                                                   .add(&LoopRecord::one_way)
                                                   .add(&LoopRecord::bisection_gbps)
                                                   .add(&LoopRecord::efficiency);
  return table;
}

// One point of the loop; its result is its record.
class JMachineLoopPoint final : public RecordPoint<LoopRecord> {
 public:
  JMachineLoopPoint(const LoopParams& p, Rng rng, std::size_t point)
      : RecordPoint(loop_record()), net_(p.net), rng_(rng) {
    const LoopPlan plan(p);
    config_ = plan.config;
    costs_ = plan.costs;
    confidence_ = plan.confidence;
    max_cycles_ = plan.max_cycles;
    std::tie(words_, grain_) = plan.order[point];
    machine_ = std::make_unique<Machine>(config_, costs_);
    loop_ = std::make_unique<ClosedLoop>(*machine_, rng_, words_, grain_);
    // Nodes start at random points of their computation, so one grain and a little more settle
    // the queues; a batch spans about half a loop of every node.
    warmup_ = 200 + static_cast<std::int64_t>(grain_);
    batch_ = 100 + static_cast<std::int64_t>(grain_) / 2;
  }

  // One unit of work is one step of the machine: a cycle, or a jump over cycles in which nothing
  // happens.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !finished(); ++i) step();
    return finished();
  }

  double progress() const override {
    if (finished()) return 1;
    return std::min(0.9, static_cast<double>(machine_->network().now()) /
                             static_cast<double>(warmup_ + max_cycles_));
  }

  bool attach_trace(TraceRecorder& recorder) override {
    // ClosedLoop's handler 0 replies to a request, 1 takes the reply.
    machine_->record(recorder, words_, {"request", "reply"});
    return true;
  }

 private:
  void step() {
    Machine& m = *machine_;
    // Not past the next cycle that measures.
    const std::int64_t before = m.network().now();
    m.jump(before < warmup_ ? warmup_ : before + batch_ - (before - warmup_) % batch_);
    m.step(*loop_);
    const std::int64_t now = m.network().now();
    if (now == warmup_) {
      m.settle(*loop_);
      loop_->measuring = true;
      m.network().reset_counters();
      return;
    }
    if (now < warmup_ || (now - warmup_) % batch_ != 0) return;
    loop_->one_way.close_batch();
    const std::int64_t window = now - warmup_;
    if (!loop_->one_way.converged(confidence_) && window < max_cycles_) return;
    m.settle(*loop_);
    const double bisection = gbit_per_s(
        net_, static_cast<double>(m.network().bisection_flits()) / static_cast<double>(window));
    const double efficiency = static_cast<double>(loop_->compute) /
                              (static_cast<double>(window) * m.network().topology().terminals());
    finish({loop_->one_way.mean(), bisection, efficiency});
    loop_.reset();
    machine_.reset();
  }

  NetworkParams net_;
  NetworkConfig config_;
  NodeCosts costs_;
  Rng rng_;
  double confidence_ = 0;
  std::int64_t max_cycles_ = 0;
  int words_ = 0;
  int grain_ = 0;
  std::int64_t warmup_ = 0;
  std::int64_t batch_ = 0;
  std::unique_ptr<Machine> machine_;
  std::unique_ptr<ClosedLoop> loop_;
};

// A finished point: its message length and grain (from the plan) and its record.
struct LoopPoint {
  int words = 0;
  int grain = 0;
  LoopRecord record;
};

// Fig. 3's curves and the scalars that span points (saturation, half power) from the points done.
Result combine_loop(const LoopParams& params,
                    const std::vector<PointRecord<LoopRecord>>& finished) {
  const std::vector<int>& words = params.message_words;
  const LoopPlan plan(params);
  std::vector<LoopPoint> points;
  for (const PointRecord<LoopRecord>& f : finished) {
    const auto [w, grain] = plan.order.at(f.point);
    points.push_back({w, grain, f.record});
  }
  Result r;
  const Built built(params.net);
  const double capacity =
      gbit_per_s(params.net, bisection_capacity_words_per_cycle(*built.cube, built.config));
  r.scalars.push_back(kBisectionCapacityGbps(capacity));
  double peak = 0;
  for (const int w : words) {
    const std::string n = std::to_string(w);
    Series lat = kLatencyVsBisection({n}, n + "-word messages", "bisection traffic", "Gbit/s",
                                     "one-way latency");
    Series eff = kEfficiencyVsGrain({n}, n + "-word messages", "computation per message",
                                    "cycles", "efficiency");
    // One message length in both charts (one colour in each).
    lat.key = eff.key = n + "-word messages";
    double top = 0;
    double half = -1;
    const LoopPoint* before = nullptr;
    std::vector<const LoopPoint*> curve;
    for (const LoopPoint& pt : points)
      if (pt.words == w) curve.push_back(&pt);
    std::stable_sort(curve.begin(), curve.end(),
                     [](const LoopPoint* a, const LoopPoint* b) { return a->grain < b->grain; });
    for (const LoopPoint* p : curve) {
      const LoopPoint& pt = *p;
      lat.x.push_back(pt.record.bisection_gbps);
      lat.y.push_back(pt.record.one_way);
      eff.x.push_back(pt.grain);
      eff.y.push_back(pt.record.efficiency);
      top = std::max(top, pt.record.bisection_gbps);
      const double at = pt.record.efficiency;
      if (half < 0 && before && before->record.efficiency < 0.5 && at >= 0.5) {
        const double f = (0.5 - before->record.efficiency) / (at - before->record.efficiency);
        half = before->grain + f * (pt.grain - before->grain);
      }
      before = &pt;
    }
    peak = std::max(peak, top);
    if (!lat.x.empty()) {
      r.scalars.push_back(
          kSaturation({n}, top, "Most bisection traffic " + n + "-word messages reached"));
    }
    if (half >= 0) {
      r.scalars.push_back(kHalfPower(
          {n}, half, "Computation per message at 50 % efficiency, " + n + "-word messages"));
    }
    r.series.push_back(std::move(lat));
    r.series.push_back(std::move(eff));
  }
  r.scalars.push_back(kPeakBisectionGbps(peak));
  r.scalars.push_back(kPeakBisectionFraction(capacity > 0 ? peak / capacity : 0));
  return r;
}


std::vector<OutputSpec> loop_outputs() {
  return {kBisectionCapacityGbps, kSaturation,        kHalfPower,        kPeakBisectionGbps,
          kPeakBisectionFraction, kLatencyVsBisection, kEfficiencyVsGrain};
}

}  // namespace

ModelInfo jmachine_loop_info() {
  ParamTable<LoopParams> t = with_machine<LoopParams>();
  t.add(&LoopParams::message_words,
        number_param("message_words", "Message lengths")
            .unit("words").value(2).range(1, 64).whole()
            .about("Words per request and per reply; one curve each.")
            .max_items(6).default_list({2, 4, 8, 16}))
      .add(&LoopParams::grain_cycles,
           number_param("grain_cycles", "Computation per message")
               .unit("cycles").value(0).range(0, 100000).whole()
               .about("Cycles each node computes (or idles) between a reply and its "
                      "next request; one point each.")
               .max_items(24).default_list({0, 10, 25, 50, 75, 100, 150, 200, 300, 450, 700, 1000}))
      .add(&LoopParams::max_cycles,
           number_param("max_cycles", "Longest measurement")
               .unit("cycles").value(6000).range(500, 1000000).whole().step(100)
               .about("A point stops measuring here if its mean latency has not yet reached the "
                      "confidence target."))
      .add(&LoopParams::confidence_percent,
           number_param("confidence_percent", "Confidence target")
               .unit("%").value(3).range(0.5, 50).step(0.5)
               .about("A point stops once the 95 % interval of its mean latency (batch means) is "
                      "within this share of the mean."));
  return model_entry("jmachine_loop", std::move(t))
      .traces()
      .title("J-Machine: latency against load, efficiency against grain")
      .about("Every node sends an N-word request to a random node, waits for the N-word reply and "
             "computes L cycles, over N and L (Fig. 3).")
      .citation(kCitation)
      .outputs(loop_outputs())
      .machine(machine<LoopParams>)
      .sweep(
          [](const LoopParams& p) { return std::vector<double>(LoopPlan(p).order.size(), 1.0); },
          [](const LoopParams& p, Rng rng, std::size_t point) {
            return std::make_unique<JMachineLoopPoint>(p, rng, point);
          },
          loop_record(), combine_loop)
      .state(machine_state<LoopParams>);
}

}  // namespace archex
