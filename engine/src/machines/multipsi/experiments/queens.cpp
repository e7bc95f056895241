#include "machines/multipsi/experiments/queens.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/param_table.h"
#include "network/topologies/describe.h"
#include "machines/multipsi/machine.h"
#include "machines/multipsi/programs/queens.h"

namespace archex {

namespace {

using fghc::MessageKind;

constexpr const char* kCitation =
    "K. Taki, Measurements and Evaluation for the Multi-PSI/V1 System - A Study of Inter-PE "
    "Communication versus System Performance, ICOT TR-370, 1988, sec. 4 and 7, appendix";

struct Params {
  fghc::QueensProgram program;
  int queens;
  int pes;
  int depth;
  int k;
  std::vector<int> depths;
  std::vector<int> ks;
  int mesh_columns;
  fghc::Costs costs;
  int timeline_bins;
};

ParamTable<fghc::Costs> cost_table() {
  auto ms = [](const char* name, const char* label, double value, const char* what) {
    return number_param(name, label)
               .unit("ms").value(value).range(0, 1000).step(0.001)
               .about(what);
  };
  ParamTable<fghc::Costs> costs;
  costs
      .add(&fghc::Costs::reduction_ms,
           ms("reduction_ms", "Reduction time", 2.25,
              "CPU time of one goal reduction, guard tests included (Table 1)."))
      .add(&fghc::Costs::builtin_ms,
           ms("builtin_ms", "Built-in call time", 0.376,
              "CPU time of one arithmetic built-in predicate call (:=) on top of its reduction."))
      .add(&fghc::Costs::message_ms,
           ms("message_ms", "Message software time", 6.606,
              "Software time of any message, sender and receiver together."))
      .add(&fghc::Costs::throw_goal_ms,
           ms("throw_goal_ms", "throw_goal extra time", 19.858,
              "Extra software time of a throw_goal: goal record and AND-tree maintenance."))
      .add(&fghc::Costs::word_ms,
           ms("word_ms", "Per-word software time", 1,
              "Software time per message word, an argument or a copied list cell (composing and "
              "decomposing 40-bit words as bytes), sender and receiver together."))
      .add(&fghc::Costs::send_share,
           number_param("send_share", "Sender's share")
               .unit("fraction").value(0.5).range(0, 1).step(0.05)
               .about("Fraction of a message's software time spent on the sending PE."))
      .add(&fghc::Costs::firmware_ms,
           ms("firmware_ms", "Firmware time per message end", 0.055,
              "Firmware send or receive control time, on each of the two PEs (Table 1: 0.22 ms "
              "over two messages)."))
      .add(&fghc::Costs::hop_ms,
           ms("hop_ms", "Network time per hop", 0.035,
              "Hardware transfer time per hop (Table 1: 0.07 ms over two one-hop messages)."))
      .add(&fghc::Costs::copy_cells,
           number_param("copy_cells", "Lists copied up to")
               .unit("cells").value(3).range(0, 12).whole()
               .about("Lists up to this long travel inside a throw_goal; longer ones stay behind "
                      "as exported references that the receiver reads (read_value / return_value)."));
  return costs;
}

ParamTable<Params> params() {
  ParamTable<Params> t;
  t.add(&Params::program,
        choice_spec("program", "Program", {"Program 1", "Program 2"}, 0,
                    "Program 1 distributes the search tree's nodes down to a depth; Program 2 "
                    "gives each PE lumps of estimated leaves (appendix)."))
      .add(&Params::queens,
           number_param("queens", "Queens")
               .value(8).range(4, 10).whole()
               .about("Board size N of the all-solutions N-queens search (92 solutions for 8)."))
      .add(&Params::pes,
           number_param("pes", "Processing elements")
               .unit("PEs").value(6).range(1, 64).whole()
               .about("PEs of the run; the sweep runs 1 to this many (1, 2, 4, ... above 8)."))
      .add(&Params::depth,
           number_param("depth", "Distribution depth")
               .unit("levels").value(2).range(1, 10).whole()
               .about("Program 1: nodes down to this depth of the search tree are thrown round "
                      "the PEs (grain about 1/8 of the load at 1, 1/(8x7) at 2, ...)."))
      .add(&Params::k, number_param("k", "Lumps per PE (K)")
                           .value(4).range(1, 64).whole()
                           .about("Program 2: each PE's share of the estimated leaves is cut into "
                                  "K lumps."))
      .add(&Params::depths,
           list_spec(number_param("depths", "Depths to sweep")
                         .unit("levels").value(1).range(1, 10).whole()
                         .about("Program 1: one line per depth in the sweep charts (Figs. 8-11)."),
                     8, {1, 2, 3, 4, 5}))
      .add(&Params::ks, list_spec(number_param("ks", "K values to sweep")
                                      .value(1).range(1, 64).whole()
                                      .about("Program 2: one line per K in the sweep charts."),
                                  8, {1, 2, 3, 4, 5, 6, 7, 8}))
      .add(&Params::mesh_columns,
           number_param("mesh_columns", "Network width")
               .unit("PEs").value(3).range(1, 8).whole()
               .about("PEs per row of the 2-D lattice; PE i sits at column i mod width, row i / "
                      "width, and a message crosses the hops between them."))
      .include(&Params::costs, cost_table())
      .add(&Params::timeline_bins,
           number_param("timeline_bins", "Timeline resolution")
               .unit("bins").value(120).range(10, 400).whole()
               .about("Time bins of the per-PE timeline of the selected run."));
  return t;
}

// One run of the sweep, summarized.
struct RunPoint {
  int grain = 0;
  int pes = 0;
  std::int64_t reductions = 0;
  std::int64_t builtin_calls = 0;
  std::int64_t suspensions = 0;
  std::int64_t solutions = 0;
  std::array<std::int64_t, fghc::kMessageKinds> messages{};
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

std::vector<int> pe_counts(int pes) {
  std::vector<int> counts;
  if (pes <= 8) {
    for (int n = 1; n <= pes; ++n) counts.push_back(n);
    return counts;
  }
  for (int n = 1; n < pes; n *= 2) counts.push_back(n);
  counts.push_back(pes);
  return counts;
}

// The sweep's runs for a parameter set: (grain, PEs) pairs in run order, and the selected run.
struct QueensPlan {
  explicit QueensPlan(const Params& p) {
    const bool p1 = p.program == fghc::QueensProgram::program1;
    selected = p1 ? p.depth : p.k;
    grains = p1 ? p.depths : p.ks;
    grains.push_back(selected);
    std::sort(grains.begin(), grains.end());
    grains.erase(std::unique(grains.begin(), grains.end()), grains.end());
    counts = pe_counts(p.pes);
    for (const int g : grains) {
      for (const int n : counts) runs.push_back({g, n});
    }
  }
  // Runs grow with the PE count (messages), so each weighs 1 + its PEs.
  std::vector<double> weights() const {
    std::vector<double> w;
    for (const auto& run : runs) w.push_back(1.0 + run.second);
    return w;
  }

