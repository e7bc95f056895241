#include "machines/multipsi/experiments/queens_combine.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>

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
  MultiPsiQueens(const QueensParams& p, const std::vector<PointResult>& partials)
      : program_(p.program), pes_(p.pes) {
    const QueensPlan plan(p);
    selected_ = plan.selected;
    grains_ = plan.grains;
    counts_ = plan.counts;
    for (const PointResult& partial : partials) {
      const Result& r = partial.result;
      RunPoint pt;
      pt.grain = static_cast<int>(r.scalar("grain"));
      pt.pes = static_cast<int>(r.scalar("pes"));
      pt.reductions = static_cast<std::int64_t>(r.scalar("reductions"));
      pt.suspensions = static_cast<std::int64_t>(r.scalar("suspensions"));
      pt.builtin_calls = static_cast<std::int64_t>(r.scalar("builtin_calls"));
      pt.solutions = static_cast<std::int64_t>(r.scalar("solutions"));
      pt.time_ms = r.scalar("time_ms");
      const std::vector<double>& messages = r.find_series(kMessages).y;
      for (std::size_t k = 0; k < pt.messages.size() && k < messages.size(); ++k) {
        pt.messages[k] = static_cast<std::int64_t>(messages[k]);
      }
      pt.work_rate = r.find_series(kWorkRate).y;
      pt.reduce_share = r.find_series(kReduceShare).y;
      for (const Series& s : r.series) {
        if (s.name == kByPredicate) {
          for (std::size_t i = 0; i < s.y.size() && i < s.labels.size(); ++i) {
            by_predicate_.emplace_back(s.labels[i], static_cast<std::int64_t>(s.y[i]));
          }
        }
      }
      timeline_.insert(timeline_.end(), r.timelines.begin(), r.timelines.end());
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
  auto add = [&r](const char* name, double value, const char* unit, const char* description) {
    if (std::isfinite(value)) r.scalars.push_back({name, value, unit, description});
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
    add("grain", selected_, "", "Depth (Program 1) or K (Program 2) of the run");
    add("reductions", static_cast<double>(sel->reductions), "reductions",
        "Goal reductions of the run (built-in calls not counted)");
    add("builtin_calls", static_cast<double>(sel->builtin_calls), "calls",
        "Arithmetic built-in predicate calls (:=) of the run");
    add("time_s", sel->time_ms / 1000, "s", "Execution time of the run");
    add("rps", sel->rps(), "RPS", "Reductions per second of the whole system");
    add("pe_reductions", one ? static_cast<double>(one->reductions) : std::nan(""), "reductions",
        "Reductions of the same program on one PE");
    add("pe_rps", one ? one->rps() : std::nan(""), "RPS",
        "Reductions per second of the same program on one PE");
    add("ideal_rps", ideal, "RPS", "One PE's RPS x PEs");
    add("relative_performance", sel->rps() / ideal, "fraction", "Measured / ideal performance");
    add("average_work_rate", sel->average_work_rate(), "fraction",
        "Mean over PEs of busy (reducing or communicating) time / total time");
    add("communication_rate", sel->comm_rate(), "messages/reduction",
        "Messages sent / reductions, over all PEs");
    add("relative_communication_overhead", x, "",
        "X = work rate / (measured / ideal) - 1 (sec. 7.7.1)");
    add("run_relative_communication_time",
        sel->comm_rate() > 0 ? x / sel->comm_rate() : std::nan(""), "reductions/message",
        "X / communication rate of this run");
    add("formula_rps", formula(*sel), "RPS",
        "Ideal x work rate / (1 + rate x the sweep's relative communication "
        "time) (sec. 7.8)");
    add("messages", static_cast<double>(messages), "messages", "Messages sent by all PEs");
    add("throw_goal_share",
        messages > 0 ? static_cast<double>(sel->messages[0]) / messages : std::nan(""), "fraction",
        "throw_goal messages / all messages");
    add("suspensions", static_cast<double>(sel->suspensions), "suspensions",
        "Goals suspended waiting for a remote value");
    add("solutions", static_cast<double>(sel->solutions), "solutions", "Solutions found");

    Series wr{"work_rate_by_pe", "work rate", "PE", "index", "work rate", "fraction", {}, {}};
    Series red{"reducing_by_pe", "reducing", "PE", "index", "reducing", "fraction", {}, {}};
    for (std::size_t i = 0; i < sel->work_rate.size(); ++i) {
      wr.x.push_back(static_cast<double>(i + 1));
      wr.y.push_back(sel->work_rate[i]);
      red.x.push_back(static_cast<double>(i + 1));
      red.y.push_back(sel->reduce_share[i]);
    }
    r.series.push_back(std::move(wr));
    r.series.push_back(std::move(red));
    Series kinds{"messages_by_kind", "messages", "kind", "", "messages", "messages", {}, {}};
    for (int k = 0; k < kMessageKinds; ++k) {
      kinds.x.push_back(k);
      kinds.y.push_back(static_cast<double>(sel->messages[static_cast<std::size_t>(k)]));
      kinds.labels.emplace_back(message_kind_name(static_cast<MessageKind>(k)));
    }
    r.series.push_back(std::move(kinds));
    Series preds{"reductions_by_predicate",
                 "reductions",
                 "predicate",
                 "",
                 "reductions",
                 "reductions",
                 {},
                 {}};
    for (std::size_t i = 0; i < by_predicate_.size(); ++i) {
      preds.x.push_back(static_cast<double>(i));
      preds.y.push_back(static_cast<double>(by_predicate_[i].second));
      preds.labels.push_back(by_predicate_[i].first);
    }
    r.series.push_back(std::move(preds));
  }

  add("relative_communication_time", rel_time, "reductions/message",
      "Mean of X / communication rate over the sweep's runs on 2 or more PEs "
      "(sec. 7.7.2, Table 4)");
  add("relative_communication_time_min", samples ? lo : std::nan(""), "reductions/message",
      "Least of those");
  add("relative_communication_time_max", samples ? hi : std::nan(""), "reductions/message",
      "Greatest of those");
  add("relative_communication_time_samples", static_cast<double>(samples), "runs",
      "Runs those come from");
  add("sweep_throw_goal_share",
      messages > 0 ? static_cast<double>(throws) / messages : std::nan(""), "fraction",
      "throw_goal messages / all messages of those runs");
  add("communication_rate_span", samples ? rate_hi / rate_lo : std::nan(""), "x",
      "Highest over lowest communication rate of those runs (Fig. 10)");
  add("formula_max_error", samples ? worst : std::nan(""), "fraction",
      "Largest |formula / simulated - 1| over those runs (sec. 7.8)");
  int best = 0;
  double best_rps = -1;
  for (const int g : grains_) {
    const RunPoint* pt = find(g, pes_);
    if (pt && pt->rps() > best_rps) {
      best_rps = pt->rps();
      best = g;
    }
  }
  add("best_grain", best_rps >= 0 ? best : std::nan(""), "",
      "Depth (or K) with the highest RPS on all the PEs");

  const std::string what = program_ == QueensProgram::program1 ? "depth" : "K";
  Series wr_line{"work_rate_vs_grain",  "average work rate", what, "",
                 "performance / ideal", "fraction",          {},   {}};
  Series measured_line{"measured_vs_grain",   "measured / ideal", what, "",
                       "performance / ideal", "fraction",         {},   {}};
  Series formula_line{"formula_vs_grain",
                      "work rate / (1 + X), X from the formula",
                      what,
                      "",
                      "performance / ideal",
                      "fraction",
                      {},
                      {}};
  for (const int g : grains_) {
    const std::string n = std::to_string(g);
    Series rps{"rps_vs_pes_" + n, grain_label(g), "PEs", "PEs", "performance", "RPS", {}, {}};
    Series rate{"comm_rate_vs_pes_" + n, grain_label(g),       "PEs", "PEs",
                "communication rate",    "messages/reduction", {},    {}};
    Series work{"work_rate_vs_pes_" + n, grain_label(g), "PEs", "PEs",
                "average work rate",     "fraction",     {},    {}};
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
      Series stack{"work_rates_" + n, grain_label(g), "PE", "index",
                   "work rate",       "fraction",     {},   {}};
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

Result combine_queens(const QueensParams& p, const std::vector<PointResult>& partials) {
  return MultiPsiQueens(p, partials).result();
}

}  // namespace archex::fghc
