#include "machines/jmachine/experiments/programs_point.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/trace.h"
#include "machines/jmachine/experiments/programs_outputs.h"

namespace archex::jmachine {

namespace {

std::string key(ProgramKind kind) { return program_key(kind); }

// One run: its record, and its own outputs (the program's figures, a first run's work rates).
class PointModel final : public RecordPoint<RunRecord> {
 public:
  PointModel(const ProgramsParams& p, Rng rng, const Point& point)
      : RecordPoint(run_record()), params_(p), point_(point) {
    runner_ = std::make_unique<ProgramRunner>(point.kind, params_.program, point.nodes, rng);
  }

  // One unit of work is one step of the machine: a cycle, or a jump over cycles in which nothing
  // happens.
  bool advance(std::uint64_t budget) override {
    if (runner_->advance(budget) && !finished()) build();
    return finished();
  }
  double progress() const override {
    return finished() ? 1 : std::min(0.99, runner_->progress());
  }
  bool attach_trace(TraceRecorder& recorder) override {
    recorder.set_nodes(point_.nodes);
    runner_->record(recorder);
    return true;
  }

 private:
  void build() {
    const ProgramRun& r = runner_->result();
    RunRecord out;
    const double n = r.nodes;
    out.cycles = r.cycles;
    out.correct = r.correct;
    out.answer = r.answer;
    out.queue_faults = static_cast<double>(r.queue_faults);
    out.send_faults = static_cast<double>(r.send_faults);
    out.max_node_send_faults = static_cast<double>(r.max_node_send_faults);
    out.messages = static_cast<double>(r.messages);
    out.xlates = r.xlates;
    // Shares of all nodes' cycles, by use, then idle.
    double total = r.cycles * n;
    for (int u = 0; u < static_cast<int>(Use::kCount); ++u) {
      double sum = 0;
      for (const auto& node : r.uses) sum += node[static_cast<std::size_t>(u)];
      out.shares.push_back(total > 0 ? sum / total : 0);
    }
    double idle = 0;
    for (const double i : r.idle) idle += i;
    out.shares.push_back(total > 0 ? idle / total : 0);
    // LCS's node-0 imbalance: the cycles node 0 is busy beyond the others' mean, over the run.
    if (r.nodes > 1 && r.cycles > 0) {
      const auto busy = [&](std::size_t node) { return r.cycles - r.idle[node]; };
      double others = 0;
      for (std::size_t i = 1; i < r.idle.size(); ++i) others += busy(i);
      others /= static_cast<double>(r.idle.size() - 1);
      out.imbalance = std::max(0.0, busy(0) - others) / r.cycles;
    }
    for (const ThreadCount& c : r.threads) {
      out.threads.push_back(static_cast<double>(c.threads));
      out.instructions.push_back(c.instructions);
      out.words.push_back(c.message_words);
    }
    Result own;
    own.scalars = r.extras;
    // Every size's first run keeps its per-node work rates, so the breakdown's machine can be any
    // of them without a run (the combine shows the one chosen).
    if (point_.run == 0) {
      Series w = kWorkRates({key(point_.kind)}, program_label(point_.kind), "node", "index",
                            "work rate");
      for (std::size_t i = 0; i < r.idle.size(); ++i) {
        w.x.push_back(static_cast<double>(i));
        w.y.push_back(r.cycles > 0 ? 1 - r.idle[i] / r.cycles : 0);
      }
      own.series.push_back(std::move(w));
    }
    runner_.reset();
    finish(std::move(out), std::move(own));
  }

  ProgramsParams params_;
  Point point_;
  std::unique_ptr<ProgramRunner> runner_;
};

}  // namespace

std::vector<Point> plan(const ProgramsParams& p) {
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

const RecordTable<RunRecord>& run_record() {
  static const RecordTable<RunRecord> table = RecordTable<RunRecord>()
                                                  .add(&RunRecord::cycles)
                                                  .add(&RunRecord::correct)
                                                  .add(&RunRecord::answer)
                                                  .add(&RunRecord::queue_faults)
                                                  .add(&RunRecord::send_faults)
                                                  .add(&RunRecord::max_node_send_faults)
                                                  .add(&RunRecord::messages)
                                                  .add(&RunRecord::xlates)
                                                  .add(&RunRecord::shares)
                                                  .add(&RunRecord::imbalance)
                                                  .add(&RunRecord::threads)
                                                  .add(&RunRecord::instructions)
                                                  .add(&RunRecord::words);
  return table;
}

std::unique_ptr<Model> programs_point(const ProgramsParams& p, Rng rng, std::size_t index) {
  return std::make_unique<PointModel>(p, rng, plan(p)[index]);
}

}  // namespace archex::jmachine
