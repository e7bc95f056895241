#include "machines/jmachine/experiments/programs_combine.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <string>
#include <utility>

#include "machines/jmachine/experiments/programs_outputs.h"

namespace archex::jmachine {

namespace {

std::string key(ProgramKind kind) { return program_key(kind); }

// A finished run with its place in the plan.
struct Run {
  const Point& at;
  const RunRecord& record;
  const Result& outputs;
};

}  // namespace

Result combine_programs(const ProgramsParams& p,
                        const std::vector<PointRecord<RunRecord>>& finished) {
  const std::vector<Point> points = plan(p);
  Result out;
  const double mhz = p.program.net.clock_mhz;
  const auto push = [&](Scalar s) { out.scalars.push_back(std::move(s)); };
  for (int prog = 0; prog < static_cast<int>(ProgramKind::kCount); ++prog) {
    const auto kind = static_cast<ProgramKind>(prog);
    const std::string k = key(kind);
    const std::string label = program_label(kind);
    // The runs of this program by size and run index.
    std::vector<Run> runs;
    for (const PointRecord<RunRecord>& f : finished) {
      if (points.at(f.point).kind == kind) runs.push_back({points[f.point], f.record, f.outputs});
    }
    if (runs.empty()) continue;
    bool all_correct = true;
    for (const Run& r : runs) all_correct = all_correct && r.record.correct;
    push(kCorrect({k}, all_correct ? 1 : 0, label + ": every run's answer is right"));
    const int run_count = kind == ProgramKind::kTsp ? p.tsp_runs : 1;
    // The best speedup per node of any run on 2 to 16 nodes (above 1: superlinear).
    double best = 0;
    // Time and speedup per size, per run index.
    for (int run = 0; run < run_count; ++run) {
      const std::string item = run_count > 1 ? k + "_run" + std::to_string(run + 1) : k;
      const std::string run_label = run_count > 1 ? label + " (run " + std::to_string(run + 1) + ")"
                                                  : label;
      Series time = kTime({item}, run_label, "nodes", "nodes", "run time");
      Series speed = kSpeedup({item}, run_label, "nodes", "nodes", "speedup");
      double base = -1;
      for (const Run& r : runs) {
        if (r.at.run != run) continue;
        const double ms = r.record.cycles / mhz / 1000;
        if (base < 0) base = ms;
        time.x.push_back(r.at.nodes);
        time.y.push_back(ms);
        speed.x.push_back(r.at.nodes);
        speed.y.push_back(ms > 0 ? base / ms : 0);
      }
      if (kind == ProgramKind::kBarrier) {
        Series us = kBarrierUs("J-Machine (simulated)", "nodes", "nodes", "barrier time");
        for (std::size_t i = 0; i < time.x.size(); ++i) {
          us.x.push_back(time.x[i]);
          us.y.push_back(time.y[i] * 1000);
          const std::string n = std::to_string(static_cast<int>(time.x[i]));
          push(kBarrierUsOn({n}, time.y[i] * 1000, "Barrier on " + n + " nodes"));
        }
        out.series.push_back(std::move(us));
        for (int m = 0; m < 4; ++m) {
          Series row =
              kBarrierPaper({kBarrierMachines[m]}, kBarrierLabels[m], "nodes", "nodes",
                            "barrier time");
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
          push(kSpeedupOn({k, std::to_string(n)}, speed.y[i],
                          label + ": speedup on " + std::to_string(n) + " nodes"));
        }
        if (n > 1 && n <= 16) best = std::max(best, speed.y[i] / speed.x[i]);
      }
      out.series.push_back(std::move(time));
      out.series.push_back(std::move(speed));
    }
    // Per-size figures of the first run.
    Series handler =
        kShareHandler({k}, "handler entry/exit", "nodes", "nodes", "share of cycles");
    Series imbalance =
        kShareImbalance({k}, "node-0 imbalance", "nodes", "nodes", "share of cycles");
    Series skew = kShareSkew({k}, "other idle (skew)", "nodes", "nodes", "share of cycles");
    const auto share = [](const RunRecord& r, Use use) {
      return r.shares.at(static_cast<std::size_t>(use));
    };
    for (const Run& r : runs) {
      if (r.at.run != 0) continue;
      const std::string n = std::to_string(r.at.nodes);
      const double x = r.at.nodes;
      const double imb = r.record.imbalance;
      const double idle = share(r.record, Use::kCount);
      handler.x.push_back(x);
      handler.y.push_back(share(r.record, Use::kHandler));
      imbalance.x.push_back(x);
      imbalance.y.push_back(imb);
      skew.x.push_back(x);
      skew.y.push_back(std::max(0.0, idle - imb));
      const std::string on = " on " + n + " nodes";
      push(kRunMsOn({k, n}, r.record.cycles / mhz / 1000, label + ": run time" + on));
      push(kHandlerShareOn({k, n}, share(r.record, Use::kHandler),
                           label + ": dispatch, prologue and epilogue" + on));
      push(kIdleOn({k, n}, idle, label + ": idle" + on));
      push(kImbalanceOn({k, n}, imb, label + ": node 0 busy beyond the others' mean," + on));
      push(kSkewOn({k, n}, std::max(0.0, idle - imb),
                   label + ": idle not from node 0's extra work," + on));
      push(kSyncShareOn({k, n}, share(r.record, Use::kSync), label + ": synchronization" + on));
      push(kQueueFaultsOn({k, n}, r.record.queue_faults, label + ": queue-overflow faults" + on));
      push(kSendFaultsOn({k, n}, r.record.send_faults, label + ": send faults" + on));
      push(kMaxNodeSendFaultsOn({k, n}, r.record.max_node_send_faults,
                                label + ": the most send faults of one node," + on));
      if (r.record.send_faults > 0) {
        push(kFaultPeakRatioOn({k, n}, r.record.max_node_send_faults * x / r.record.send_faults,
                               label + ": the most send faults of one node over the mean," + on));
      }
    }
    if (kind != ProgramKind::kBarrier) {
      out.series.push_back(std::move(handler));
      out.series.push_back(std::move(imbalance));
      out.series.push_back(std::move(skew));
    }
    // Run time by size (first run) for the ratios of successive sizes.
    std::vector<std::pair<int, double>> times;
    for (const Run& r : runs) {
      if (r.at.run == 0) times.emplace_back(r.at.nodes, r.record.cycles);
    }
    const auto time_at = [&](int n) {
      for (const auto& [size, cycles] : times) {
        if (size == n) return cycles;
      }
      return -1.0;
    };
    // Geometric mean of T(2n)/T(n) from 2 to 64 nodes, then T(128)/T(64), where the bisection
    // stays the same, and T(256)/T(128), where it doubles again.
    double product = 1;
    int doublings = 0;
    for (int n = 2; n < 64; n *= 2) {
      if (time_at(n) > 0 && time_at(2 * n) > 0) {
        product *= time_at(2 * n) / time_at(n);
        ++doublings;
      }
    }
    if (doublings > 0) {
      push(kDoublingRatio({k, "2", "64"}, std::pow(product, 1.0 / doublings),
                          label + ": run time on 2n nodes over n, geometric mean from 2 to 64 "
                                  "nodes"));
    }
    for (const auto& [from, to] : {std::pair{"64", "128"}, std::pair{"128", "256"}}) {
      const double before = time_at(std::stoi(from));
      const double after = time_at(std::stoi(to));
      if (before > 0 && after > 0) {
        push(kDoublingRatio({k, from, to}, after / before,
                            label + ": run time on " + to + " nodes over " + from));
      }
    }
    push(kBestEfficiencyUpTo({k, "16"}, best,
                             label + ": the highest speedup per node of any run on 2 to 16 nodes"));
    // The breakdown run: Fig. 6's shares, Table 4's statistics, the work rates.
    for (const Run& run : runs) {
      if (run.at.run != 0 || run.at.nodes != p.breakdown_nodes) continue;
      const RunRecord& r = run.record;
      for (std::size_t u = 0; u < std::size(kUses); ++u) {
        push(kBreakdown[u]({k}, r.shares.at(u),
                           label + ": share of all nodes' cycles, " + kUses[u]));
      }
      push(kAnswer({k}, r.answer, label + ": the program's answer"));
      push(kMessagesSent({k}, r.messages, label + ": messages sent"));
      push(kXlates({k}, r.xlates, label + ": name translations"));
      // The run's own outputs: its work rates, and the program's figures (queens_depth,
      // tsp_extensions).
      out.series.insert(out.series.end(), run.outputs.series.begin(), run.outputs.series.end());
      const std::vector<std::string>& threads = program_threads(kind);
      for (std::size_t t = 0; t < threads.size(); ++t) {
        const double count = r.threads.at(t);
        const double ins = r.instructions.at(t);
        const double values[] = {count, ins / 1000, count > 0 ? ins / count : 0,
                                 count > 0 ? r.words.at(t) / count : 0};
        static_assert(std::size(values) == std::size(kThreadFigures));
        for (std::size_t f = 0; f < std::size(values); ++f) {
          const ThreadFigure& figure = kThreadFigures[f];
          push(figure(k, threads[t], values[f], label + " " + threads[t] + ": " + figure.meaning));
        }
      }
      out.scalars.insert(out.scalars.end(), run.outputs.scalars.begin(),
                         run.outputs.scalars.end());
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
  push(kOverheadTsUs(j_ts));
  push(kOverheadTbUs(j_tb));
  push(kOverheadTsCycles(j_ts * mhz));
  push(kOverheadTbCycles(j_tb * mhz));
  std::vector<double> sizes;
  for (double b = 1; b <= 4096; b *= 2) sizes.push_back(b);
  const auto model = [&](const std::string& name, const std::string& label, double ts,
                         double tb) {
    Series s = kOverhead({name}, label, "message size", "bytes", "one-way overhead");
    for (const double b : sizes) {
      s.x.push_back(b);
      s.y.push_back(ts + tb * b);
    }
    out.series.push_back(std::move(s));
  };
  model(kOwnOverheadKey, "J-Machine (node model)", j_ts, j_tb);
  for (std::size_t m = 0; m < std::size(kOverheadKeys); ++m) {
    if (m >= p.compare.ts_us.size() || m >= p.compare.tb_us.size()) break;
    model(kOverheadKeys[m], kOverheadLabels[m], p.compare.ts_us[m], p.compare.tb_us[m]);
  }
  return out;
}

}  // namespace archex::jmachine
