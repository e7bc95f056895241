// Travelling salesperson, sec. 4.3.4: branch and bound over tours from city 0. A task is a
// subpath of `task depth` cities after city 0; the tasks are dealt out evenly at the start. A node
// explores its tasks depth first, pruning a path whose length plus the cheapest way into each
// city left is not below the best tour it knows. Every `null call every` path extensions the
// search thread makes a null call (a message to itself) and so lets the bound updates queued
// before it run; a better tour is sent to every other node. A node out of tasks asks the others,
// one at a time from a random one on, for one of theirs, and stops after `max asks` refusals in a
// row (tasks are never created, so asking everyone once is enough to be sure none is left).

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {

std::vector<std::vector<int>> tsp_distances(int cities, int seed) {
  Rng rng(static_cast<std::uint64_t>(seed));
  std::vector<double> x(static_cast<std::size_t>(cities));
  std::vector<double> y(static_cast<std::size_t>(cities));
  for (int i = 0; i < cities; ++i) {
    x[static_cast<std::size_t>(i)] = static_cast<double>(rng.below(1000));
    y[static_cast<std::size_t>(i)] = static_cast<double>(rng.below(1000));
  }
  std::vector<std::vector<int>> d(static_cast<std::size_t>(cities),
                                  std::vector<int>(static_cast<std::size_t>(cities), 0));
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (std::size_t j = 0; j < x.size(); ++j) {
      d[i][j] = static_cast<int>(std::lround(std::hypot(x[i] - x[j], y[i] - y[j])));
    }
  }
  return d;
}

int tsp_optimal(const std::vector<std::vector<int>>& d) {
  const int n = static_cast<int>(d.size());
  if (n == 1) return 0;
  const int m = n - 1;
  const int inf = std::numeric_limits<int>::max() / 2;
  // best[set][j]: shortest path from city 0 through the cities of `set` (cities 1..n-1 as bits
  // 0..m-1) ending at city j+1.
  std::vector<std::vector<int>> best(std::size_t{1} << m, std::vector<int>(m, inf));
  for (int j = 0; j < m; ++j) best[std::size_t{1} << j][j] = d[0][j + 1];
  for (std::size_t set = 1; set < best.size(); ++set) {
    for (int j = 0; j < m; ++j) {
      const int here = best[set][j];
      if (here >= inf || !(set >> j & 1)) continue;
      for (int k = 0; k < m; ++k) {
        if (set >> k & 1) continue;
        int& to = best[set | (std::size_t{1} << k)][k];
        to = std::min(to, here + d[j + 1][k + 1]);
      }
    }
  }
  int tour = inf;
  for (int j = 0; j < m; ++j) tour = std::min(tour, best.back()[j] + d[j + 1][0]);
  return tour;
}

namespace {

constexpr int kContinue = 0;
constexpr int kBound = 1;
constexpr int kRequest = 2;
constexpr int kTask = 3;
constexpr int kNoWork = 4;

class Tsp final : public Program {
 public:
  Tsp(const ProgramParams& p, int nodes, Rng rng)
      : Program(p, nodes, ProgramKind::kTsp),
        d_(tsp_distances(p.tsp_cities, p.tsp_instance_seed)),
        cities_(p.tsp_cities),
        rng_(rng) {
    search_ = thread_kind("Search");
    null_ = thread_kind("NullCall");
    bound_ = thread_kind("Bound");
    balance_ = thread_kind("Balance");
    // The cheapest way into each city, for the lower bound of the cities a path has left.
    cheapest_in_.assign(static_cast<std::size_t>(cities_), std::numeric_limits<int>::max());
    for (int i = 0; i < cities_; ++i) {
      for (int j = 0; j < cities_; ++j) {
        if (i != j) cheapest_in_[j] = std::min(cheapest_in_[j], d_[i][j]);
      }
    }
    // The tasks: every subpath of `depth` distinct cities after city 0, dealt out in turn.
    state_.resize(static_cast<std::size_t>(nodes));
    const int depth = std::min(p.tsp_task_depth, cities_ - 1);
    std::vector<int> path{0};
    int dealt = 0;
    const auto deal = [&](const auto& self) -> void {
      if (static_cast<int>(path.size()) == depth + 1) {
        state_[static_cast<std::size_t>(dealt++ % nodes)].tasks.push_back(path);
        return;
      }
      for (int c = 1; c < cities_; ++c) {
        if (std::find(path.begin(), path.end(), c) != path.end()) continue;
        path.push_back(c);
        self(self);
        path.pop_back();
      }
    };
    deal(deal);
    tasks_ = dealt;
  }

  void boot(int node, Thread& t) override { next_task(node, t); }

