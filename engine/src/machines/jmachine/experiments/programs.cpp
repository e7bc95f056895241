#include "machines/jmachine/experiments/programs.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "machines/jmachine/programs/program.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube.h"

namespace archex {

namespace {

using jmachine::NodeCosts;
using jmachine::ProgramKind;
using jmachine::ProgramParams;
using jmachine::ProgramRun;
using jmachine::ProgramRunner;
using jmachine::Use;

const char* const kCitation =
    "M. D. Noakes, D. A. Wallach, W. J. Dally, The J-Machine Multicomputer: An Architectural "
    "Evaluation, ISCA 1993, sections 2, 3.2 and 4";

// Other machines' figures from the paper's tables, drawn beside the simulation as paper data.
struct Compare {
  // Table 3: barrier time in us on EM4, KSR, iPSC/860 and Delta at 2, 4, ... nodes (0: none).
  std::vector<double> em4_us;
  std::vector<double> ksr_us;
  std::vector<double> ipsc860_us;
  std::vector<double> delta_us;
  const std::vector<double>& barrier(int machine) const {
    const std::vector<double>* rows[] = {&em4_us, &ksr_us, &ipsc860_us, &delta_us};
    return *rows[machine];
  }
  // Table 1: one-way overhead Ts (us per message) and Tb (us per byte) of nCUBE/2, CM-5 and
  // DELTA with the vendors' libraries, and nCUBE/2 and CM-5 with Active Messages.
  std::vector<double> ts_us;
  std::vector<double> tb_us;
};

ParamTable<Compare> compare_table() {
  const auto paper = [](const char* name, const char* label, const char* unit,
                        std::vector<double> values, const char* description) {
    return list_spec(number_param(name, label)
                         .unit(unit).value(0).range(0, 100000).step(0.01)
                         .about(description), 10,
                     std::move(values));
  };
  ParamTable<Compare> t;
  t.add(&Compare::ts_us, paper("overhead_ts_us", "Table 1: Ts", "us",
                               {160, 86, 72, 23, 3.3},
                               "Per-message overhead of nCUBE/2, CM-5, DELTA (vendors), "
                               "nCUBE/2 and CM-5 (Active Messages)."))
      .add(&Compare::tb_us, paper("overhead_tb_us", "Table 1: Tb", "us/byte",
                                  {0.45, 0.12, 0.08, 0.45, 0.12},
                                  "Per-byte overhead of the same five, in the same order."));
  const char* const names[] = {"barrier_em4_us", "barrier_ksr_us", "barrier_ipsc860_us",
                               "barrier_delta_us"};
  const char* const labels[] = {"Table 3: EM4", "Table 3: KSR", "Table 3: iPSC/860",
                                "Table 3: Delta"};
  const std::vector<double> rows[] = {{2.7, 3.6, 4.7, 5.4, 0, 7.4},
                                      {60, 90, 180, 260, 525},
                                      {111, 234, 381, 546, 692, 847},
                                      {109, 248, 473, 923, 1816, 3587}};
  std::vector<double> Compare::*fields[] = {&Compare::em4_us, &Compare::ksr_us,
                                            &Compare::ipsc860_us, &Compare::delta_us};
  for (int m = 0; m < 4; ++m) {
    t.add(fields[m], paper(names[m], labels[m], "us", rows[m],
                           "Barrier time at 2, 4, 8, ... nodes, 0 where the table has none."));
  }
  return t;
}

struct Params {
  ProgramParams program;
  std::vector<int> programs;
  std::vector<int> nodes;
  int breakdown_nodes;
  int tsp_runs;
  Compare compare;
};

constexpr const char* kBarrierMachines[] = {"em4", "ksr", "ipsc860", "delta"};
constexpr const char* kBarrierLabels[] = {"EM4 (paper data)", "KSR (paper data)",
                                          "iPSC/860 (paper data)", "Delta (paper data)"};
constexpr const char* kOverheadKeys[] = {"ncube2_vendor", "cm5_vendor", "delta_vendor",
                                         "ncube2_am", "cm5_am"};
constexpr const char* kOverheadLabels[] = {
    "nCUBE/2, vendor (Table 1 cost model)", "CM-5, vendor (Table 1 cost model)",
    "DELTA, vendor (Table 1 cost model)", "nCUBE/2, Active Messages (Table 1 cost model)",
    "CM-5, Active Messages (Table 1 cost model)"};

ParamSpec whole(const char* name, const char* label, const char* unit, double value, double min,
                double max, const char* description) {
  return number_param(name, label)
             .unit(unit).value(value).range(min, max).whole()
             .about(description);
}

ParamTable<Params> table() {
  ParamTable<Params> t;
  t.include(&Params::program, jmachine::program_table());
  t.add(&Params::programs,
        list_spec(whole("programs", "Programs", "", 1, 0, 4,
                        "0 barrier, 1 LCS, 2 radix sort, 3 N-queens, 4 TSP."),
                  5, {1, 2, 3, 4}))
      .add(&Params::nodes,
           list_spec(whole("nodes", "Machine sizes", "nodes", 64, 1, jmachine::kMaxNodes,
                           "Nodes of each run (powers of two); one point each."),
                     13, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}))
      .add(&Params::breakdown_nodes,
           whole("breakdown_nodes", "Breakdown machine", "nodes", 64, 1, jmachine::kMaxNodes,
                 "The machine size whose run gives the breakdown and the statistics."))
      .add(&Params::tsp_runs,
           whole("tsp_runs", "TSP: runs per size", "runs", 3, 1, 10,
                 "Runs of TSP per machine size, each with its own seed (the bounds arrive in "
                 "another order)."));
  t.include(&Params::compare, compare_table());
  return t;
}

// A run of the sweep: a program on a machine size (TSP once per run index).
struct Point {
  ProgramKind kind;
  int nodes;
  int run;
};

std::vector<Point> plan(const Params& p) {
  std::vector<int> sizes = p.nodes;
  if (std::find(sizes.begin(), sizes.end(), p.breakdown_nodes) == sizes.end()) {
    sizes.push_back(p.breakdown_nodes);
  }
  std::sort(sizes.begin(), sizes.end());
  sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
  std::vector<int> programs = p.programs;
  std::sort(programs.begin(), programs.end());
  programs.erase(std::unique(programs.begin(), programs.end()), programs.end());
  std::vector<Point> points;
  for (const int prog : programs) {
    const auto kind = static_cast<ProgramKind>(prog);
    const int runs = kind == ProgramKind::kTsp ? p.tsp_runs : 1;
    for (const int n : sizes) {
      for (int r = 0; r < runs; ++r) points.push_back({kind, n, r});
    }
  }
  return points;
}

std::string key(ProgramKind kind) { return jmachine::program_key(kind); }

// One run; its partial result holds the run's figures as scalars (and the per-node work rates).
class PointModel final : public Model {
 public:
  PointModel(const Params& p, Rng rng, const Point& point) : params_(p), point_(point) {
    runner_ = std::make_unique<ProgramRunner>(point.kind, params_.program, point.nodes, rng);
  }

