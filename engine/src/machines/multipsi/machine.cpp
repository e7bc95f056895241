#include "machines/multipsi/machine.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

namespace archex::fghc {

const char* message_kind_name(MessageKind kind) {
  switch (kind) {
    case MessageKind::throw_goal:
      return "throw_goal";
    case MessageKind::read_value:
      return "read_value";
    case MessageKind::return_value:
      return "return_value";
    case MessageKind::unify:
      return "unify";
    case MessageKind::terminate:
      return "terminate";
  }
  return "?";
}

// One reduction of one goal on one PE: collects what the clause does, which the machine then
// carries out (or, when a cell was missing, the read the goal suspends on).
class Machine::Step final : public Reducer {
 public:
  // `local` is the machine's buffer, reused from step to step so that a reduction's body goals
  // need no allocation.
  Step(Machine& m, int pe, Goal& goal) : local(m.spawned_), m_(m), pe_(pe), goal_(goal) {
    local.clear();
  }

  int pe() const override { return pe_; }
  int pes() const override { return m_.pes(); }
  bool need(int slot, int cell) override {
    List& list = goal_.lists[static_cast<std::size_t>(slot)];
    auto& at = list.at[static_cast<std::size_t>(cell)];
    const int holder = at;
    if (holder == pe_) return true;
    const std::uint64_t key = import_key(holder, list.id[static_cast<std::size_t>(cell)]);
    if (m_.imported_[static_cast<std::size_t>(pe_)].count(key) > 0) {
      // Read before by another goal: the translation table gives the local copy.
      at = static_cast<std::int8_t>(pe_);
      return true;
    }
    suspended = true;
    read_slot = slot;
    read_from = holder;
    read_key = key;
    return false;
  }
  std::uint32_t new_cell() override { return m_.next_cell_++; }
  void builtins(int calls) override { builtin_calls += calls; }
  void spawn(const Goal& goal) override { local.push_back(goal); }
  void alloc(int pe, const Goal& goal) override {
    if (pe == pe_) {
      spawn(goal);
      return;
    }
    if (pe < 0 || pe >= m_.pes()) throw std::logic_error("alloc to a PE the machine lacks");
    thrown.emplace_back(pe, goal);
  }
  void bind(int owner) override {
    if (owner != pe_) remote_binds.push_back(owner);
  }
  void solution() override { ++solutions; }

  bool suspended = false;
  int read_slot = 0;
  int read_from = 0;
  std::uint64_t read_key = 0;
  int builtin_calls = 0;
  int solutions = 0;
  std::vector<Goal>& local;
  std::vector<std::pair<int, Goal>> thrown;
  std::vector<int> remote_binds;