  void on_message(int node, const Received& m, Thread& t) override {
    Node& s = state_[static_cast<std::size_t>(node)];
    switch (m.handler) {
      case kContinue:
        started(null_, m.words);
        run(t, null_, p_.tsp_null_call_instr, Use::kSync, kExternal);
        return search(node, t);
      case kBound:
        started(bound_, m.words);
        run(t, bound_, kBoundInstr, Use::kSync);
        s.bound = std::min(s.bound, static_cast<int>(m.word(0)));
        return;
      case kRequest: {
        started(balance_, m.words);
        run(t, balance_, kBalanceInstr, Use::kSync);
        // A task not yet begun goes to the node that asked; the one being searched stays.
        const std::size_t spare = s.tasks.size() - (s.searching ? 1 : 0);
        if (spare == 0 || s.tasks.empty()) return t.send(static_cast<int>(m.word(0)), kNoWork, {});
        std::vector<int> task = s.tasks.back();
        s.tasks.pop_back();
        std::vector<std::int64_t> words(task.begin(), task.end());
        return t.send(static_cast<int>(m.word(0)), kTask, words);
      }
      case kTask:
        started(balance_, m.words);
        run(t, balance_, kBalanceInstr, Use::kSync);
        s.tasks.insert(s.tasks.begin(), std::vector<int>(m.payload->begin(), m.payload->end()));
        s.asked = 0;
        return next_task(node, t);
      case kNoWork:
        started(balance_, m.words);
        run(t, balance_, kBalanceInstr, Use::kSync);
        return ask(node, t);
      default:
        return;
    }
  }

  double progress() const override { return static_cast<double>(done_tasks_) / tasks_; }

  void finish(ProgramRun& r) const override {
    int best = std::numeric_limits<int>::max();
    double extensions = 0;
    for (const Node& s : state_) {
      best = std::min(best, s.best);
      extensions += static_cast<double>(s.extensions);
    }
    r.answer = best;
    r.correct = best == tsp_optimal(d_);
    r.extras.push_back(kTspExtensions(extensions));
    r.extras.push_back(kTspTasks(static_cast<double>(tasks_)));
  }

 private:
  // CST keeps its objects (and the search's code) in external memory.
  static constexpr bool kExternal = true;
  static constexpr double kBoundInstr = 10;
  static constexpr double kBalanceInstr = 20;

  struct Frame {
    int city;
    int length;
    std::uint32_t visited;
    int next;  // the next city to try from here
  };
  struct Node {
    std::vector<std::vector<int>> tasks;
    std::vector<Frame> stack;
    bool searching = false;
    int bound = std::numeric_limits<int>::max();
    int best = std::numeric_limits<int>::max();
    int asked = 0;
    int victim = -1;
    std::int64_t extensions = 0;
  };

  // Starts the next task of the node, or asks for one.
  void next_task(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    if (s.tasks.empty()) return ask(node, t);
    started(search_, 0);
    const std::vector<int>& task = s.tasks.back();
    int length = 0;
    std::uint32_t visited = 0;
    for (std::size_t i = 0; i < task.size(); ++i) {
      visited |= 1u << task[i];
      if (i > 0) length += d_[task[i - 1]][task[i]];
    }
    s.stack.assign(1, Frame{task.back(), length, visited, 1});
    s.searching = true;
    search(node, t);
  }

  // Depth-first search of the current task for one slice of extensions.
  void search(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    int slice = 0;
    const std::uint32_t all = (1u << cities_) - 1;
    while (!s.stack.empty() && slice < p_.tsp_null_call_every) {
      Frame& f = s.stack.back();
      if (f.visited == all) {
        const int tour = f.length + d_[f.city][0];
        if (tour < s.bound) found(node, tour, t);
        s.stack.pop_back();
        continue;
      }
      while (f.next < cities_ && (f.visited >> f.next & 1)) ++f.next;
      if (f.next == cities_) {
        s.stack.pop_back();
        continue;
      }
      const int c = f.next++;
      const int length = f.length + d_[f.city][c];
      ++slice;
      ++s.extensions;
      int rest = 0;
      for (int k = 1; k < cities_; ++k) {
        if (k != c && !(f.visited >> k & 1)) rest += cheapest_in_[k];
      }
      if (length + rest + cheapest_in_[0] >= s.bound) continue;
      s.stack.push_back(Frame{c, length, f.visited | (1u << c), 1});
    }
    run(t, search_, p_.tsp_extend_instr * slice, Use::kCompute, kExternal);
    const double xl = p_.tsp_xlates_per_extend * slice;
    xlates_ += xl;
    t.compute(xl * p_.costs.xlate);
    if (!s.stack.empty()) return t.send(node, kContinue, {});
    s.searching = false;
    s.tasks.pop_back();
    ++done_tasks_;
    next_task(node, t);
  }

  void found(int node, int tour, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    s.bound = tour;
    s.best = std::min(s.best, tour);
    for (int k = 1; k < nodes_; ++k) t.send((node + k) % nodes_, kBound, {tour});
  }

  // Asks the next node in turn (from a random one) for a task; stops once all have said no.
  void ask(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    if (nodes_ == 1 || s.asked == std::min(nodes_ - 1, p_.tsp_max_asks)) return;
    if (s.asked == 0) {
      s.victim = static_cast<int>(rng_.below(static_cast<std::uint64_t>(nodes_)));
    }
    s.victim = (s.victim + 1) % nodes_;
    if (s.victim == node) s.victim = (s.victim + 1) % nodes_;
    ++s.asked;
    run(t, balance_, kBalanceInstr, Use::kSync);
    t.send(s.victim, kRequest, {node});
  }

  std::vector<std::vector<int>> d_;
  int cities_;
  Rng rng_;
  int search_ = 0;
  int null_ = 0;
  int bound_ = 0;
  int balance_ = 0;
  int tasks_ = 0;
  int done_tasks_ = 0;
  std::vector<int> cheapest_in_;
  std::vector<Node> state_;
};

}  // namespace

std::unique_ptr<Program> make_tsp(const ProgramParams& p, int nodes, Rng rng) {
  return std::make_unique<Tsp>(p, nodes, rng);
}

}  // namespace archex::jmachine
