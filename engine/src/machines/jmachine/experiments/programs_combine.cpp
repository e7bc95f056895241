#include "machines/jmachine/experiments/programs_combine.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <utility>

namespace archex::jmachine {

namespace {

std::string key(ProgramKind kind) { return program_key(kind); }

double scalar_or(const Result& r, const std::string& name, double fallback) {
  for (const Scalar& s : r.scalars) {
    if (s.name == name) return s.value;
  }
  return fallback;
}

}  // namespace

Result combine_programs(const ProgramsParams& p, const std::vector<PointResult>& partials) {
  Result out;
  const double mhz = p.program.net.clock_mhz;
  const auto push = [&](std::string name, double value, const char* unit, std::string what) {
    out.scalars.push_back({std::move(name), value, unit, std::move(what)});
  };
  for (int prog = 0; prog < static_cast<int>(ProgramKind::kCount); ++prog) {
    const auto kind = static_cast<ProgramKind>(prog);
    const std::string k = key(kind);
    const std::string label = program_label(kind);
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
        const double values[] = {threads, ins / 1000, threads > 0 ? ins / threads : 0,
                                 threads > 0 ? r.scalar(id + "_words") / threads : 0};
        static_assert(std::size(values) == std::size(kThreadFigures));
        for (std::size_t f = 0; f < std::size(values); ++f) {
          const ThreadFigure& figure = kThreadFigures[f];
          push(name + "_" + figure.suffix, values[f], figure.unit,
               label + " " + thread + ": " + figure.meaning);
        }
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

}  // namespace archex::jmachine