  int selected = 0;
  std::vector<int> grains;
  std::vector<int> counts;
  std::vector<std::pair<int, int>> runs;  // (grain, PEs) of each run, in order
};

Timeline timeline(const fghc::Machine& m, int bins);

// Names of a run's partial result: its counts as scalars, per-PE and per-kind numbers as series;
// the selected run adds its reductions by predicate and its timeline.
constexpr const char* kWorkRate = "work_rate";
constexpr const char* kReduceShare = "reduce_share";
constexpr const char* kMessages = "messages";
constexpr const char* kByPredicate = "by_predicate";

Series values(const char* name, std::vector<double> y, std::vector<std::string> labels = {}) {
  Series s{name, name, "index", "index", name, "", {}, std::move(y), std::move(labels)};
  for (std::size_t i = 0; i < s.y.size(); ++i) s.x.push_back(static_cast<double>(i));
  return s;
}

// One run of the sweep: one program, grain and PE count on the machine.
class QueensRun final : public Model {
 public:
  QueensRun(const Params& p, std::size_t index) : bins_(p.timeline_bins) {
    const QueensPlan plan(p);
    std::tie(grain_, pes_) = plan.runs[index];
    selected_ = grain_ == plan.selected && pes_ == p.pes;
    program_ = fghc::make_queens(p.program, p.queens, pes_, grain_);
    machine_ =
        std::make_unique<fghc::Machine>(*program_, pes_, p.mesh_columns, p.costs, selected_);
  }

  // One unit of work is one event of the machine.
  bool advance(std::uint64_t budget) override {
    if (!machine_) return true;
    if (machine_->advance(budget)) finish();
    return !machine_;
  }

  double progress() const override { return machine_ ? 0 : 1; }
  Result result() const override { return partial_; }
  bool attach_trace(TraceRecorder& recorder) override {
    machine_->record(recorder);
    return true;
  }

