#include "machines/multipsi/experiments/queens_run.h"

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/result.h"
#include "core/trace.h"
#include "machines/multipsi/experiments/queens_outputs.h"

namespace archex::fghc {

namespace {

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

Series values(const SeriesOutput& out, std::vector<double> y,
              std::vector<std::string> labels = {}) {
  const std::string name = out.name();
  Series s = out(name, "index", "index", name);
  s.y = std::move(y);
  s.labels = std::move(labels);
  for (std::size_t i = 0; i < s.y.size(); ++i) s.x.push_back(static_cast<double>(i));
  return s;
}

// Busy shares per PE and time bin: "reducing" and "communicating".
Timeline timeline(const Machine& m, int bins) {
  Timeline t;
  t.name = kTimeline.name();
  t.label = "PEs";
  t.time_unit = kTimeline.unit();
  t.states = {"reducing", "communicating"};
  const double end = m.end_ms();
  const double width = end > 0 ? end / bins : 1;
  for (int b = 0; b <= bins; ++b) t.edges.push_back(b * width / 1000);
  for (int i = 0; i < m.pes(); ++i) {
    t.rows.push_back("PE " + std::to_string(i + 1));
    std::vector<double> reduce(static_cast<std::size_t>(bins), 0.0);
    std::vector<double> comm(static_cast<std::size_t>(bins), 0.0);
    for (const Interval& iv : m.pe(i).timeline) {
      auto& into = iv.what == Activity::reducing ? reduce : comm;
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

// One run of the sweep: one program, grain and PE count on the machine.
class QueensRun final : public RecordPoint<QueensRecord> {
 public:
  QueensRun(const QueensParams& p, std::size_t index)
      : RecordPoint(queens_record()), bins_(p.timeline_bins) {
    const QueensPlan plan(p);
    std::tie(grain_, pes_) = plan.runs[index];
    selected_ = grain_ == plan.selected && pes_ == p.pes;
    program_ = make_queens(p.program, p.queens, pes_, grain_);
    machine_ =
        std::make_unique<Machine>(*program_, pes_, p.mesh_columns, p.costs, selected_);
  }

  // One unit of work is one event of the machine.
  bool advance(std::uint64_t budget) override {
    if (!machine_) return true;
    if (machine_->advance(budget)) finish();
    return !machine_;
  }

  double progress() const override { return machine_ ? 0 : 1; }
  bool attach_trace(TraceRecorder& recorder) override {
    recorder.set_nodes(pes_);
    machine_->record(recorder);
    return true;
  }

 private:
  void finish() {
    const Machine& m = *machine_;
    const double time_ms = m.end_ms();
    QueensRecord record;
    record.reductions = static_cast<double>(m.reductions());
    record.suspensions = static_cast<double>(m.suspensions());
    record.builtin_calls = static_cast<double>(m.builtin_calls());
    record.solutions = static_cast<double>(m.solutions());
    record.time_ms = time_ms;
    for (int k = 0; k < kMessageKinds; ++k) {
      record.messages.push_back(static_cast<double>(m.messages(static_cast<MessageKind>(k))));
    }
    for (int i = 0; i < m.pes(); ++i) {
      const PeStats& s = m.pe(i);
      record.work_rate.push_back(time_ms > 0 ? (s.reduce_ms + s.comm_ms) / time_ms : 0);
      record.reduce_share.push_back(time_ms > 0 ? s.reduce_ms / time_ms : 0);
    }
    Result own;
    if (selected_) {
      std::vector<double> counts;
      std::vector<std::string> names;
      for (int i = 0; i < program_->predicates(); ++i) {
        names.emplace_back(program_->predicate_name(i));
        counts.push_back(static_cast<double>(m.reductions_by_predicate()[static_cast<std::size_t>(i)]));
      }
      own.series.push_back(values(kRunByPredicate, std::move(counts), std::move(names)));
      own.timelines.push_back(timeline(m, bins_));
    }
    machine_.reset();
    program_.reset();
    RecordPoint::finish(std::move(record), std::move(own));
  }

  int bins_;
  int grain_ = 0;
  int pes_ = 0;
  bool selected_ = false;
  std::unique_ptr<Program> program_;
  std::unique_ptr<Machine> machine_;
};

}  // namespace

QueensPlan::QueensPlan(const QueensParams& p) {
  const bool p1 = p.program == QueensProgram::program1;
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

std::vector<double> QueensPlan::weights() const {
  std::vector<double> w;
  for (const auto& run : runs) w.push_back(1.0 + run.second);
  return w;
}

const RecordTable<QueensRecord>& queens_record() {
  static const RecordTable<QueensRecord> table = RecordTable<QueensRecord>()
                                                     .add(&QueensRecord::reductions)
                                                     .add(&QueensRecord::suspensions)
                                                     .add(&QueensRecord::builtin_calls)
                                                     .add(&QueensRecord::solutions)
                                                     .add(&QueensRecord::time_ms)
                                                     .add(&QueensRecord::messages)
                                                     .add(&QueensRecord::work_rate)
                                                     .add(&QueensRecord::reduce_share);
  return table;
}

std::unique_ptr<Model> queens_run(const QueensParams& p, Rng, std::size_t index) {
  return std::make_unique<QueensRun>(p, index);
}

}  // namespace archex::fghc