  // One unit of work is one step of the machine: a cycle, or a jump over cycles in which nothing
  // happens.
  bool advance(std::uint64_t budget) override {
    if (runner_->advance(budget) && !ready_) {
      ready_ = true;
      build();
    }
    return ready_;
  }
  double progress() const override { return ready_ ? 1 : std::min(0.99, runner_->progress()); }
  Result result() const override { return partial_; }
  bool attach_trace(TraceRecorder& recorder) override {
    runner_->record(recorder);
    return true;
  }

 private:
  void build() {
    const ProgramRun& r = runner_->result();
    Result& out = partial_;
    const double n = r.nodes;
    const auto add = [&](const std::string& name, double value, const char* unit) {
      out.scalars.push_back({name, value, unit, ""});
    };
    add("program", static_cast<double>(point_.kind), "");
    add("nodes", n, "nodes");
    add("run", point_.run, "");
    add("cycles", r.cycles, "cycles");
    add("correct", r.correct ? 1 : 0, "");
    add("answer", r.answer, "");
    add("queue_faults", static_cast<double>(r.queue_faults), "faults");
    add("send_faults", static_cast<double>(r.send_faults), "faults");
    add("max_node_send_faults", static_cast<double>(r.max_node_send_faults), "faults");
    add("messages", static_cast<double>(r.messages), "messages");
    add("xlates", r.xlates, "xlates");
    // Shares of all nodes' cycles, by use.
    const char* const uses[] = {"compute", "handler", "communication", "sync", "fault"};
    double total = r.cycles * n;
    for (int u = 0; u < static_cast<int>(Use::kCount); ++u) {
      double sum = 0;
      for (const auto& node : r.uses) sum += node[static_cast<std::size_t>(u)];
      add(std::string("share_") + uses[u], total > 0 ? sum / total : 0, "fraction");
    }
    double idle = 0;
    for (const double i : r.idle) idle += i;
    add("share_idle", total > 0 ? idle / total : 0, "fraction");
    // LCS's node-0 imbalance: the cycles node 0 is busy beyond the others' mean, over the run.
    if (r.nodes > 1 && r.cycles > 0) {
      const auto busy = [&](std::size_t node) { return r.cycles - r.idle[node]; };
      double others = 0;
      for (std::size_t i = 1; i < r.idle.size(); ++i) others += busy(i);
      others /= static_cast<double>(r.idle.size() - 1);
      add("imbalance", std::max(0.0, busy(0) - others) / r.cycles, "fraction");
    }
    for (std::size_t k = 0; k < r.threads.size(); ++k) {
      const auto& c = r.threads[k];
      const std::string id = "thread" + std::to_string(k);
      add(id + "_threads", static_cast<double>(c.threads), "threads");
      add(id + "_instructions", c.instructions, "instructions");
      add(id + "_words", c.message_words, "words");
      labels_.push_back(c.name);
    }
    for (const auto& e : r.extras) out.scalars.push_back({e.name, e.value, e.unit, e.description});
    if (point_.nodes == params_.breakdown_nodes && point_.run == 0) {
      Series w{"work_rates_" + key(point_.kind),
               jmachine::program_label(point_.kind),
               "node",
               "index",
               "work rate",
               "fraction",
               {},
               {}};
      for (std::size_t i = 0; i < r.idle.size(); ++i) {
        w.x.push_back(static_cast<double>(i));
        w.y.push_back(r.cycles > 0 ? 1 - r.idle[i] / r.cycles : 0);
      }
      out.series.push_back(std::move(w));
    }
    // The thread kinds' names travel as the labels of an empty series.
    Series names{"thread_names", "", "", "", "", "", {}, {}};
    names.labels = labels_;
    out.series.push_back(std::move(names));
    runner_.reset();
  }