 private:
  void finish() {
    const fghc::Machine& m = *machine_;
    const double time_ms = m.end_ms();
    partial_.scalars = {{"grain", static_cast<double>(grain_), "", ""},
                        {"pes", static_cast<double>(pes_), "PEs", ""},
                        {"reductions", static_cast<double>(m.reductions()), "", ""},
                        {"suspensions", static_cast<double>(m.suspensions()), "", ""},
                        {"builtin_calls", static_cast<double>(m.builtin_calls()), "", ""},
                        {"solutions", static_cast<double>(m.solutions()), "", ""},
                        {"time_ms", time_ms, "ms", ""}};
    std::vector<double> messages;
    for (int k = 0; k < fghc::kMessageKinds; ++k) {
      messages.push_back(static_cast<double>(m.messages(static_cast<MessageKind>(k))));
    }
    std::vector<double> work_rate;
    std::vector<double> reduce_share;
    for (int i = 0; i < m.pes(); ++i) {
      const fghc::PeStats& s = m.pe(i);
      work_rate.push_back(time_ms > 0 ? (s.reduce_ms + s.comm_ms) / time_ms : 0);
      reduce_share.push_back(time_ms > 0 ? s.reduce_ms / time_ms : 0);
    }
    partial_.series.push_back(values(kMessages, std::move(messages)));
    partial_.series.push_back(values(kWorkRate, std::move(work_rate)));
    partial_.series.push_back(values(kReduceShare, std::move(reduce_share)));
    if (selected_) {
      std::vector<double> counts;
      std::vector<std::string> names;
      for (int i = 0; i < program_->predicates(); ++i) {
        names.emplace_back(program_->predicate_name(i));
        counts.push_back(static_cast<double>(m.reductions_by_predicate()[static_cast<std::size_t>(i)]));
      }
      partial_.series.push_back(values(kByPredicate, std::move(counts), std::move(names)));
      partial_.timelines.push_back(timeline(m, bins_));
    }
    machine_.reset();
    program_.reset();
  }

  int bins_;
  int grain_ = 0;
  int pes_ = 0;
  bool selected_ = false;
  std::unique_ptr<fghc::Program> program_;
  std::unique_ptr<fghc::Machine> machine_;
  Result partial_;
};

// The sweep's charts and the scalars that span runs (Table 4, the sec. 7.8 check) from the runs
// done so far.
class MultiPsiQueens {
 public:
  MultiPsiQueens(const Params& p, const std::vector<PointResult>& partials)
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
    return (program_ == fghc::QueensProgram::program1 ? "Depth " : "K = ") + std::to_string(grain);
  }

