#include "machines/multipsi/experiments/queens_combine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>

#include "machines/multipsi/experiments/queens_outputs.h"

namespace archex::fghc {

namespace {

// One run of the sweep, summarized.
struct RunPoint {
  int grain = 0;
  int pes = 0;
  std::int64_t reductions = 0;
  std::int64_t builtin_calls = 0;
  std::int64_t suspensions = 0;
  std::int64_t solutions = 0;
  std::array<std::int64_t, kMessageKinds> messages{};
  double time_ms = 0;
  std::vector<double> work_rate;  // per PE: busy (reducing or communicating) / time
  std::vector<double> reduce_share;
  double rps() const { return time_ms > 0 ? reductions / (time_ms / 1000) : 0; }
  double average_work_rate() const {
    double sum = 0;
    for (const double w : work_rate) sum += w;
    return work_rate.empty() ? 0 : sum / static_cast<double>(work_rate.size());
  }
  double work_rate_spread() const {
    if (work_rate.empty()) return 0;
    const auto [lo, hi] = std::minmax_element(work_rate.begin(), work_rate.end());
    return *hi - *lo;
  }
  std::int64_t total_messages() const {
    std::int64_t n = 0;
    for (const auto m : messages) n += m;
    return n;
  }
  double comm_rate() const {
    return reductions > 0 ? static_cast<double>(total_messages()) / reductions : 0;
  }
};

// The sweep's charts and the scalars that span runs (Table 4, the sec. 7.8 check) from the runs
// done so far.
class MultiPsiQueens {
 public:
  MultiPsiQueens(const QueensParams& p, const std::vector<PointRecord<QueensRecord>>& finished)
      : program_(p.program), pes_(p.pes) {
    const QueensPlan plan(p);
    selected_ = plan.selected;
    grains_ = plan.grains;
    counts_ = plan.counts;
    for (const PointRecord<QueensRecord>& f : finished) {
      const QueensRecord& r = f.record;
      RunPoint pt;
      std::tie(pt.grain, pt.pes) = plan.runs.at(f.point);
      pt.reductions = static_cast<std::int64_t>(r.reductions);
      pt.suspensions = static_cast<std::int64_t>(r.suspensions);
      pt.builtin_calls = static_cast<std::int64_t>(r.builtin_calls);
      pt.solutions = static_cast<std::int64_t>(r.solutions);
      pt.time_ms = r.time_ms;
      for (std::size_t k = 0; k < pt.messages.size() && k < r.messages.size(); ++k) {
        pt.messages[k] = static_cast<std::int64_t>(r.messages[k]);
      }
      pt.work_rate = r.work_rate;
      pt.reduce_share = r.reduce_share;
      // The selected run's own outputs: its reductions by predicate and its timeline.
      for (const Series& s : f.outputs.series) {
        for (std::size_t i = 0; i < s.y.size() && i < s.labels.size(); ++i) {
          by_predicate_.emplace_back(s.labels[i], static_cast<std::int64_t>(s.y[i]));
        }
      }
      timeline_.insert(timeline_.end(), f.outputs.timelines.begin(), f.outputs.timelines.end());
      points_.push_back(std::move(pt));
    }
  }

  Result result() const;

 private:
  const RunPoint* find(int grain, int pes) const {
    for (const RunPoint& pt : points_) {
      if (pt.grain == grain && pt.pes == pes) return &pt;
    }
    return nullptr;
  }
  std::string grain_label(int grain) const {
    return (program_ == QueensProgram::program1 ? "Depth " : "K = ") + std::to_string(grain);
  }