  Params params_;
  Point point_;
  std::unique_ptr<ProgramRunner> runner_;
  bool ready_ = false;
  std::vector<std::string> labels_;
  Result partial_;
};

double scalar_or(const Result& r, const std::string& name, double fallback) {
  for (const Scalar& s : r.scalars) {
    if (s.name == name) return s.value;
  }
  return fallback;
}

Result combine(const Params& p, const std::vector<PointResult>& partials) {
  Result out;
  const double mhz = p.program.net.clock_mhz;
  const auto push = [&](std::string name, double value, const char* unit, std::string what) {
    out.scalars.push_back({std::move(name), value, unit, std::move(what)});
  };
  for (int prog = 0; prog < static_cast<int>(ProgramKind::kCount); ++prog) {
    const auto kind = static_cast<ProgramKind>(prog);
    const std::string k = key(kind);
    const std::string label = jmachine::program_label(kind);
    // The runs of this program by size and run index.
    std::vector<const Result*> runs;
    for (const PointResult& pr : partials) {
      if (static_cast<int>(scalar_or(pr.result, "program", -1)) == prog) runs.push_back(&pr.result);
    }
    if (runs.empty()) continue;
    const auto size_of = [](const Result* r) { return static_cast<int>(r->scalar("nodes")); };
    bool all_correct = true;
    for (const Result* r : runs) all_correct = all_correct && r->scalar("correct") == 1;
    push(k + "_correct", all_correct ? 1 : 0, "", label + ": every run's answer is right");
    const int run_count = kind == ProgramKind::kTsp ? p.tsp_runs : 1;
    // Time and speedup per size, per run index.
    for (int run = 0; run < run_count; ++run) {
      const std::string suffix = run_count > 1 ? "_run" + std::to_string(run + 1) : "";
      const std::string run_label = run_count > 1 ? label + " (run " + std::to_string(run + 1) + ")"
                                                  : label;
      Series time{"time_ms_" + k + suffix, run_label, "nodes", "nodes", "run time", "ms", {}, {}};
      Series speed{"speedup_" + k + suffix, run_label, "nodes", "nodes", "speedup", "x", {}, {}};
      double base = -1;
      for (const Result* r : runs) {
        if (static_cast<int>(r->scalar("run")) != run) continue;
        const double ms = r->scalar("cycles") / mhz / 1000;
        if (base < 0) base = ms;
        time.x.push_back(size_of(r));
        time.y.push_back(ms);
        speed.x.push_back(size_of(r));
        speed.y.push_back(ms > 0 ? base / ms : 0);
      }
      if (kind == ProgramKind::kBarrier) {
        Series us{"barrier_us", "J-Machine (simulated)", "nodes", "nodes", "barrier time", "us",
                  {}, {}};
        for (std::size_t i = 0; i < time.x.size(); ++i) {
          us.x.push_back(time.x[i]);
          us.y.push_back(time.y[i] * 1000);
          push("barrier_us_n" + std::to_string(static_cast<int>(time.x[i])), time.y[i] * 1000,
               "us", "Barrier on " + std::to_string(static_cast<int>(time.x[i])) + " nodes");
        }
        out.series.push_back(std::move(us));
        for (int m = 0; m < 4; ++m) {
          Series row{std::string("barrier_paper_") + kBarrierMachines[m],
                     kBarrierLabels[m], "nodes", "nodes", "barrier time", "us", {}, {}};
          const std::vector<double>& values = p.compare.barrier(m);
          for (std::size_t i = 0; i < values.size(); ++i) {
            if (values[i] <= 0) continue;
            row.x.push_back(static_cast<double>(2 << i));
            row.y.push_back(values[i]);
          }
          out.series.push_back(std::move(row));
        }
        continue;
      }
      for (std::size_t i = 0; i < speed.x.size(); ++i) {
        const int n = static_cast<int>(speed.x[i]);
        if (run == 0) {
          push(k + "_speedup_n" + std::to_string(n), speed.y[i], "x",
               label + ": speedup on " + std::to_string(n) + " nodes");
        }
      }
      out.series.push_back(std::move(time));
      out.series.push_back(std::move(speed));
    }
    // Per-size figures of the first run.
    Series handler{k + "_share_handler", "handler entry/exit", "nodes", "nodes", "share of cycles",
                   "fraction", {}, {}};
    Series imbalance{k + "_share_imbalance", "node-0 imbalance", "nodes", "nodes",
                     "share of cycles", "fraction", {}, {}};
    Series skew{k + "_share_skew", "other idle (skew)", "nodes", "nodes", "share of cycles",
                "fraction", {}, {}};
    for (const Result* r : runs) {
      if (static_cast<int>(r->scalar("run")) != 0) continue;
      const std::string n = std::to_string(size_of(r));
      const double x = size_of(r);
      const double imb = scalar_or(*r, "imbalance", 0);
      handler.x.push_back(x);
      handler.y.push_back(r->scalar("share_handler"));
      imbalance.x.push_back(x);
      imbalance.y.push_back(imb);
      skew.x.push_back(x);
      skew.y.push_back(std::max(0.0, r->scalar("share_idle") - imb));
      push(k + "_run_ms_n" + n, r->scalar("cycles") / mhz / 1000, "ms",
           label + ": run time on " + n + " nodes");
      push(k + "_handler_share_n" + n, r->scalar("share_handler"), "fraction",
           label + ": dispatch, prologue and epilogue on " + n + " nodes");
      push(k + "_idle_n" + n, r->scalar("share_idle"), "fraction",
           label + ": idle on " + n + " nodes");
      push(k + "_imbalance_n" + n, scalar_or(*r, "imbalance", 0), "fraction",
           label + ": node 0 busy beyond the others' mean, on " + n + " nodes");
      push(k + "_skew_n" + n,
           std::max(0.0, r->scalar("share_idle") - scalar_or(*r, "imbalance", 0)), "fraction",
           label + ": idle not from node 0's extra work, on " + n + " nodes");
      push(k + "_sync_share_n" + n, r->scalar("share_sync"), "fraction",
           label + ": synchronization on " + n + " nodes");
      push(k + "_queue_faults_n" + n, r->scalar("queue_faults"), "faults",
           label + ": queue-overflow faults on " + n + " nodes");
      push(k + "_send_faults_n" + n, r->scalar("send_faults"), "faults",
           label + ": send faults on " + n + " nodes");
      push(k + "_max_node_send_faults_n" + n, r->scalar("max_node_send_faults"), "faults",
           label + ": the most send faults of one node, on " + n + " nodes");
    }
    if (kind != ProgramKind::kBarrier) {
      out.series.push_back(std::move(handler));
      out.series.push_back(std::move(imbalance));
      out.series.push_back(std::move(skew));
    }
    // Run time by size (first run) for the ratios of successive sizes.
    std::vector<std::pair<int, double>> times;
    for (const Result* r : runs) {
      if (static_cast<int>(r->scalar("run")) == 0) {
        times.emplace_back(size_of(r), r->scalar("cycles"));
      }
    }
    const auto time_at = [&](int n) {
      for (const auto& [size, cycles] : times) {
        if (size == n) return cycles;
      }
      return -1.0;
    };
    // Geometric mean of T(2n)/T(n) from 2 to 64 nodes, and T(128)/T(64).
    double product = 1;
    int doublings = 0;
    for (int n = 2; n < 64; n *= 2) {
      if (time_at(n) > 0 && time_at(2 * n) > 0) {
        product *= time_at(2 * n) / time_at(n);
        ++doublings;
      }
    }
    if (doublings > 0) {
      push(k + "_doubling_ratio_2_64", std::pow(product, 1.0 / doublings), "ratio",
           label + ": run time on 2n nodes over n, geometric mean from 2 to 64 nodes");
    }
    if (time_at(64) > 0 && time_at(128) > 0) {
      push(k + "_doubling_ratio_64_128", time_at(128) / time_at(64), "ratio",
           label + ": run time on 128 nodes over 64");
    }
    // The best speedup per node of any run on up to 16 nodes (above 1: superlinear).
    double best = 0;
    for (const Series& s : out.series) {
      if (s.name.rfind("speedup_" + k, 0) != 0) continue;
      for (std::size_t i = 0; i < s.x.size(); ++i) {
        if (s.x[i] > 1 && s.x[i] <= 16) best = std::max(best, s.y[i] / s.x[i]);
      }
    }
    push(k + "_best_efficiency_upto16", best, "fraction",
         label + ": the highest speedup per node of any run on 2 to 16 nodes");
    // The breakdown run: Fig. 6's shares, Table 4's statistics, the work rates.
    for (const PointResult& pr : partials) {
      const Result& r = pr.result;
      if (static_cast<int>(scalar_or(r, "program", -1)) != prog || r.scalar("run") != 0 ||
          size_of(&r) != p.breakdown_nodes)
        continue;
      for (const char* use : {"compute", "handler", "communication", "sync", "fault", "idle"}) {
        push(k + "_breakdown_" + use, r.scalar(std::string("share_") + use), "fraction",
             label + ": share of all nodes' cycles, " + use);
      }
      push(k + "_answer", r.scalar("answer"), "", label + ": the program's answer");
      push(k + "_messages", r.scalar("messages"), "messages", label + ": messages sent");
      push(k + "_xlates", r.scalar("xlates"), "xlates", label + ": name translations");
      const Series* names = nullptr;
      for (const Series& s : r.series) {
        if (s.name == "thread_names") names = &s;
        if (s.name.rfind("work_rates_", 0) == 0) out.series.push_back(s);
      }
      for (std::size_t t = 0; names && t < names->labels.size(); ++t) {
        const std::string id = "thread" + std::to_string(t);
        const std::string thread = names->labels[t];
        const double threads = r.scalar(id + "_threads");
        const double ins = r.scalar(id + "_instructions");
        const std::string name = k + "_" + thread;
        push(name + "_threads", threads, "threads", label + " " + thread + ": threads");
        push(name + "_kinstr", ins / 1000, "K instructions",
             label + " " + thread + ": instructions");
        push(name + "_instr_per_thread", threads > 0 ? ins / threads : 0, "instructions",
             label + " " + thread + ": instructions per thread");
        push(name + "_msg_words", threads > 0 ? r.scalar(id + "_words") / threads : 0, "words",
             label + " " + thread + ": mean length of the message starting it");
      }
      // The program's own figures (queens_depth, tsp_extensions).
      for (const Scalar& s : r.scalars) {
        if (s.name.rfind(k + "_", 0) == 0) out.scalars.push_back(s);
      }
    }
  }
  // Table 1: one-way overhead against message size, the J-Machine's from its node model (the
  // send's issue and header word at the injection rate, the receiver's dispatch and empty
  // handler, and each word read from the queue at its rate; the sender's words overlap those),
  // the others as the table's Ts + Tb x bytes.
  const NodeCosts& c = p.program.costs;
  const double bytes_per_word = 4;  // 32 data bits of each 36-bit word
  const double eject = p.program.net.eject_words_per_cycle;
  const double inject = p.program.net.inject_words_per_cycle;
  const double j_ts = (c.send_overhead + 1 / inject + c.dispatch + c.suspend + 1 / eject) / mhz;
  const double j_tb = 1 / eject / bytes_per_word / mhz;
  push("overhead_ts_us_jmachine", j_ts, "us", "J-Machine: one-way overhead per message");
  push("overhead_tb_us_jmachine", j_tb, "us/byte", "J-Machine: one-way overhead per byte");
  push("overhead_ts_cycles_jmachine", j_ts * mhz, "cycles",
       "J-Machine: one-way overhead per message, in cycles");
  push("overhead_tb_cycles_jmachine", j_tb * mhz, "cycles/byte",
       "J-Machine: one-way overhead per byte, in cycles");
  std::vector<double> sizes;
  for (double b = 1; b <= 4096; b *= 2) sizes.push_back(b);
  const auto model = [&](const std::string& name, const std::string& label, double ts,
                         double tb) {
    Series s{"overhead_" + name, label, "message size", "bytes", "one-way overhead", "us", {}, {}};
    for (const double b : sizes) {
      s.x.push_back(b);
      s.y.push_back(ts + tb * b);
    }
    out.series.push_back(std::move(s));
  };
  model("jmachine", "J-Machine (node model)", j_ts, j_tb);
  for (std::size_t m = 0; m < std::size(kOverheadKeys); ++m) {
    if (m >= p.compare.ts_us.size() || m >= p.compare.tb_us.size()) break;
    model(kOverheadKeys[m], kOverheadLabels[m], p.compare.ts_us[m], p.compare.tb_us[m]);
  }
  return out;
}

std::vector<OutputSpec> outputs() {
  return {
      scalar_output("*_correct", "", "A program: every run's answer is right"),
      scalar_output("*_speedup_n*", "x", "A program: speedup on N nodes"),
      scalar_output("*_run_ms_n*", "ms", "A program: run time on N nodes"),
      scalar_output("*_handler_share_n*", "fraction",
                    "A program: dispatch, prologue and epilogue on N nodes"),
      scalar_output("*_idle_n*", "fraction", "A program: idle on N nodes"),
      scalar_output("*_imbalance_n*", "fraction",
                    "A program: node N busy beyond the others' mean, on N nodes"),
      scalar_output("*_skew_n*", "fraction",
                    "A program: idle not from node N's extra work, on N nodes"),
      scalar_output("*_sync_share_n*", "fraction", "A program: synchronization on N nodes"),
      scalar_output("*_queue_faults_n*", "faults", "A program: queue-overflow faults on N nodes"),
      scalar_output("*_send_faults_n*", "faults", "A program: send faults on N nodes"),
      scalar_output("*_max_node_send_faults_n*", "faults",
                    "A program: the most send faults of one node, on N nodes"),
      scalar_output("*_doubling_ratio_*_*", "ratio",
                    "A program: run time on 2n nodes over n, geometric mean from N to N nodes"),
      scalar_output("*_best_efficiency_upto*", "fraction",
                    "A program: the highest speedup per node of any run on N to N nodes"),
      scalar_output("*_breakdown_compute", "fraction",
                    "A program: share of all nodes' cycles, compute"),
      scalar_output("*_breakdown_handler", "fraction",
                    "A program: share of all nodes' cycles, handler"),
      scalar_output("*_breakdown_communication", "fraction",
                    "A program: share of all nodes' cycles, communication"),
      scalar_output("*_breakdown_sync", "fraction", "A program: share of all nodes' cycles, sync"),
      scalar_output("*_breakdown_fault", "fraction",
                    "A program: share of all nodes' cycles, fault"),
      scalar_output("*_breakdown_idle", "fraction", "A program: share of all nodes' cycles, idle"),
      scalar_output("*_answer", "", "A program: the program's answer"),
      scalar_output("*_messages", "messages", "A program: messages sent"),
      scalar_output("*_xlates", "xlates", "A program: name translations"),
      scalar_output("*_NxtChar_threads", "threads", "A program NxtChar: threads"),
      scalar_output("*_NxtChar_kinstr", "K instructions", "A program NxtChar: instructions"),
      scalar_output("*_NxtChar_instr_per_thread", "instructions",
                    "A program NxtChar: instructions per thread"),
      scalar_output("*_NxtChar_msg_words", "words",
                    "A program NxtChar: mean length of the message starting it"),
      scalar_output("*_StartUp_threads", "threads", "A program StartUp: threads"),
      scalar_output("*_StartUp_kinstr", "K instructions", "A program StartUp: instructions"),
      scalar_output("*_StartUp_instr_per_thread", "instructions",
                    "A program StartUp: instructions per thread"),
      scalar_output("*_StartUp_msg_words", "words",
                    "A program StartUp: mean length of the message starting it"),
      scalar_output("*_Sort_threads", "threads", "A program Sort: threads"),
      scalar_output("*_Sort_kinstr", "K instructions", "A program Sort: instructions"),
      scalar_output("*_Sort_instr_per_thread", "instructions",
                    "A program Sort: instructions per thread"),
      scalar_output("*_Sort_msg_words", "words",
                    "A program Sort: mean length of the message starting it"),
      scalar_output("*_Write_threads", "threads", "A program Write: threads"),
      scalar_output("*_Write_kinstr", "K instructions", "A program Write: instructions"),
      scalar_output("*_Write_instr_per_thread", "instructions",
                    "A program Write: instructions per thread"),
      scalar_output("*_Write_msg_words", "words",
                    "A program Write: mean length of the message starting it"),
      scalar_output("*_Combine_threads", "threads", "A program Combine: threads"),
      scalar_output("*_Combine_kinstr", "K instructions", "A program Combine: instructions"),
      scalar_output("*_Combine_instr_per_thread", "instructions",
                    "A program Combine: instructions per thread"),
      scalar_output("*_Combine_msg_words", "words",
                    "A program Combine: mean length of the message starting it"),
      scalar_output("*_NQueens_threads", "threads", "A program NQueens: threads"),
      scalar_output("*_NQueens_kinstr", "K instructions", "A program NQueens: instructions"),
      scalar_output("*_NQueens_instr_per_thread", "instructions",
                    "A program NQueens: instructions per thread"),
      scalar_output("*_NQueens_msg_words", "words",
                    "A program NQueens: mean length of the message starting it"),
      scalar_output("*_NQDone_threads", "threads", "A program NQDone: threads"),
      scalar_output("*_NQDone_kinstr", "K instructions", "A program NQDone: instructions"),
      scalar_output("*_NQDone_instr_per_thread", "instructions",
                    "A program NQDone: instructions per thread"),
      scalar_output("*_NQDone_msg_words", "words",
                    "A program NQDone: mean length of the message starting it"),
      scalar_output("*_Expand_threads", "threads", "A program Expand: threads"),
      scalar_output("*_Expand_kinstr", "K instructions", "A program Expand: instructions"),
      scalar_output("*_Expand_instr_per_thread", "instructions",
                    "A program Expand: instructions per thread"),
      scalar_output("*_Expand_msg_words", "words",
                    "A program Expand: mean length of the message starting it"),
      scalar_output("*_depth", "rows", "Rows placed breadth first before the boards are dealt out"),
      scalar_output("*_boards", "boards", "Boards dealt out, one NQueens thread each"),
      scalar_output("*_Search_threads", "threads", "A program Search: threads"),
      scalar_output("*_Search_kinstr", "K instructions", "A program Search: instructions"),
      scalar_output("*_Search_instr_per_thread", "instructions",
                    "A program Search: instructions per thread"),
      scalar_output("*_Search_msg_words", "words",
                    "A program Search: mean length of the message starting it"),
      scalar_output("*_NullCall_threads", "threads", "A program NullCall: threads"),
      scalar_output("*_NullCall_kinstr", "K instructions", "A program NullCall: instructions"),
      scalar_output("*_NullCall_instr_per_thread", "instructions",
                    "A program NullCall: instructions per thread"),
      scalar_output("*_NullCall_msg_words", "words",
                    "A program NullCall: mean length of the message starting it"),
      scalar_output("*_Bound_threads", "threads", "A program Bound: threads"),
      scalar_output("*_Bound_kinstr", "K instructions", "A program Bound: instructions"),
      scalar_output("*_Bound_instr_per_thread", "instructions",
                    "A program Bound: instructions per thread"),
      scalar_output("*_Bound_msg_words", "words",
                    "A program Bound: mean length of the message starting it"),
      scalar_output("*_Balance_threads", "threads", "A program Balance: threads"),
      scalar_output("*_Balance_kinstr", "K instructions", "A program Balance: instructions"),
      scalar_output("*_Balance_instr_per_thread", "instructions",
                    "A program Balance: instructions per thread"),
      scalar_output("*_Balance_msg_words", "words",
                    "A program Balance: mean length of the message starting it"),
      scalar_output("*_extensions", "extensions",
                    "Path extensions over all nodes (the work the bounds left)"),
      scalar_output("*_tasks", "tasks", "Subpath tasks"),
      scalar_output("overhead_ts_us_jmachine", "us", "J-Machine: one-way overhead per message"),
      scalar_output("overhead_tb_us_jmachine", "us/byte", "J-Machine: one-way overhead per byte"),
      scalar_output("overhead_ts_cycles_jmachine", "cycles",
                    "J-Machine: one-way overhead per message, in cycles"),
      scalar_output("overhead_tb_cycles_jmachine", "cycles/byte",
                    "J-Machine: one-way overhead per byte, in cycles"),
      series_output("time_ms_lcs", "ms", "run time against nodes"),
      series_output("speedup_lcs", "x", "speedup against nodes"),
      series_output("*_share_handler", "fraction", "share of cycles against nodes"),
      series_output("*_share_imbalance", "fraction", "share of cycles against nodes"),
      series_output("*_share_skew", "fraction", "share of cycles against nodes"),
      series_output("work_rates_lcs", "fraction", "work rate against node"),
      series_output("time_ms_radix", "ms", "run time against nodes"),
      series_output("speedup_radix", "x", "speedup against nodes"),
      series_output("work_rates_radix", "fraction", "work rate against node"),
      series_output("time_ms_queens", "ms", "run time against nodes"),
      series_output("speedup_queens", "x", "speedup against nodes"),
      series_output("work_rates_queens", "fraction", "work rate against node"),
      series_output("time_ms_tsp_run*", "ms", "run time against nodes"),
      series_output("speedup_tsp_run*", "x", "speedup against nodes"),
      series_output("work_rates_tsp", "fraction", "work rate against node"),
      series_output("overhead_jmachine", "us", "one-way overhead against message size"),
      series_output("overhead_ncube*_vendor", "us", "one-way overhead against message size"),
      series_output("overhead_cm*_vendor", "us", "one-way overhead against message size"),
      series_output("overhead_delta_vendor", "us", "one-way overhead against message size"),
      series_output("overhead_ncube*_am", "us", "one-way overhead against message size"),
      series_output("overhead_cm*_am", "us", "one-way overhead against message size"),
      scalar_output("*_us_n*", "us", "A program on N nodes"),
      scalar_output("*_Barrier_threads", "threads", "A program Barrier: threads"),
      scalar_output("*_Barrier_kinstr", "K instructions", "A program Barrier: instructions"),
      scalar_output("*_Barrier_instr_per_thread", "instructions",
                    "A program Barrier: instructions per thread"),
      scalar_output("*_Barrier_msg_words", "words",
                    "A program Barrier: mean length of the message starting it"),
      scalar_output("*_Wave_threads", "threads", "A program Wave: threads"),
      scalar_output("*_Wave_kinstr", "K instructions", "A program Wave: instructions"),
      scalar_output("*_Wave_instr_per_thread", "instructions",
                    "A program Wave: instructions per thread"),
      scalar_output("*_Wave_msg_words", "words",
                    "A program Wave: mean length of the message starting it"),
      series_output("*_us", "us", "barrier time against nodes"),
      series_output("*_paper_em*", "us", "barrier time against nodes"),
      series_output("*_paper_ksr", "us", "barrier time against nodes"),
      series_output("*_paper_ipsc*", "us", "barrier time against nodes"),
      series_output("*_paper_delta", "us", "barrier time against nodes"),
      series_output("work_rates_barrier", "fraction", "work rate against node"),
      series_output("time_ms_tsp", "ms", "run time against nodes"),
      series_output("speedup_tsp", "x", "speedup against nodes"),
  };
}

}  // namespace

ModelInfo jmachine_programs_info() {
  return sweep_model_info(
      "jmachine_programs", "J-Machine: programs on the MDPs",
      "The barrier, LCS, radix sort, N-queens and TSP run on simulated MDPs over the 3-D mesh, "
      "each over machine sizes (Table 3, Figs. 5-6, Tables 4-5).",
      kCitation, table(), outputs(),
      [](const Params& p) {
        const int largest = *std::max_element(p.nodes.begin(), p.nodes.end());
        const KNCube mesh(jmachine::mesh_dims(largest), false);
        return std::vector<NetworkMap>{describe_network(mesh, "network", "network", largest)};
      },
      [](const Params& p) {
        std::vector<double> w;
        for (const Point& pt : plan(p)) w.push_back(1.0 + pt.nodes / 64.0);
        return w;
      },
      [](const Params& p, Rng rng, std::size_t index) {
        return std::make_unique<PointModel>(p, rng, plan(p)[index]);
      },
      combine);
}

}  // namespace archex
