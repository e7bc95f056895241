#include "machines/jmachine/experiments/programs_point.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <utility>
#include <vector>

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
               program_label(point_.kind),
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

  ProgramsParams params_;
  Point point_;
  std::unique_ptr<ProgramRunner> runner_;
  bool ready_ = false;
  std::vector<std::string> labels_;
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