 private:
  Machine& m_;
  int pe_;
  Goal& goal_;
};

Machine::Machine(const Program& program, int pes, int mesh_columns, const Costs& costs,
                 bool record_timeline)
    : program_(program), columns_(mesh_columns), costs_(costs), record_timeline_(record_timeline) {
  if (pes < 1 || pes > 127) throw std::invalid_argument("pes must be 1 to 127");
  if (mesh_columns < 1) throw std::invalid_argument("mesh_columns must be at least 1");
  const auto n = static_cast<std::size_t>(pes);
  pe_.resize(n);
  stack_.resize(n);
  inbox_.resize(n);
  imported_.resize(n);
  reading_.resize(n);
  working_.assign(n, 0);
  by_pred_.assign(static_cast<std::size_t>(program.predicates()), 0);
  // The program starts on the last PE, as the appendix programs' "PE 6" of six.
  const int root = pes - 1;
  records_.push_back({root, -1, 1});
  Goal first = program.initial();
  first.record = 0;
  first.id = next_goal_++;
  stack_[static_cast<std::size_t>(root)].push_back(first);
  schedule(0, root, -1);
}

Machine::~Machine() = default;

void Machine::record(TraceRecorder& recorder) {
  trace_ = std::make_unique<GoalTrace>(recorder, *this);
}

void Machine::schedule(double time, int pe, int message) {
  events_.push({time, seq_++, pe, message});
}

bool Machine::advance(std::uint64_t budget) {
  for (std::uint64_t i = 0; i < budget && !events_.empty(); ++i) {
    const Event e = events_.top();
    events_.pop();
    if (trace_) trace_->at(e.time);
    const auto p = static_cast<std::size_t>(e.pe);
    if (e.message < 0) {
      working_[p] = 0;
    } else {
      inbox_[p].push(e.message);
    }
    if (!working_[p]) start_work(e.pe, e.time);
  }
  return events_.empty();
}

void Machine::start_work(int p, double now) {
  const auto i = static_cast<std::size_t>(p);
  double end = now;
  if (!inbox_[i].empty()) {
    const int m = inbox_[i].front();
    inbox_[i].pop();
    end = receive(p, m, now);
  } else if (!stack_[i].empty()) {
    Goal goal = stack_[i].back();
    stack_[i].pop_back();
    Step step(*this, p, goal);
    program_.reduce(goal, step);
    if (step.suspended) {
      ++pe_[i].suspensions;
      if (trace_) trace_->suspended(now, goal.id, p, step.read_from);
      const int parked = park(goal);
      auto& reading = reading_[i];
      const auto pending = reading.find(step.read_key);
      if (pending != reading.end()) {
        // The cell is being read already: wait for that read, send nothing.
        pending->second.push_back(parked);
      } else {
        reading.emplace(step.read_key, std::vector<int>{});
        end = send(p, MessageKind::read_value, step.read_from, 2, parked, step.read_slot, -1, now);
      }
    } else {
      ++pe_[i].reductions;
      pe_[i].builtin_calls += step.builtin_calls;
      ++by_pred_[goal.pred];
      solutions_ += step.solutions;
      if (trace_) trace_->reduced(now, goal.id, p, goal.pred);
      end = now + costs_.reduction_ms + step.builtin_calls * costs_.builtin_ms;
      busy(p, now, end, Activity::reducing);
      for (auto g = step.local.rbegin(); g != step.local.rend(); ++g) {
        g->record = goal.record;
        g->id = next_goal_++;
        if (trace_) trace_->spawned(now, g->id, goal.id, p);
        stack_[i].push_back(*g);
      }
      for (auto& [target, g] : step.thrown) {
        int words = 1 + program_.arity(g.pred);
        for (List& list : g.lists) {
          if (list.len > costs_.copy_cells) continue;
          for (int c = 0; c < list.len; ++c) {
            auto& at = list.at[static_cast<std::size_t>(c)];
            if (at == p) {
              at = static_cast<std::int8_t>(target);
              ++words;
            }
          }
        }
        g.id = next_goal_++;
        if (trace_) trace_->thrown(end, g.id, goal.id, p, target);
        end = send(p, MessageKind::throw_goal, target, words, park(g), 0, goal.record, end);
      }
      for (const int owner : step.remote_binds) {
        end = send(p, MessageKind::unify, owner, 2, -1, 0, -1, end);
      }
      records_[static_cast<std::size_t>(goal.record)].count +=
          static_cast<std::int64_t>(step.local.size() + step.thrown.size());
      end = count_down(goal.record, end);
    }
  } else {
    return;
  }
  if (trace_) trace_->depth(now, p);
  working_[i] = 1;
  schedule(end, p, -1);
}

int Machine::park(const Goal& goal) {
  if (free_pool_.empty()) {
    pool_.push_back(goal);
    return static_cast<int>(pool_.size() - 1);
  }
  const int slot = free_pool_.back();
  free_pool_.pop_back();
  pool_[static_cast<std::size_t>(slot)] = goal;
  return slot;
}

double Machine::receive(int p, int m, double now) {
  const Message msg = messages_[static_cast<std::size_t>(m)];
  double end = now + receiver_ms(msg.kind, msg.words);
  busy(p, now, end, Activity::communicating);
  const auto i = static_cast<std::size_t>(p);
  if (trace_) {
    trace_->received(now, p, msg.from, msg.kind,
                     msg.goal >= 0 ? pool_[static_cast<std::size_t>(msg.goal)].id : 0,
                     static_cast<std::uint32_t>(m));
  }
  switch (msg.kind) {
    case MessageKind::throw_goal: {
      Goal goal = pool_[static_cast<std::size_t>(msg.goal)];
      free_pool_.push_back(msg.goal);
      records_.push_back({p, msg.record, 1});
      goal.record = static_cast<std::int32_t>(records_.size() - 1);
      stack_[i].push_back(goal);
      break;
    }
    case MessageKind::read_value: {
      const List& list =
          pool_[static_cast<std::size_t>(msg.goal)].lists[static_cast<std::size_t>(msg.slot)];
      const auto cells = std::count(list.at.begin(), list.at.begin() + list.len, p);
      end = send(p, MessageKind::return_value, msg.from, 1 + static_cast<int>(cells), msg.goal,
                 msg.slot, -1, end);
      break;
    }
    case MessageKind::return_value: {
      Goal goal = pool_[static_cast<std::size_t>(msg.goal)];
      free_pool_.push_back(msg.goal);
      List& list = goal.lists[static_cast<std::size_t>(msg.slot)];
      std::vector<int> waiting;
      for (int c = 0; c < list.len; ++c) {
        auto& at = list.at[static_cast<std::size_t>(c)];
        if (at != msg.from) continue;
        const std::uint64_t key = import_key(at, list.id[static_cast<std::size_t>(c)]);
        at = static_cast<std::int8_t>(p);
        imported_[i].insert(key);
        const auto pending = reading_[i].find(key);
        if (pending == reading_[i].end()) continue;
        waiting.insert(waiting.end(), pending->second.begin(), pending->second.end());
        reading_[i].erase(pending);
      }
      // The goals that waited on this read are ready again, the reader on top.
      for (const int w : waiting) {
        const Goal ready = pool_[static_cast<std::size_t>(w)];
        free_pool_.push_back(w);
        if (trace_) trace_->resumed(now, ready.id, p);
        stack_[i].push_back(ready);
      }
      if (trace_) trace_->resumed(now, goal.id, p);
      stack_[i].push_back(goal);
      break;
    }
    case MessageKind::unify:
      break;
    case MessageKind::terminate:
      end = count_down(msg.record, end);
      break;
  }
  return end;
}

double Machine::send(int p, MessageKind kind, int to, int words, int goal, int slot, int record,
                     double at) {
  const double end = at + sender_ms(kind, words);
  busy(p, at, end, Activity::communicating);
  ++pe_[static_cast<std::size_t>(p)].sent[static_cast<std::size_t>(kind)];
  if (trace_) {
    trace_->sent(at, p, to, kind, words, goal >= 0 ? pool_[static_cast<std::size_t>(goal)].id : 0,
                 static_cast<std::uint32_t>(messages_.size()));
  }
  messages_.push_back({kind, p, to, words, goal, slot, record});
  const int hops = std::abs(p % columns_ - to % columns_) + std::abs(p / columns_ - to / columns_);
  schedule(end + hops * costs_.hop_ms, to, static_cast<int>(messages_.size() - 1));
  return end;
}

double Machine::software_ms(MessageKind kind, int words) const {
  return costs_.message_ms + words * costs_.word_ms +
         (kind == MessageKind::throw_goal ? costs_.throw_goal_ms : 0.0);
}

double Machine::sender_ms(MessageKind kind, int words) const {
  return costs_.firmware_ms + costs_.send_share * software_ms(kind, words);
}

double Machine::receiver_ms(MessageKind kind, int words) const {
  return costs_.firmware_ms + (1 - costs_.send_share) * software_ms(kind, words);
}

double Machine::count_down(int record, double at) {
  Record& r = records_[static_cast<std::size_t>(record)];
  if (--r.count > 0) return at;
  if (r.parent < 0) {
    terminated_ms_ = at;
    return at;
  }
  const int to = records_[static_cast<std::size_t>(r.parent)].pe;
  return send(r.pe, MessageKind::terminate, to, 1, -1, 0, r.parent, at);
}

void Machine::busy(int p, double start, double end, Activity what) {
  PeStats& s = pe_[static_cast<std::size_t>(p)];
  (what == Activity::reducing ? s.reduce_ms : s.comm_ms) += end - start;
  end_ms_ = std::max(end_ms_, end);
  if (trace_ && end > start) trace_->busy(start, end, p, what);
  if (!record_timeline_ || end <= start) return;
  if (!s.timeline.empty() && s.timeline.back().what == what && s.timeline.back().end == start) {
    s.timeline.back().end = end;
  } else {
    s.timeline.push_back({start, end, what});
  }
}

std::int64_t Machine::reductions() const {
  std::int64_t n = 0;
  for (const PeStats& s : pe_) n += s.reductions;
  return n;
}

std::int64_t Machine::messages(MessageKind kind) const {
  std::int64_t n = 0;
  for (const PeStats& s : pe_) n += s.sent[static_cast<std::size_t>(kind)];
  return n;
}

std::int64_t Machine::messages() const {
  std::int64_t n = 0;
  for (int k = 0; k < kMessageKinds; ++k) n += messages(static_cast<MessageKind>(k));
  return n;
}

std::int64_t Machine::builtin_calls() const {
  std::int64_t n = 0;
  for (const PeStats& s : pe_) n += s.builtin_calls;
  return n;
}

std::int64_t Machine::suspensions() const {
  std::int64_t n = 0;
  for (const PeStats& s : pe_) n += s.suspensions;
  return n;
}

}  // namespace archex::fghc