  fghc::QueensProgram program_;
  int pes_;
  int selected_ = 0;
  std::vector<int> grains_;
  std::vector<int> counts_;
  std::vector<RunPoint> points_;
  std::vector<std::pair<std::string, std::int64_t>> by_predicate_;
  std::vector<Timeline> timeline_;
};

// Busy shares per PE and time bin: "reducing" and "communicating".
Timeline timeline(const fghc::Machine& m, int bins) {
  Timeline t;
  t.name = "timeline";
  t.label = "PEs";
  t.time_unit = "s";
  t.states = {"reducing", "communicating"};
  const double end = m.end_ms();
  const double width = end > 0 ? end / bins : 1;
  for (int b = 0; b <= bins; ++b) t.edges.push_back(b * width / 1000);
  for (int i = 0; i < m.pes(); ++i) {
    t.rows.push_back("PE " + std::to_string(i + 1));
    std::vector<double> reduce(static_cast<std::size_t>(bins), 0.0);
    std::vector<double> comm(static_cast<std::size_t>(bins), 0.0);
    for (const fghc::Interval& iv : m.pe(i).timeline) {
      auto& into = iv.what == fghc::Activity::reducing ? reduce : comm;
      int b = std::min(bins - 1, static_cast<int>(iv.start / width));
      for (double at = iv.start; at < iv.end && b < bins; ++b) {
        // The last bin takes whatever rounding leaves past its end.
        const double upto = b == bins - 1 ? iv.end : std::min(iv.end, (b + 1) * width);
        if (upto <= at) continue;
        into[static_cast<std::size_t>(b)] += (upto - at) / width;
        at = upto;
      }
    }
    t.shares.insert(t.shares.end(), reduce.begin(), reduce.end());
    t.shares.insert(t.shares.end(), comm.begin(), comm.end());
  }
  return t;
}

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
    for (int k = 0; k < fghc::kMessageKinds; ++k) {
      kinds.x.push_back(k);
      kinds.y.push_back(static_cast<double>(sel->messages[static_cast<std::size_t>(k)]));
      kinds.labels.emplace_back(fghc::message_kind_name(static_cast<MessageKind>(k)));
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

  const std::string what = program_ == fghc::QueensProgram::program1 ? "depth" : "K";
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

std::vector<OutputSpec> outputs() {
  return {
      scalar_output("grain", "", "Depth (Program N) or K (Program N) of the run"),
      scalar_output("reductions", "reductions",
                    "Goal reductions of the run (built-in calls not counted)"),
      scalar_output("builtin_calls", "calls",
                    "Arithmetic built-in predicate calls (:=) of the run"),
      scalar_output("time_s", "s", "Execution time of the run"),
      scalar_output("rps", "RPS", "Reductions per second of the whole system"),
      scalar_output("pe_reductions", "reductions", "Reductions of the same program on one PE"),
      scalar_output("pe_rps", "RPS", "Reductions per second of the same program on one PE"),
      scalar_output("ideal_rps", "RPS", "One PE's RPS x PEs"),
      scalar_output("relative_performance", "fraction", "Measured / ideal performance"),
      scalar_output("average_work_rate", "fraction",
                    "Mean over PEs of busy (reducing or communicating) time / total time"),
      scalar_output("communication_rate", "messages/reduction",
                    "Messages sent / reductions, over all PEs"),
      scalar_output("relative_communication_overhead", "",
                    "X = work rate / (measured / ideal) - N (sec. N.N)"),
      scalar_output("run_relative_communication_time", "reductions/message",
                    "X / communication rate of this run"),
      scalar_output("formula_rps", "RPS",
                    "Ideal x work rate / (N + rate x the sweep's relative communication time) "
                    "(sec. N)"),
      scalar_output("messages", "messages", "Messages sent by all PEs"),
      scalar_output("throw_goal_share", "fraction", "throw_goal messages / all messages"),
      scalar_output("suspensions", "suspensions", "Goals suspended waiting for a remote value"),
      scalar_output("solutions", "solutions", "Solutions found"),
      scalar_output("relative_communication_time", "reductions/message",
                    "Mean of X / communication rate over the sweep's runs on N or more PEs (sec. "
                    "N.N, Table N)"),
      scalar_output("relative_communication_time_min", "reductions/message", "Least of those"),
      scalar_output("relative_communication_time_max", "reductions/message", "Greatest of those"),
      scalar_output("relative_communication_time_samples", "runs", "Runs those come from"),
      scalar_output("sweep_throw_goal_share", "fraction",
                    "throw_goal messages / all messages of those runs"),
      scalar_output("communication_rate_span", "x",
                    "Highest over lowest communication rate of those runs (Fig. N)"),
      scalar_output("formula_max_error", "fraction",
                    "Largest |formula / simulated - N| over those runs (sec. N)"),
      scalar_output("best_grain", "", "Depth (or K) with the highest RPS on all the PEs"),
      series_output("work_rate_by_pe", "fraction", "work rate against PE"),
      series_output("reducing_by_pe", "fraction", "reducing against PE"),
      series_output("messages_by_kind", "messages", "messages against kind"),
      series_output("reductions_by_predicate", "reductions", "reductions against predicate"),
      series_output("rps_vs_pes_*", "RPS", "performance against PEs"),
      series_output("comm_rate_vs_pes_*", "messages/reduction", "communication rate against PEs"),
      series_output("work_rate_vs_pes_*", "fraction", "average work rate against PEs"),
      series_output("work_rates_*", "fraction", "work rate against PE"),
      series_output("work_rate_vs_grain", "fraction", "performance / ideal against depth"),
      series_output("measured_vs_grain", "fraction", "performance / ideal against depth"),
      series_output("formula_vs_grain", "fraction", "performance / ideal against depth"),
      timeline_output("timeline", "s",
                      "What each PE did over the selected run: reducing goals or processing "
                      "messages, per time bin"),
  };
}

}  // namespace

ParamTable<fghc::Costs> multipsi_cost_table() { return cost_table(); }

fghc::Costs multipsi_default_costs() {
  const ParamTable<fghc::Costs> table = cost_table();
  return table.read(resolve_params("multipsi_queens", table.specs(), {}));
}

ModelInfo multipsi_queens_info() {
  return sweep_model_info(
      "multipsi_queens", "Multi-PSI: 8-queens on the goal-reduction machine",
      "PEs reducing Taki's 8-queens Programs 1 and 2 goal by goal, with inter-PE messages, swept "
      "over PEs and grain.",
      kCitation, params(), outputs(),
      [](const Params& p) {
        return std::vector<NetworkMap>{describe_grid(p.pes, p.mesh_columns, "mesh", "mesh")};
      },
      [](const Params& p) { return QueensPlan(p).weights(); },
      [](const Params& p, Rng, std::size_t index) { return std::make_unique<QueensRun>(p, index); },
      [](const Params& p, const std::vector<PointResult>& partials) {
        return MultiPsiQueens(p, partials).result();
      });
}

}  // namespace archex
