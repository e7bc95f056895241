#include "machines/multipsi/machine.h"

#include <gtest/gtest.h>

#include <string>

#include "machines/multipsi/costs.h"

namespace archex::fghc {
namespace {

// Paper values come from K. Taki, ICOT TR-370 (1988), seed 000_0f3911029c21e5c0.txt, Table 1.

// A program for mechanism tests. start: throws `leaf` goals to the PEs named by ints[0..2]
// (ints[3] of them), each carrying the list lists[0]; leaf: needs every cell of its list when
// ints[0] is 1, then binds its I.
class Probe final : public Program {
 public:
  explicit Probe(Goal start) : start_(start) {}
  Goal initial() const override { return start_; }
  int predicates() const override { return 2; }
  const char* predicate_name(int pred) const override { return pred == 0 ? "start" : "leaf"; }
  int arity(int pred) const override { return pred == 0 ? 3 : 1; }
  void reduce(Goal& g, Reducer& r) const override {
    if (g.pred == 0) {
      for (int i = 0; i < g.ints[3]; ++i) {
        Goal leaf;
        leaf.pred = 1;
        leaf.in = static_cast<std::int8_t>(r.pe());
        leaf.ints[0] = g.ints[4];
        leaf.lists[0] = g.lists[0];
        r.alloc(g.ints[static_cast<std::size_t>(i)], leaf);
      }
      return;
    }
    if (g.ints[0] == 1) {
      for (int c = 0; c < g.lists[0].len; ++c) {
        if (!r.need(0, c)) return;
      }
    }
    r.bind(g.in);
  }

