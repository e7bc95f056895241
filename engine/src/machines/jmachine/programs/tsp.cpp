// Travelling salesperson, sec. 4.3.4, as the paper runs it: a plain bound search over tours from
// city 0. A task is a subpath of `task depth` cities after city 0; the tasks are dealt out evenly
// at the start. A node drops a task whose subpath is not shorter than the best tour it knows, and
// otherwise explores every tour containing it depth first, dropping a path once it is as long as
// that bound (no lower bound on the rest of the tour). Three kinds of thread, as the paper's:
// the task-processing (search) thread, which makes a null call (a message to itself) every
// `null call every` path extensions so that the bound messages queued before it can run; the
// bounds-distributing thread, run by each of the messages a node sends every other node when it
// finds a better tour; the work-requesting threads: a node out of tasks asks the others, one at a
// time from a random one on, for a task not yet begun, and stops after `max asks` refusals in a
// row (tasks are never created, so asking everyone once is enough to be sure none is left).
// For speed only every `calls per yield`-th null call is played out as a message; the ones in
// between cost the same cycles inside the search thread, so a bound reaches the search at most
// that many slices late.

#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
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
        all_((1u << p.tsp_cities) - 1),
        depth_(std::min(p.tsp_task_depth, p.tsp_cities - 1)),
        rng_(rng) {
    search_ = thread_kind("Search");
    null_ = thread_kind("NullCall");
    bound_ = thread_kind("Bound");
    balance_ = thread_kind("Balance");
    // A null call besides its own instructions: the send of a one-word message to itself and
    // its dispatch, all of it synchronization (sec. 4.3.4 counts the whole call as such).
    null_cycles_ = p.tsp_null_call_instr * p.mdp.cpi_external + p.costs.send_overhead +
                   1 / p.net.inject_words_per_cycle + p.costs.dispatch;
    for (std::size_t i = 0; i < d_.size(); ++i) {
      std::copy(d_[i].begin(), d_[i].end(), dist_.begin() + static_cast<std::ptrdiff_t>(i * kMaxCities));
    }
    // The tasks: every subpath of `depth` distinct cities after city 0, dealt out in turn.
    state_.resize(static_cast<std::size_t>(nodes));
    std::vector<int> path{0};
    const auto deal = [&](const auto& self) -> void {
      if (static_cast<int>(path.size()) == depth_ + 1) {
        state_[static_cast<std::size_t>(tasks_ % nodes)].tasks.push_back(tasks_);
        paths_.insert(paths_.end(), path.begin(), path.end());
        ++tasks_;
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
  }

  void boot(int node, Thread& t) override { next_task(node, t); }

  void on_message(int node, const Received& m, Thread& t) override {
    Node& s = state_[static_cast<std::size_t>(node)];
    switch (m.handler) {
      case kContinue:
        started(null_, m.words);
        started(search_, 0);
        run(t, null_, p_.tsp_null_call_instr, Use::kSync, kExternal);
        if (search(node, t)) next_task(node, t);
        return;
      case kBound:
        started(bound_, m.words);
        run(t, bound_, kBoundInstr, Use::kSync, kExternal);
        s.bound = std::min(s.bound, static_cast<int>(m.word(0)));
        return;
      case kRequest: {
        started(balance_, m.words);
        run(t, balance_, kBalanceInstr, Use::kSync, kExternal);
        const int asker = static_cast<int>(m.word(0));
        if (s.tasks.empty()) return t.send(asker, kNoWork, {});
        // The task it would reach last goes: the one being searched is not in the list.
        const int task = s.tasks.back();
        s.tasks.pop_back();
        // The subpath's cities after city 0, led by the task's number in place of city 0.
        const auto from = paths_.begin() + static_cast<std::ptrdiff_t>(task) * (depth_ + 1);
        std::vector<std::int64_t> words{task};
        words.insert(words.end(), from + 1, from + depth_ + 1);
        return t.send(asker, kTask, words);
      }
      case kTask:
        started(balance_, m.words);
        run(t, balance_, kBalanceInstr, Use::kSync, kExternal);
        s.tasks.push_back(static_cast<int>(m.word(0)));
        s.asked = 0;
        return next_task(node, t);
      case kNoWork:
        started(balance_, m.words);
        run(t, balance_, kBalanceInstr, Use::kSync, kExternal);
        return ask(node, t);
      default:
        return;
    }
  }

  std::vector<std::string> handlers() const override {
    return {"Continue", "Bound", "Request", "Task", "NoWork"};
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

  // The search's inner loop is most of a run's time: a fixed stack, the distances in one array
  // and the cities still to try as bits, taken lowest first.
  static constexpr int kMaxCities = 32;
  struct Frame {
    int city;
    int length;
    std::uint32_t visited;
    std::uint32_t untried;  // cities not on the path and not yet tried from here
  };
  struct Node {
    std::deque<int> tasks;  // not yet begun, in the order the node takes them
    std::array<Frame, kMaxCities> stack;
    int depth = 0;  // frames on the stack
    int bound = std::numeric_limits<int>::max();
    int best = std::numeric_limits<int>::max();
    int asked = 0;
    int victim = -1;
    std::int64_t extensions = 0;
  };

  // Starts the node's next task whose subpath is shorter than its bound, or asks for one. A loop,
  // not a recursion through search: a node may finish thousands of tasks in one thread.
  void next_task(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    while (!s.tasks.empty()) {
      const int task = s.tasks.front();
      s.tasks.pop_front();
      const int* path = &paths_[static_cast<std::size_t>(task) * (depth_ + 1)];
      int length = 0;
      std::uint32_t visited = 1;
      for (int i = 1; i <= depth_; ++i) {
        visited |= 1u << path[i];
        length += d_[path[i - 1]][path[i]];
      }
      // The subpath's length against the bound, an extension's work.
      run(t, search_, p_.tsp_extend_instr, Use::kCompute, kExternal);
      if (length >= s.bound) {
        ++done_tasks_;
        continue;
      }
      started(search_, 0);
      s.stack[0] = Frame{path[depth_], length, visited, all_ & ~visited};
      s.depth = 1;
      if (!search(node, t)) return;
    }
    ask(node, t);
  }

  // `calls per yield` slices of `null call every` extensions of the current task's depth-first
  // search, each slice but the last followed by its null call; the last one's is a message.
  // True when the task is done (the caller starts the next), false when it goes on later.
  bool search(int node, Thread& t) {
    Node& s = state_[static_cast<std::size_t>(node)];
    for (int call = 0; call < p_.tsp_calls_per_yield; ++call) {
      if (call > 0) {
        started(null_, 1);
        started(search_, 0);
        count_instructions(null_, p_.tsp_null_call_instr);
        t.compute(null_cycles_, Use::kSync);
      }
      int slice = 0;
      int charged = 0;
      // The slice's extensions so far, so that a bound leaves once the tour is found.
      const auto charge = [&] {
        const int n = slice - charged;
        charged = slice;
        run(t, search_, p_.tsp_extend_instr * n, Use::kCompute, kExternal);
        const double xl = p_.tsp_xlates_per_extend * n;
        xlates_ += xl;
        t.compute(xl * p_.costs.xlate);
      };
      while (s.depth > 0 && slice < p_.tsp_null_call_every) {
        Frame& f = s.stack[static_cast<std::size_t>(s.depth - 1)];
        const int* from = &dist_[static_cast<std::size_t>(f.city) * kMaxCities];
        if (f.visited == all_) {
          const int tour = f.length + from[0];
          if (tour < s.bound) {
            charge();
            found(node, tour, t);
          }
          --s.depth;
          continue;
        }
        if (f.untried == 0) {
          --s.depth;
          continue;
        }
        const int c = __builtin_ctz(f.untried);
        f.untried &= f.untried - 1;
        const int length = f.length + from[c];
        ++slice;
        if (length >= s.bound) continue;
        const std::uint32_t visited = f.visited | (1u << c);
        s.stack[static_cast<std::size_t>(s.depth++)] = Frame{c, length, visited, all_ & ~visited};
      }
      s.extensions += slice;
      charge();
      if (s.depth == 0) break;
    }
    if (s.depth > 0) {
      t.send(node, kContinue, {});
      return false;
    }
    ++done_tasks_;
    return true;
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
    run(t, balance_, kBalanceInstr, Use::kSync, kExternal);
    t.send(s.victim, kRequest, {node});
  }

  std::vector<std::vector<int>> d_;
  std::array<int, kMaxCities * kMaxCities> dist_{};
  int cities_;
  std::uint32_t all_;
  int depth_;
  Rng rng_;
  int search_ = 0;
  int null_ = 0;
  int bound_ = 0;
  int balance_ = 0;
  double null_cycles_ = 0;
  int tasks_ = 0;
  int done_tasks_ = 0;
  // Each task's subpath, depth + 1 cities from city 0, one after the other.
  std::vector<int> paths_;
  std::vector<Node> state_;
};

}  // namespace

ParamTable<ProgramParams> tsp_table() {
  ParamTable<ProgramParams> t;
  t.add(&ProgramParams::tsp_cities,
        number_param("tsp_cities", "TSP: cities")
            .unit("cities").value(14).range(3, 20).whole()
            .about("Cities of the instance, placed at random on a 1000 x 1000 square."))
      .add(&ProgramParams::tsp_instance_seed,
           number_param("tsp_instance_seed", "TSP: instance seed")
               .value(1).range(0, 1000000).whole()
               .about("Seed of the cities' places (the run's own seed orders the work requests)."))
      .add(&ProgramParams::tsp_task_depth,
           number_param("tsp_task_depth", "TSP: task depth")
               .unit("cities").value(5).range(1, 6).whole()
               .about("Cities after city 0 in a task's subpath."))
      .add(&ProgramParams::tsp_extend_instr,
           instr("tsp_extend_instr", "TSP: per path extension", 30,
                 "Instructions per path extension of the depth-first search."))
      .add(&ProgramParams::tsp_null_call_every,
           number_param("tsp_null_call_every", "TSP: null call every")
               .unit("extensions").value(10).range(1, 1000000).whole()
               .about("Path extensions between the search thread's null calls."))
      .add(&ProgramParams::tsp_max_asks,
           number_param("tsp_max_asks", "TSP: work requests")
               .unit("requests").value(8).range(0, 4096).whole()
               .about("Nodes a node out of tasks asks in turn before it stops (all of them at "
                      "most; 0: no work requests)."))
      .add(&ProgramParams::tsp_calls_per_yield,
           number_param("tsp_calls_per_yield", "TSP: null calls per yield")
               .unit("calls").value(16).range(1, 100000).whole()
               .about("Null calls of which one is played out as a message, for speed: the others "
                      "cost the same inside the search thread (1 is exact)."))
      .add(&ProgramParams::tsp_null_call_instr,
           instr("tsp_null_call_instr", "TSP: null call", 60,
                 "Instructions of the null call's thread besides its send and dispatch."))
      .add(&ProgramParams::tsp_xlates_per_extend,
           number_param("tsp_xlates_per_extend", "TSP: xlates per extension")
               .unit("xlates").value(2).range(0, 100).step(0.1)
               .about("Name translations per path extension (CST translates names at every use)."));
  return t;
}

std::unique_ptr<Program> make_tsp(const ProgramParams& p, int nodes, Rng rng) {
  return std::make_unique<Tsp>(p, nodes, rng);
}

}  // namespace archex::jmachine
