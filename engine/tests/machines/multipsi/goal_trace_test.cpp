#include "machines/multipsi/goal_trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "machines/multipsi/machine.h"
#include "machines/multipsi/programs/queens.h"
#include "machines/multipsi/costs.h"
#include "core/trace_events.h"

namespace archex::fghc {
namespace {

struct Traced {
  std::unique_ptr<Program> program;
  std::unique_ptr<Machine> machine;
};

Traced run(QueensProgram which, TraceRecorder* rec) {
  Traced r;
  r.program = make_queens(which, 7, 6, 2);
  r.machine = std::make_unique<Machine>(*r.program, 6, 3, default_costs(), false);
  if (rec) r.machine->record(*rec);
  while (!r.machine->advance(100000)) {
  }
  return r;
}

// A whole run of the program, traced: the machine and what it recorded.
struct WholeRun {
  Traced run;
  Trace trace;
};

WholeRun whole_run(QueensProgram which) {
  TraceRequest request;
  request.length = 1e9;
  TraceRecorder rec(request);
  WholeRun w{run(which, &rec), {}};
  w.trace = rec.trace(true);
  return w;
}

// The trace of a whole run against the machine's own counters: every reduction, suspension,
// resumption and message is there once, by kind and by PE; every thrown goal is received by the
// PE it was thrown to; the ready stacks' depths follow from the goals pushed and popped.
TEST(GoalTrace, AWholeRunsEventsSumToTheMachinesCounters) {
  for (const QueensProgram which : {QueensProgram::program1, QueensProgram::program2}) {
    const auto [r, trace] = whole_run(which);
    const Machine& m = *r.machine;
    EXPECT_EQ(trace.clock, "ms");
    EXPECT_EQ(trace.dropped(), 0u);
    EXPECT_EQ(trace.kind("goal_reduced").events(), static_cast<std::size_t>(m.reductions()));
    EXPECT_EQ(trace.kind("goal_suspended").events(), static_cast<std::size_t>(m.suspensions()));
    EXPECT_GT(m.suspensions(), 0);
    EXPECT_EQ(trace.kind("goal_resumed").events(), static_cast<std::size_t>(m.suspensions()));
    EXPECT_EQ(trace.kind("goal_thrown").events(),
              static_cast<std::size_t>(m.messages(MessageKind::throw_goal)));
    std::map<std::uint32_t, std::int64_t> sent_by_kind;
    std::map<std::uint32_t, std::uint32_t> thrown_to;
    for (const auto& [t, f] : events(trace.kind("message_sent"))) {
      ++sent_by_kind[f.at("message")];
      if (f.at("message") == static_cast<std::uint32_t>(MessageKind::throw_goal)) {
        thrown_to[f.at("goal")] = f.at("to");
      }
    }
    for (int k = 0; k < kMessageKinds; ++k) {
      EXPECT_EQ(sent_by_kind[static_cast<std::uint32_t>(k)],
                m.messages(static_cast<MessageKind>(k)))
          << message_kind_name(static_cast<MessageKind>(k));
    }
    EXPECT_EQ(trace.kind("message_received").events(), static_cast<std::size_t>(m.messages()));
    for (const auto& [t, f] : events(trace.kind("message_received"))) {
      if (f.at("message") != static_cast<std::uint32_t>(MessageKind::throw_goal)) continue;
      EXPECT_EQ(thrown_to.at(f.at("goal")), f.at("node"));
    }
    std::map<std::uint32_t, std::int64_t> reduced_on;
    for (const auto& [t, f] : events(trace.kind("goal_reduced"))) ++reduced_on[f.at("node")];
    for (int p = 0; p < m.pes(); ++p) {
      EXPECT_EQ(reduced_on[static_cast<std::uint32_t>(p)], m.pe(p).reductions) << "PE " << p;
    }
    // Each depth recorded is what the goals pushed (ready at the start, spawned, received,
    // resumed) and popped (reduced, suspended) on that PE make it; the stacks end empty.
    struct Change {
      double t;
      int check;  // 0: a change by `delta`; 1: the recorded depth
      std::uint32_t node;
      std::int64_t value;
    };
    std::vector<Change> changes;
    const auto add = [&](const char* kind, std::int64_t delta) {
      for (const auto& [t, f] : events(trace.kind(kind))) {
        if (std::string(kind) == "message_received" &&
            f.at("message") != static_cast<std::uint32_t>(MessageKind::throw_goal)) {
          continue;
        }
        changes.push_back({t, 0, f.at("node"), delta});
      }
    };
    add("goal_ready", 1);
    add("goal_spawned", 1);
    add("message_received", 1);
    add("goal_resumed", 1);
    add("goal_reduced", -1);
    add("goal_suspended", -1);
    for (const auto& [t, f] : events(trace.kind("ready_depth"))) {
      changes.push_back({t, 1, f.at("node"), f.at("depth")});
    }
    std::stable_sort(changes.begin(), changes.end(), [](const Change& a, const Change& b) {
      return a.t != b.t ? a.t < b.t : a.check < b.check;
    });
    std::map<std::uint32_t, std::int64_t> depth;
    int checked = 0;
    for (const Change& c : changes) {
      if (c.check == 0) {
        depth[c.node] += c.value;
        continue;
      }
      EXPECT_EQ(depth[c.node], c.value) << "PE " << c.node << " at " << c.t;
      ++checked;
    }
    for (const auto& [pe, d] : depth) EXPECT_EQ(d, 0) << "PE " << pe;
    EXPECT_GT(checked, 100);
  }
}

TEST(GoalTrace, AWindowsSnapshotHoldsTheReadyGoalsAndItsEventsAreThoseOfTheWholeRunThen) {
  const Trace full = whole_run(QueensProgram::program1).trace;
  TraceRequest part;
  part.from = full.kind("goal_reduced").times[full.kind("goal_reduced").times.size() / 2];
  part.length = 50;
  TraceRecorder window(part);
  run(QueensProgram::program1, &window);
  const Trace w = window.trace(true);
  EXPECT_GT(w.kind("goal_ready").events(), 0u);
  for (const TraceKind& k : w.kinds) {
    if (k.spec.snapshot) continue;
    std::size_t in_full = 0;
    for (const auto& [t, f] : events(full.kind(k.spec.name))) {
      in_full += t >= part.from && t < part.from + 50;
    }
    EXPECT_EQ(k.events(), in_full) << k.spec.name;
  }
}

// A PE's state at `t` from its pe_state changes: the last change at or before t (of several at
// one time, the last recorded).
std::map<std::uint32_t, std::uint32_t> states_at(const Trace& trace, double t) {
  std::map<std::uint32_t, std::uint32_t> at;
  auto changes = events(trace.kind("pe_state"));
  std::stable_sort(changes.begin(), changes.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [time, f] : changes) {
    if (time <= t) at[f.at("node")] = f.at("state");
  }
  return at;
}

// The PE lane's spans are the machine's own accounts: per PE, the time in "reducing" is its
// reduce_ms and in "communicating" its comm_ms (states 1 and 2; 0 is idle).
TEST(GoalTrace, EachPesStatesSumToItsReductionAndCommunicationTime) {
  const auto [r, trace] = whole_run(QueensProgram::program2);
  ASSERT_EQ(trace.timeline.lanes.size(), 1u);
  ASSERT_EQ(trace.timeline.messages.size(), 1u);
  std::map<std::uint32_t, std::vector<std::pair<double, std::uint32_t>>> by_pe;
  for (const auto& [t, f] : events(trace.kind("pe_state"))) {
    by_pe[f.at("node")].emplace_back(t, f.at("state"));
  }
  for (int p = 0; p < r.machine->pes(); ++p) {
    auto& list = by_pe[static_cast<std::uint32_t>(p)];
    std::stable_sort(list.begin(), list.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    double in[3] = {0, 0, 0};
    for (std::size_t i = 0; i + 1 < list.size(); ++i) {
      in[list[i].second] += list[i + 1].first - list[i].first;
    }
    ASSERT_FALSE(list.empty()) << "PE " << p;
    EXPECT_EQ(list.back().second, 0u) << "PE " << p << " ends idle";
    EXPECT_NEAR(in[1], r.machine->pe(p).reduce_ms, 1e-6 * r.machine->end_ms()) << "PE " << p;
    EXPECT_NEAR(in[2], r.machine->pe(p).comm_ms, 1e-6 * r.machine->end_ms()) << "PE " << p;
    EXPECT_GT(in[1], 0) << "PE " << p;
  }
}

// A message's send and receipt carry one id: each id is sent once and received once, by the PE
// it was sent to, from the PE that sent it, of the same kind, no sooner than it was sent.
TEST(GoalTrace, EachMessageIdPairsOneSendWithItsReceipt) {
  const auto [r, trace] = whole_run(QueensProgram::program1);
  std::map<std::uint32_t, std::pair<double, std::map<std::string, std::uint32_t>>> sent;
  for (const auto& [t, f] : events(trace.kind("message_sent"))) {
    EXPECT_TRUE(sent.emplace(f.at("id"), std::make_pair(t, f)).second) << "id " << f.at("id");
  }
  std::size_t received = 0;
  for (const auto& [t, f] : events(trace.kind("message_received"))) {
    const auto s = sent.find(f.at("id"));
    ASSERT_NE(s, sent.end()) << "id " << f.at("id");
    EXPECT_EQ(s->second.second.at("to"), f.at("node"));
    EXPECT_EQ(s->second.second.at("node"), f.at("from"));
    EXPECT_EQ(s->second.second.at("message"), f.at("message"));
    EXPECT_GE(t, s->second.first);
    ++received;
  }
  EXPECT_EQ(received, sent.size());
  EXPECT_EQ(received, static_cast<std::size_t>(r.machine->messages()));
}

// The message kinds the goal view reads are declared by role, sent and received alike: the
// throw_goal carries a thrown goal, the return_value may resume a suspended one.
TEST(GoalTrace, DeclaresTheRoleOfEachMessageKind) {
  const auto [r, trace] = whole_run(QueensProgram::program1);
  for (const char* kind : {"message_sent", "message_received"}) {
    const std::vector<TraceFieldSpec>& fields = trace.kind(kind).spec.fields;
    const auto message = std::find_if(fields.begin(), fields.end(),
                                      [](const TraceFieldSpec& f) { return f.name == "message"; });
    ASSERT_NE(message, fields.end());
    ASSERT_EQ(message->roles.size(), message->labels.size());
    for (std::size_t v = 0; v < message->labels.size(); ++v) {
      const auto k = static_cast<MessageKind>(v);
      EXPECT_EQ(message->roles[v], k == MessageKind::throw_goal     ? TraceRole::kGoalThrown
                                   : k == MessageKind::return_value ? TraceRole::kGoalResumed
                                                                    : TraceRole::kNone)
          << message->labels[v];
    }
  }
}

// A window's pe_state_at_start says what each PE does as it opens, as the whole run's changes do.
TEST(GoalTrace, AWindowsStartingStatesAreTheWholeRunsThen) {
  const Trace full = whole_run(QueensProgram::program1).trace;
  const auto& times = full.kind("pe_state").times;
  int busy = 0;
  for (const double fraction : {0.25, 0.5, 0.75}) {
    TraceRequest part;
    const auto at = static_cast<std::size_t>(fraction * static_cast<double>(times.size()));
    part.from = times[at] + 0.01;
    part.length = 20;
    TraceRecorder window(part);
    run(QueensProgram::program1, &window);
    const auto expected = states_at(full, part.from);
    const Trace w = window.trace(true);
    for (const auto& [t, f] : events(w.kind("pe_state_at_start"))) {
      EXPECT_EQ(t, part.from);
      const auto e = expected.find(f.at("node"));
      EXPECT_EQ(f.at("state"), e == expected.end() ? 0u : e->second) << "PE " << f.at("node");
      busy += f.at("state") != 0;
    }
  }
  EXPECT_GT(busy, 0);
}

TEST(GoalTrace, TracingChangesNoResult) {
  TraceRecorder rec(TraceRequest{});
  const Traced a = run(QueensProgram::program2, nullptr);
  const Traced b = run(QueensProgram::program2, &rec);
  EXPECT_EQ(a.machine->end_ms(), b.machine->end_ms());
  EXPECT_EQ(a.machine->messages(), b.machine->messages());
  EXPECT_EQ(a.machine->reductions(), b.machine->reductions());
}

}  // namespace
}  // namespace archex::fghc