 private:
  Goal start_;
};

Goal start(std::initializer_list<int> targets, int list_len, int holder, bool leaves_read) {
  Goal g;
  int i = 0;
  for (const int t : targets) g.ints[static_cast<std::size_t>(i++)] = t;
  g.ints[3] = i;
  g.ints[4] = leaves_read ? 1 : 0;
  g.lists[0].len = static_cast<std::int8_t>(list_len);
  for (int c = 0; c < list_len; ++c) {
    g.lists[0].value[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(c + 1);
    g.lists[0].at[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(holder);
    g.lists[0].id[static_cast<std::size_t>(c)] = static_cast<std::uint32_t>(c + 1);
  }
  return g;
}

void run_to_end(Machine& m) {
  while (!m.advance(1000)) {
  }
}

TEST(FghcMachine, Table1ExchangeCostsTheSumOfItsComponents) {
  // One goal with one argument thrown to the adjacent PE, reduced there (binding nothing), its
  // termination reported back (sec. 4.1).
  Costs c = default_costs();
  class OneGoal final : public Program {
   public:
    Goal initial() const override { return Goal{}; }
    int predicates() const override { return 2; }
    const char* predicate_name(int) const override { return "p"; }
    int arity(int) const override { return 1; }
    void reduce(Goal& g, Reducer& r) const override {
      if (g.pred == 0) {
        Goal leaf;
        leaf.pred = 1;
        r.alloc(0, leaf);
      }
    }
  } program;
  Machine m(program, 2, 2, c, false);
  run_to_end(m);
  // Table 1's components sum to 38.61 ms (its printed total, 38.32, is 0.29 ms less); the
  // exchange starts after the first PE's own reduction.
  EXPECT_NEAR(m.end_ms() - c.reduction_ms, 2.25 + 0.07 + 0.22 + 36.07, 1e-9);
  EXPECT_EQ(m.messages(MessageKind::throw_goal), 1);
  EXPECT_EQ(m.messages(MessageKind::terminate), 1);
  EXPECT_EQ(m.messages(), 2);
  EXPECT_EQ(m.reductions(), 2);
  EXPECT_DOUBLE_EQ(m.terminated_ms(), m.end_ms());
}

TEST(FghcMachine, AGoalNeedingARemoteListSuspendsUntilItIsRead) {
  Costs c = default_costs();
  c.copy_cells = 0;
  const Probe program(start({0}, 5, 1, true));
  Machine m(program, 2, 2, c, false);
  run_to_end(m);
  EXPECT_EQ(m.suspensions(), 1);
  EXPECT_EQ(m.messages(MessageKind::read_value), 1);
  EXPECT_EQ(m.messages(MessageKind::return_value), 1);
  EXPECT_EQ(m.pe(0).suspensions, 1);
  // The leaf reduced once, after the read; it bound the thrower's I.
  EXPECT_EQ(m.reductions(), 2);
  EXPECT_EQ(m.messages(MessageKind::unify), 1);
}

TEST(FghcMachine, ShortListsTravelInsideTheThrowGoal) {
  Costs c = default_costs();
  c.copy_cells = 5;
  const Probe program(start({0}, 5, 1, true));
  Machine m(program, 2, 2, c, false);
  run_to_end(m);
  EXPECT_EQ(m.suspensions(), 0);
  EXPECT_EQ(m.messages(MessageKind::read_value), 0);
  // Five copied cells make the throw_goal 5 words longer: 5 x word_ms more CPU on the two PEs.
  Costs none = c;
  none.copy_cells = 0;
  const Probe unread(start({0}, 5, 1, false));
  Machine a(unread, 2, 2, c, false);
  Machine b(unread, 2, 2, none, false);
  run_to_end(a);
  run_to_end(b);
  const double cpu_a = a.pe(0).comm_ms + a.pe(1).comm_ms;
  const double cpu_b = b.pe(0).comm_ms + b.pe(1).comm_ms;
  EXPECT_NEAR(cpu_a - cpu_b, 5 * c.word_ms, 1e-9);
}

// A program for the import table. start (on PE 1) throws `pair` to PE 0 with a 5-cell list held
// by PE 1; pair spawns a leaf and a chain of ints[0] `delay` reductions that ends in a second
// leaf; each leaf needs every cell of the list as the thrower passed it.
class Sharers final : public Program {
 public:
  explicit Sharers(int delay) : delay_(delay) {}
  Goal initial() const override {
    Goal g = start({}, 5, 1, true);
    g.ints[0] = delay_;
    return g;
  }
  int predicates() const override { return 4; }
  const char* predicate_name(int pred) const override {
    static const char* const names[] = {"start", "pair", "leaf", "delay"};
    return names[pred];
  }
  int arity(int) const override { return 2; }
  void reduce(Goal& g, Reducer& r) const override {
    Goal next = g;
    switch (g.pred) {
      case 0:
        next.pred = 1;
        r.alloc(0, next);
        return;
      case 1:
        next.pred = 2;
        r.spawn(next);
        next.pred = 3;
        r.spawn(next);
        return;
      case 2:
        for (int c = 0; c < g.lists[0].len; ++c) {
          if (!r.need(0, c)) return;
        }
        return;
      default:
        next.pred = g.ints[0] > 0 ? 3 : 2;
        --next.ints[0];
        r.spawn(next);
    }
  }

 private:
  int delay_;
};

TEST(FghcMachine, AGoalNeedingACellBeingReadWaitsForThatRead) {
  // The second leaf runs 2.25 ms after the first sent its read_value, long before the
  // return_value is back (two messages' software, about 10 ms): it waits on the same read.
  Costs c = default_costs();
  c.copy_cells = 0;
  const Sharers program(0);
  Machine m(program, 2, 2, c, false);
  run_to_end(m);
  EXPECT_EQ(m.suspensions(), 2);
  EXPECT_EQ(m.messages(MessageKind::read_value), 1);
  EXPECT_EQ(m.messages(MessageKind::return_value), 1);
  // start, pair, the delay and both leaves, each once.
  EXPECT_EQ(m.reductions(), 5);
}

TEST(FghcMachine, ACellReadOnceIsLocalToEveryGoalOfThePe) {
  // The second leaf comes 20 reductions (45 ms) later, after the return_value: the PE's import
  // table maps the cells to the copy it holds, so the leaf neither suspends nor reads.
  Costs c = default_costs();
  c.copy_cells = 0;
  const Sharers program(20);
  Machine m(program, 2, 2, c, false);
  run_to_end(m);
  EXPECT_EQ(m.suspensions(), 1);
  EXPECT_EQ(m.messages(MessageKind::read_value), 1);
  EXPECT_EQ(m.reductions(), 25);
  // Another PE has its own table: the same list thrown to two PEs is read by each.
  const Probe two(start({0, 2}, 5, 3, true));
  Machine n(two, 4, 2, c, false);
  run_to_end(n);
  EXPECT_EQ(n.messages(MessageKind::read_value), 2);
}

TEST(FghcMachine, HopsAddNetworkTimeOnly) {
  Costs c = default_costs();
  // Four PEs in a row: PE 3 throws to PE 2 (1 hop) or to PE 0 (3 hops).
  const Probe near(start({2}, 0, 3, false));
  const Probe far(start({0}, 0, 3, false));
  Machine a(near, 4, 4, c, false);
  Machine b(far, 4, 4, c, false);
  run_to_end(a);
  run_to_end(b);
  // There and back (throw_goal, unify and terminate all cross the same distance; the unify and
  // the terminate overlap), so the critical path crosses it twice more.
  EXPECT_NEAR(b.end_ms() - a.end_ms(), 2 * 2 * c.hop_ms, 1e-9);
  EXPECT_DOUBLE_EQ(b.pe(0).comm_ms + b.pe(3).comm_ms, a.pe(2).comm_ms + a.pe(3).comm_ms);
}

TEST(FghcMachine, TerminationWaitsForEveryThrownGoal) {
  const Costs c = default_costs();
  const Probe program(start({0, 1, 2}, 0, 3, false));
  Machine m(program, 4, 2, c, false);
  run_to_end(m);
  EXPECT_EQ(m.messages(MessageKind::throw_goal), 3);
  EXPECT_EQ(m.messages(MessageKind::terminate), 3);
  EXPECT_GT(m.terminated_ms(), 0);
  EXPECT_LE(m.terminated_ms(), m.end_ms());
  // Busy time never exceeds the run on any PE.
  for (int i = 0; i < m.pes(); ++i) {
    EXPECT_LE(m.pe(i).reduce_ms + m.pe(i).comm_ms, m.end_ms() + 1e-9);
  }
}

TEST(FghcMachine, TimelineCoversExactlyTheBusyTime) {
  const Costs c = default_costs();
  const Probe program(start({0, 1, 2}, 6, 3, true));
  Machine m(program, 4, 2, c, true);
  run_to_end(m);
  for (int i = 0; i < m.pes(); ++i) {
    double reducing = 0;
    double communicating = 0;
    double last_end = 0;
    for (const Interval& iv : m.pe(i).timeline) {
      EXPECT_GE(iv.start, last_end);
      last_end = iv.end;
      (iv.what == Activity::reducing ? reducing : communicating) += iv.end - iv.start;
    }
    EXPECT_NEAR(reducing, m.pe(i).reduce_ms, 1e-9);
    EXPECT_NEAR(communicating, m.pe(i).comm_ms, 1e-9);
  }
}

TEST(FghcMachine, RejectsImpossibleMachines) {
  const Probe program(start({0}, 0, 0, false));
  EXPECT_THROW(Machine(program, 0, 2, default_costs(), false), std::invalid_argument);
  EXPECT_THROW(Machine(program, 2, 0, default_costs(), false), std::invalid_argument);
}

}  // namespace
}  // namespace archex::fghc
