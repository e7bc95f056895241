#include "machines/transputer/programs/farm.h"

#include <algorithm>
#include <deque>
#include <utility>
#include <vector>

#include "machines/transputer/machine.h"

namespace archex::transputer {

class Farm::Impl {
 public:
  Impl(const FarmParams& p, bool t9000, int workers, std::vector<std::int64_t> rows,
       FarmEvents* trace)
      : p_(p),
        workers_(workers),
        rows_(std::move(rows)),
        state_(static_cast<std::size_t>(workers + 1)),
        trace_(trace) {
    const Cpu& cpu = t9000 ? p.t9000.cpu : p.t805.cpu;
    const Loop& loop = t9000 ? p.t9000_loop : p.t805_loop;
    iteration_ns_ = cpu.cycles_ns(fp_cycles(cpu, loop));
    if (t9000) {
      auto t9 = std::make_unique<T9000Net>(p.t9000, c104_network(workers + 1, 0),
                                           events_);
      nodes_ = &t9->nodes();
      net_ = std::move(t9);
    } else {
      // The master's four links lead to four workers; each worker links to up to three more.
      std::vector<std::pair<int, int>> links;
      for (int w = 1; w <= workers; ++w) links.push_back({w <= 4 ? 0 : (w - 5) / 3 + 1, w});
      auto t8 = std::make_unique<T805Net>(p.t805, workers + 1, links, events_);
      nodes_ = &t8->nodes();
      net_ = std::move(t8);
    }
    nodes_->on_software = [this](int node, Time start, double ns) {
      if (trace_) trace_->software.push_back({node, start, start + ns});
      preempt(node, start, ns);
    };
    for (int round = 0; round < 2; ++round) {
      for (int w = 1; w <= workers && next_ < static_cast<int>(rows_.size()); ++w) {
        todo_.push_back({w, next_++});
      }
    }
    master_next(0);
  }

  // One event; true once every row is back at the master.
  bool step() { return !events_.step(); }
  double time_ms() const { return end_ / 1e6; }
  std::vector<double> work_rates() const {
    std::vector<double> w;
    for (int k = 1; k <= workers_; ++k) w.push_back(state_[static_cast<std::size_t>(k)].computed / end_);
    return w;
  }

 private:
  struct Worker {
    std::deque<int> inbox;
    bool busy = false;
    Time compute_start = 0;
    Time compute_end = -1;
    // Software booked on the transputer outside a computation, in the order it runs.
    std::vector<std::pair<Time, Time>> booked;
    double computed = 0;
  };

  void master_next(Time t) {
    if (todo_.empty()) {
      master_idle_ = true;
      return;
    }
    master_idle_ = false;
    const auto [w, row] = todo_.front();
    todo_.pop_front();
    const std::size_t id = sent(0, w, p_.item_bytes, false, t);
    p4_send(
        *net_, p_.p4, 0, w, p_.item_bytes, t,
        [this, w = w, row = row, id](Time d) {
          delivered(id, d);
          arrive(w, row, d);
        },
        [this](Time f) { master_next(f); });
  }

  void arrive(int w, int row, Time t) {
    Worker& k = state_[static_cast<std::size_t>(w)];
    k.inbox.push_back(row);
    if (!k.busy) events_.at(t, [this, w, t] { compute(w, t); });
  }

  void compute(int w, Time t) {
    Worker& k = state_[static_cast<std::size_t>(w)];
    if (k.busy || k.inbox.empty()) return;
    const int row = k.inbox.front();
    k.inbox.pop_front();
    k.busy = true;
    k.compute_start = t;
    const double ns = static_cast<double>(rows_[static_cast<std::size_t>(row)]) * iteration_ns_;
    k.computed += ns;
    k.compute_end = t + ns;
    // Software booked before it began that runs while it would holds it back as well.
    std::vector<std::pair<Time, Time>> later;
    for (const auto& [start, end] : k.booked) {
      if (end <= t) continue;
      if (start < k.compute_end) k.compute_end += end - std::max(start, t);
      else later.push_back({start, end});
    }
    k.booked = std::move(later);
    schedule_end(w);
  }

  // The computation's end, checked when it comes: communication software that ran meanwhile
  // has pushed it back.
  void schedule_end(int w) {
    events_.at(state_[static_cast<std::size_t>(w)].compute_end, [this, w] {
      Worker& k = state_[static_cast<std::size_t>(w)];
      if (events_.now() < k.compute_end) {
        schedule_end(w);
        return;
      }
      k.compute_end = -1;
      const Time done = events_.now();
      if (trace_) trace_->computing.push_back({w, k.compute_start, done});
      const int bytes = p_.result_bytes_per_pixel * p_.image.width;
      const std::size_t id = sent(w, 0, bytes, true, done);
      p4_send(
          *net_, p_.p4, w, 0, bytes, done,
          [this, w, id](Time d) {
            delivered(id, d);
            result(w, d);
          },
          [this, w](Time f) {
            state_[static_cast<std::size_t>(w)].busy = false;
            events_.at(f, [this, w, f] { compute(w, f); });
          });
    });
  }

  // Communication software runs at high priority: a computation under way waits for it; one
  // that starts later waits for what is booked to run then.
  void preempt(int node, Time start, double ns) {
    if (node == 0) return;
    Worker& k = state_[static_cast<std::size_t>(node)];
    if (k.busy && k.compute_end >= 0 && start < k.compute_end) k.compute_end += ns;
    else k.booked.push_back({start, start + ns});
  }

  // A message leaving, for the trace: its number there.
  std::size_t sent(int from, int to, int bytes, bool result, Time t) {
    if (!trace_) return 0;
    trace_->messages.push_back({from, to, bytes, result, t, t});
    return trace_->messages.size() - 1;
  }
  void delivered(std::size_t id, Time t) {
    if (trace_) trace_->messages[id].delivered = t;
  }

  void result(int w, Time t) {
    ++results_;
    if (results_ == static_cast<int>(rows_.size())) {
      end_ = t;
      if (trace_) trace_->end = t;
    }
    if (next_ < static_cast<int>(rows_.size())) todo_.push_back({w, next_++});
    if (master_idle_) events_.at(t, [this, t] { if (master_idle_) master_next(t); });
  }

  const FarmParams& p_;
  int workers_;
  std::vector<std::int64_t> rows_;
  std::vector<Worker> state_;
  double iteration_ns_ = 0;
  Events events_;
  std::unique_ptr<Transport> net_;
  Nodes* nodes_ = nullptr;
  std::deque<std::pair<int, int>> todo_;
  bool master_idle_ = false;
  int next_ = 0;
  int results_ = 0;
  Time end_ = 0;
  FarmEvents* trace_;
};

Farm::Farm(const FarmParams& p, bool t9000, int workers, std::vector<std::int64_t> rows,
           FarmEvents* trace)
    : impl_(std::make_unique<Impl>(p, t9000, workers, std::move(rows), trace)) {}
Farm::~Farm() = default;
bool Farm::step() { return impl_->step(); }
double Farm::time_ms() const { return impl_->time_ms(); }
std::vector<double> Farm::work_rates() const { return impl_->work_rates(); }

}  // namespace archex::transputer
