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

// One run; its partial result holds the run's figures as scalars (and the per-node work rates).
class PointModel final : public Model {
 public:
  PointModel(const ProgramsParams& p, Rng rng, const Point& point) : params_(p), point_(point) {
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
    recorder.set_nodes(point_.nodes);
    runner_->record(recorder);
    return true;
  }

 private:
  void build() {
    const ProgramRun& r = runner_->result();
    Result& out = partial_;
    const double n = r.nodes;
    const auto add = [&](const ScalarOutput& output, double value) {
      out.scalars.push_back(output(value));
    };
    add(kRunProgram, static_cast<double>(point_.kind));
    add(kRunNodes, n);
    add(kRunIndex, point_.run);
    add(kRunCycles, r.cycles);
    add(kRunCorrect, r.correct ? 1 : 0);
    add(kRunAnswer, r.answer);
    add(kRunQueueFaults, static_cast<double>(r.queue_faults));
    add(kRunSendFaults, static_cast<double>(r.send_faults));
    add(kRunMaxNodeSendFaults, static_cast<double>(r.max_node_send_faults));
    add(kRunMessages, static_cast<double>(r.messages));
    add(kRunXlates, r.xlates);
    // Shares of all nodes' cycles, by use, then idle.
    double total = r.cycles * n;
    for (int u = 0; u < static_cast<int>(Use::kCount); ++u) {
      double sum = 0;
      for (const auto& node : r.uses) sum += node[static_cast<std::size_t>(u)];
      add(kRunShare[u], total > 0 ? sum / total : 0);
    }
    double idle = 0;
    for (const double i : r.idle) idle += i;
    add(kRunShare[static_cast<int>(Use::kCount)], total > 0 ? idle / total : 0);
    // LCS's node-0 imbalance: the cycles node 0 is busy beyond the others' mean, over the run.
    if (r.nodes > 1 && r.cycles > 0) {
      const auto busy = [&](std::size_t node) { return r.cycles - r.idle[node]; };
      double others = 0;
      for (std::size_t i = 1; i < r.idle.size(); ++i) others += busy(i);
      others /= static_cast<double>(r.idle.size() - 1);
      add(kRunImbalance, std::max(0.0, busy(0) - others) / r.cycles);
    }
    // Per thread kind, in program_threads()' order.
    for (std::size_t k = 0; k < r.threads.size(); ++k) {
      const auto& c = r.threads[k];
      const std::string id = std::to_string(k);
      out.scalars.push_back(kRunThreads({id}, static_cast<double>(c.threads)));
      out.scalars.push_back(kRunInstructions({id}, c.instructions));
      out.scalars.push_back(kRunWords({id}, c.message_words));
    }
    out.scalars.insert(out.scalars.end(), r.extras.begin(), r.extras.end());
    // Every size's first run keeps its per-node work rates, so the breakdown's machine can be any
    // of them without a run (the combine shows the one chosen).
    if (point_.run == 0) {
      Series w = kWorkRates({key(point_.kind)}, program_label(point_.kind), "node", "index",
                            "work rate");
      for (std::size_t i = 0; i < r.idle.size(); ++i) {
        w.x.push_back(static_cast<double>(i));
        w.y.push_back(r.cycles > 0 ? 1 - r.idle[i] / r.cycles : 0);
      }
      out.series.push_back(std::move(w));
    }
    runner_.reset();
  }

  ProgramsParams params_;
  Point point_;
  std::unique_ptr<ProgramRunner> runner_;
  bool ready_ = false;
  Result partial_;
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

std::unique_ptr<Model> programs_point(const ProgramsParams& p, Rng rng, std::size_t index) {
  return std::make_unique<PointModel>(p, rng, plan(p)[index]);
}

}  // namespace archex::jmachine
