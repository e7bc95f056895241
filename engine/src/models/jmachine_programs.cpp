#include "models/jmachine_programs.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "jmachine/program.h"

namespace archex {

namespace {

using jmachine::ProgramKind;
using jmachine::ProgramParams;
using jmachine::ProgramRun;
using jmachine::ProgramRunner;
using jmachine::Use;

const char* const kCitation =
    "M. D. Noakes, D. A. Wallach, W. J. Dally, The J-Machine Multicomputer: An Architectural "
    "Evaluation, ISCA 1993, sections 2, 3.2 and 4";

struct Params {
  ProgramParams program;
  std::vector<int> programs;
  std::vector<int> nodes;
  int breakdown_nodes;
  int tsp_runs;
};

ParamSpec whole(const char* name, const char* label, const char* unit, double value, double min,
                double max, const char* description) {
  return number_spec(name, label, unit, value, min, max, 1, true, description);
}

ParamTable<Params> table() {
  ParamTable<Params> t;
  t.include(&Params::program, jmachine::program_table());
  t.add(&Params::programs,
        list_spec(whole("programs", "Programs", "", 1, 0, 4,
                        "0 barrier, 1 LCS, 2 radix sort, 3 N-queens, 4 TSP."),
                  5, {1, 2, 3, 4}))
      .add(&Params::nodes,
           list_spec(whole("nodes", "Machine sizes", "nodes", 64, 1, 4096,
                           "Nodes of each run (powers of two); one point each."),
                     13, {1, 2, 4, 8, 16, 32, 64, 128, 256, 512}))
      .add(&Params::breakdown_nodes,
           whole("breakdown_nodes", "Breakdown machine", "nodes", 64, 1, 4096,
                 "The machine size whose run gives the breakdown and the statistics."))
      .add(&Params::tsp_runs,
           whole("tsp_runs", "TSP: runs per size", "runs", 3, 1, 10,
                 "Runs of TSP per machine size, each with its own seed (the bounds arrive in "
                 "another order)."));
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
    jmachine::mesh_dims(point.nodes);
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
  double progress() const override { return ready_ ? 1 : 0.5; }
  Result result() const override { return partial_; }

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
    for (const Result* r : runs) {
      if (static_cast<int>(r->scalar("run")) != 0) continue;
      const std::string n = std::to_string(size_of(r));
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
  return out;
}

}  // namespace

ModelInfo jmachine_programs_info() {
  return sweep_model_info(
      "jmachine_programs", "J-Machine: programs on the MDPs",
      "The barrier, LCS, radix sort, N-queens and TSP run on simulated MDPs over the 3-D mesh, "
      "each over machine sizes (Table 3, Figs. 5-6, Tables 4-5).",
      kCitation, table(),
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