  QueensProgram program_;
  int pes_;
  int selected_ = 0;
  std::vector<int> grains_;
  std::vector<int> counts_;
  std::vector<RunPoint> points_;
  std::vector<std::pair<std::string, std::int64_t>> by_predicate_;
  std::vector<Timeline> timeline_;
};

Result MultiPsiQueens::result() const {
  Result r;
  // A number the runs so far cannot give (no communication on one PE) is left out, not NaN.
  auto add = [&r](const ScalarOutput& out, double value) {
    if (std::isfinite(value)) r.scalars.push_back(out(value));
  };
  // Sec. 7.7: X = work rate / (measured / ideal) - 1, relative communication time = X / rate,
  // ideal = one PE's RPS (same program and grain) x PEs.
  auto overhead = [this](const RunPoint& pt) {
    const RunPoint* one = find(pt.grain, 1);
    if (!one || one->rps() <= 0 || pt.rps() <= 0) return std::nan("");
    const double relative = pt.rps() / (one->rps() * pt.pes);
    return pt.average_work_rate() / relative - 1;
  };
  double sum = 0;
  double lo = 0;
  double hi = 0;
  int samples = 0;
  double rate_lo = 0;
  double rate_hi = 0;
  std::int64_t throws = 0;
  std::int64_t messages = 0;
  for (const RunPoint& pt : points_) {
    if (pt.pes < 2) continue;
    throws += pt.messages[0];
    messages += pt.total_messages();
    const double x = overhead(pt);
    const double rate = pt.comm_rate();
    if (!(rate > 0) || !std::isfinite(x)) continue;
    const double t = x / rate;
    lo = samples ? std::min(lo, t) : t;
    hi = samples ? std::max(hi, t) : t;
    rate_lo = samples ? std::min(rate_lo, rate) : rate;
    rate_hi = samples ? std::max(rate_hi, rate) : rate;
    sum += t;
    ++samples;
  }
  const double rel_time = samples ? sum / samples : std::nan("");
  // Sec. 7.8: performance = ideal x work rate / (1 + rate x relative communication time).
  auto formula = [&](const RunPoint& pt) {
    const RunPoint* one = find(pt.grain, 1);
    if (!one) return std::nan("");
    return one->rps() * pt.pes * pt.average_work_rate() / (1 + pt.comm_rate() * rel_time);
  };
  double worst = 0;
  for (const RunPoint& pt : points_) {
    if (pt.pes < 2 || !(pt.comm_rate() > 0)) continue;
    worst = std::max(worst, std::abs(formula(pt) / pt.rps() - 1));
  }

  if (const RunPoint* sel = find(selected_, pes_)) {
    const RunPoint* one = find(selected_, 1);
    const double ideal = one ? one->rps() * pes_ : std::nan("");
    const std::int64_t messages = sel->total_messages();
    const double x = overhead(*sel);
    add(kGrain, selected_);
    add(kReductions, static_cast<double>(sel->reductions));
    add(kBuiltinCalls, static_cast<double>(sel->builtin_calls));
    add(kTimeS, sel->time_ms / 1000);
    add(kRps, sel->rps());
    add(kPeReductions, one ? static_cast<double>(one->reductions) : std::nan(""));
    add(kPeRps, one ? one->rps() : std::nan(""));
    add(kIdealRps, ideal);
    add(kRelativePerformance, sel->rps() / ideal);
    add(kAverageWorkRate, sel->average_work_rate());
    add(kCommunicationRate, sel->comm_rate());
    add(kRelativeCommunicationOverhead, x);
    add(kRunRelativeCommunicationTime,
        sel->comm_rate() > 0 ? x / sel->comm_rate() : std::nan(""));
    add(kFormulaRps, formula(*sel));
    add(kMessagesSent, static_cast<double>(messages));
    add(kThrowGoalShare,
        messages > 0 ? static_cast<double>(sel->messages[0]) / messages : std::nan(""));
    add(kSuspensions, static_cast<double>(sel->suspensions));
    add(kSolutions, static_cast<double>(sel->solutions));

    Series wr = kWorkRateByPe("work rate", "PE", "index", "work rate");
    Series red = kReducingByPe("reducing", "PE", "index", "reducing");
    for (std::size_t i = 0; i < sel->work_rate.size(); ++i) {
      wr.x.push_back(static_cast<double>(i + 1));
      wr.y.push_back(sel->work_rate[i]);
      red.x.push_back(static_cast<double>(i + 1));
      red.y.push_back(sel->reduce_share[i]);
    }
    r.series.push_back(std::move(wr));
    r.series.push_back(std::move(red));
    Series kinds = kMessagesByKind("messages", "kind", "", "messages");
    for (int k = 0; k < kMessageKinds; ++k) {
      kinds.x.push_back(k);
      kinds.y.push_back(static_cast<double>(sel->messages[static_cast<std::size_t>(k)]));
      kinds.labels.emplace_back(message_kind_name(static_cast<MessageKind>(k)));
    }
    r.series.push_back(std::move(kinds));
    Series preds = kReductionsByPredicate("reductions", "predicate", "", "reductions");
    for (std::size_t i = 0; i < by_predicate_.size(); ++i) {
      preds.x.push_back(static_cast<double>(i));
      preds.y.push_back(static_cast<double>(by_predicate_[i].second));
      preds.labels.push_back(by_predicate_[i].first);
    }
    r.series.push_back(std::move(preds));
  }

  add(kRelativeCommunicationTime, rel_time);
  add(kRelativeCommunicationTimeMin, samples ? lo : std::nan(""));
  add(kRelativeCommunicationTimeMax, samples ? hi : std::nan(""));
  add(kRelativeCommunicationTimeSamples, static_cast<double>(samples));
  add(kSweepThrowGoalShare,
      messages > 0 ? static_cast<double>(throws) / messages : std::nan(""));
  add(kCommunicationRateSpan, samples ? rate_hi / rate_lo : std::nan(""));
  {
    const auto [least, most] = std::minmax_element(grains_.begin(), grains_.end());
    const RunPoint* first = grains_.empty() ? nullptr : find(*least, pes_);
    const RunPoint* last = grains_.empty() ? nullptr : find(*most, pes_);
    const bool two = first && last && first != last;
    add(kWorkRateRise, two && first->average_work_rate() > 0
                           ? last->average_work_rate() / first->average_work_rate()
                           : std::nan(""));
    add(kWorkRateSpreadFall, two && first->work_rate_spread() > 0
                                 ? last->work_rate_spread() / first->work_rate_spread()
                                 : std::nan(""));
  }
  add(kFormulaMaxError, samples ? worst : std::nan(""));
  int best = 0;
  double best_rps = -1;
  for (const int g : grains_) {
    const RunPoint* pt = find(g, pes_);
    if (pt && pt->rps() > best_rps) {
      best_rps = pt->rps();
      best = g;
    }
  }
  add(kBestGrain, best_rps >= 0 ? best : std::nan(""));

  const std::string what = program_ == QueensProgram::program1 ? "depth" : "K";
  Series wr_line = kWorkRateVsGrain("average work rate", what, "", "performance / ideal");
  Series measured_line = kMeasuredVsGrain("measured / ideal", what, "", "performance / ideal");
  Series formula_line = kFormulaVsGrain("work rate / (1 + X), X from the formula", what, "",
                                        "performance / ideal");
  for (const int g : grains_) {
    const std::string n = std::to_string(g);
    Series rps = kRpsVsPes({n}, grain_label(g), "PEs", "PEs", "performance");
    Series rate = kCommRateVsPes({n}, grain_label(g), "PEs", "PEs", "communication rate");
    Series work = kWorkRateVsPes({n}, grain_label(g), "PEs", "PEs", "average work rate");
    // One depth or K in every chart (one colour in each).
    rps.key = rate.key = work.key = grain_label(g);
    for (const int c : counts_) {
      const RunPoint* pt = find(g, c);
      if (!pt) continue;
      rps.x.push_back(c);
      rps.y.push_back(pt->rps());
      // One PE sends nothing: no point on a log scale.
      if (c > 1) {
        rate.x.push_back(c);
        rate.y.push_back(pt->comm_rate());
      }
      work.x.push_back(c);
      work.y.push_back(pt->average_work_rate());
    }
    r.series.push_back(std::move(rps));
    r.series.push_back(std::move(rate));
    r.series.push_back(std::move(work));
    if (const RunPoint* pt = find(g, pes_)) {
      Series stack = kWorkRates({n}, grain_label(g), "PE", "index", "work rate");
      for (std::size_t i = 0; i < pt->work_rate.size(); ++i) {
        stack.x.push_back(static_cast<double>(i + 1));
        stack.y.push_back(pt->work_rate[i]);
      }
      r.series.push_back(std::move(stack));
      const RunPoint* one = find(g, 1);
      if (one) {
        wr_line.x.push_back(g);
        wr_line.y.push_back(pt->average_work_rate());
        measured_line.x.push_back(g);
        measured_line.y.push_back(pt->rps() / (one->rps() * pes_));
        const double predicted = formula(*pt);
        if (std::isfinite(predicted)) {
          formula_line.x.push_back(g);
          formula_line.y.push_back(predicted / (one->rps() * pes_));
        }
      }
    }
  }
  r.series.push_back(std::move(wr_line));
  r.series.push_back(std::move(measured_line));
  r.series.push_back(std::move(formula_line));
  r.timelines = timeline_;
  return r;
}

}  // namespace

Result combine_queens(const QueensParams& p,
                      const std::vector<PointRecord<QueensRecord>>& finished) {
  return MultiPsiQueens(p, finished).result();
}

}  // namespace archex::fghc
