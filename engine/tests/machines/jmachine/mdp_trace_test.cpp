#include "machines/jmachine/mdp_trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "machines/jmachine/programs/programs.h"

namespace archex::jmachine {
namespace {

ProgramParams params(const ParamValues& overrides = {}) {
  const ParamTable<ProgramParams> t = program_table();
  return t.read(resolve_params("jmachine_programs", t.specs(), overrides));
}

// A field of every event of a kind, in order.
std::vector<std::uint32_t> column(const Trace& trace, const char* kind, const char* field) {
  const TraceKind& k = trace.kind(kind);
  for (std::size_t c = 0; c < k.columns.size(); ++c) {
    if (k.spec.fields[c].name != field) continue;
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < k.events(); ++i) out.push_back(k.columns[c].at(i));
    return out;
  }
  ADD_FAILURE() << kind << " has no field " << field;
  return {};
}

// The handler a node_state says (-1: none, the lane's detail_none).
int handler_of(const Trace& trace, std::uint32_t value) {
  return value == trace.timeline.lanes.at(0).detail_none ? -1 : static_cast<int>(value);
}

struct Traced {
  ProgramRun run;
  Trace trace;
};

Traced run(ProgramKind kind, const ProgramParams& p, int nodes) {
  TraceRequest request;
  request.length = 1e12;
  TraceRecorder rec(request);
  ProgramRunner runner(kind, p, nodes, Rng(1));
  runner.record(rec);
  while (!runner.advance(1 << 20)) {
  }
  return {runner.result(), rec.trace(true)};
}

// A whole program's trace against its own counts: every message sent is received at its
// destination (the network's packets and the nodes' messages are the same ones), each handler's
// thread is dispatched from a message received on its node, every thread started ends (or is
// preempted and goes on), and the faults are the run's.
void check(const Traced& t, int nodes) {
  const Trace& trace = t.trace;
  EXPECT_EQ(trace.dropped(), 0u);
  const std::size_t sent = trace.kind("message_sent").events();
  EXPECT_EQ(sent, static_cast<std::size_t>(t.run.messages));
  EXPECT_EQ(trace.kind("message_received").events(), sent);
  EXPECT_EQ(trace.kind("packet_delivered").events(), sent);
  EXPECT_EQ(column(trace, "message_sent", "packet"), column(trace, "packet_created", "packet"));
  EXPECT_EQ(trace.kind("send_fault").events(), static_cast<std::size_t>(t.run.send_faults));
  EXPECT_EQ(trace.kind("queue_overflow").events(), static_cast<std::size_t>(t.run.queue_faults));
  std::map<std::uint32_t, std::uint32_t> to;
  const auto packets = column(trace, "message_sent", "packet");
  const auto dests = column(trace, "message_sent", "to");
  for (std::size_t i = 0; i < packets.size(); ++i) to[packets[i]] = dests[i];
  const auto got = column(trace, "message_received", "packet");
  const auto at = column(trace, "message_received", "node");
  std::map<std::uint32_t, int> received_on;
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(to.at(got[i]), at[i]);
    ++received_on[at[i]];
  }
  std::map<std::uint32_t, int> dispatched_on;
  for (const std::uint32_t n : column(trace, "message_dispatched", "node")) ++dispatched_on[n];
  EXPECT_EQ(dispatched_on, received_on);
  EXPECT_EQ(trace.kind("thread_started").events(),
            trace.kind("thread_ended").events() + trace.kind("thread_suspended").events());
  std::map<std::uint32_t, int> threads;
  for (const std::uint32_t n : column(trace, "thread_started", "node")) ++threads[n];
  EXPECT_EQ(static_cast<int>(threads.size()), nodes);
}

TEST(MdpTrace, ABarriersTraceHoldsEveryWaveAndSumsToTheRunsCounts) {
  const int nodes = 16;
  const Traced t = run(ProgramKind::kBarrier, params(), nodes);
  check(t, nodes);
  // Every node passes each of the log2(16) waves once.
  std::map<std::uint32_t, int> waves;
  for (const std::uint32_t w : column(t.trace, "barrier_wave", "wave")) ++waves[w];
  EXPECT_EQ(waves, (std::map<std::uint32_t, int>{{0, 16}, {1, 16}, {2, 16}, {3, 16}}));
}

TEST(MdpTrace, RadixSortsPriorityOneWritesPreemptAndTheCountsStillAddUp) {
  const Traced t = run(
      ProgramKind::kRadix,
      params({{"radix_keys", ParamValue(2048)}, {"radix_write_priority", ParamValue(1)}}), 16);
  check(t, 16);
  EXPECT_GT(t.trace.kind("thread_suspended").events(), 0u);
  for (const std::uint32_t p : column(t.trace, "thread_suspended", "priority")) EXPECT_EQ(p, 0u);
}

TEST(MdpTrace, QueueOverflowsAndSendFaultsAreRecordedAsTheRunCountsThem) {
  // 8-queens on 16 nodes with queues of 16 words: the results sent to node 0 overflow its
  // queue, and the boards handed out meet a busy network.
  const Traced t = run(ProgramKind::kQueens,
                       params({{"queens_n", ParamValue(8)},
                               {"receive_queue_words", ParamValue(16)}}),
                       16);
  check(t, 16);
  EXPECT_GT(t.run.queue_faults, 0);
  EXPECT_GT(t.run.send_faults, 0);
}

// The times of every event of a kind, in order.
std::vector<double> times(const Trace& trace, const char* kind) {
  const TraceKind& k = trace.kind(kind);
  std::vector<double> out;
  for (std::size_t r = 0; r < k.times.size(); ++r) out.insert(out.end(), k.counts[r], k.times[r]);
  return out;
}

// A row's change: at `time` the node is in `state`, running `handler` (-1: none); `entry`: a new
// thread starts, a span of its own.
struct Change {
  double time;
  int state;
  int handler;
  bool entry;
};
using Changes = std::map<std::uint32_t, std::vector<Change>>;

// The spans a row's changes make, as their starts: at one time the last change holds, and one
// that repeats the state and handler of the span before goes on with it unless a thread starts.
std::vector<std::tuple<double, int, int>> span_starts(const std::vector<Change>& changes) {
  std::vector<std::tuple<double, int, int>> out;
  int state = static_cast<int>(NodeState::kIdle);
  int handler = -1;
  for (std::size_t i = 0; i < changes.size(); ++i) {
    const Change& c = changes[i];
    if (i + 1 < changes.size() && changes[i + 1].time == c.time) continue;
    if (!c.entry && c.state == state && c.handler == handler) continue;
    out.emplace_back(c.time, c.state, c.handler);
    state = c.state;
    handler = c.handler;
  }
  return out;
}

// Each node's changes as the recorder's node_state events say them.
Changes recorded(const Trace& trace) {
  Changes out;
  const auto t = times(trace, "node_state");
  const auto node = column(trace, "node_state", "node");
  const auto state = column(trace, "node_state", "state");
  const auto handler = column(trace, "node_state", "handler");
  const auto thread = column(trace, "node_state", "thread");
  for (std::size_t i = 0; i < t.size(); ++i) {
    const int h = handler_of(trace, handler[i]);
    out[node[i]].push_back({t[i], static_cast<int>(state[i]), h, thread[i] != 0});
  }
  return out;
}

// Each node's changes read off its thread events instead: a node runs its highest active thread
// (a preempted one still active), or waits from a refused send's fault to its message_sent, or
// idles. Events at one time are summed, as the trace keeps no order between kinds at one time.
Changes derived(const Trace& trace) {
  struct Moment {
    int delta = 0;
    int handler = -1;
    bool background = false;
    bool started = false;
  };
  struct At {
    Moment p[2];
    int refused = -1;  // 1: a refused send begins, 0: it ends, -1: neither
  };
  std::map<std::uint32_t, std::map<double, At>> moments;
  const auto each = [&](const char* kind, const auto& apply) {
    const auto t = times(trace, kind);
    const auto node = column(trace, kind, "node");
    const auto priority = column(trace, kind, "priority");
    for (std::size_t i = 0; i < t.size(); ++i) apply(moments[node[i]][t[i]].p[priority[i]], i);
  };
  const auto cause = column(trace, "thread_started", "cause");
  each("thread_started", [&](Moment& m, std::size_t i) {
    if (cause[i] == static_cast<std::uint32_t>(ThreadCause::kResume)) return;
    ++m.delta;
    m.started = true;
    m.background = cause[i] == static_cast<std::uint32_t>(ThreadCause::kBackground);
  });
  const auto handler = column(trace, "message_dispatched", "handler");
  each("message_dispatched", [&](Moment& m, std::size_t i) {
    m.handler = static_cast<int>(handler[i]);
  });
  each("thread_ended", [](Moment& m, std::size_t) { --m.delta; });
  // Faults and sends in time order, a fault first at one time.
  std::vector<std::tuple<double, int, std::uint32_t>> sends;
  const auto fault_t = times(trace, "send_fault");
  const auto fault_node = column(trace, "send_fault", "node");
  for (std::size_t i = 0; i < fault_t.size(); ++i) sends.emplace_back(fault_t[i], 0, fault_node[i]);
  const auto sent_t = times(trace, "message_sent");
  const auto sent_node = column(trace, "message_sent", "node");
  for (std::size_t i = 0; i < sent_t.size(); ++i) sends.emplace_back(sent_t[i], 1, sent_node[i]);
  std::stable_sort(sends.begin(), sends.end(), [](const auto& a, const auto& b) {
    return std::get<0>(a) < std::get<0>(b);
  });
  std::map<std::uint32_t, bool> faulted;
  for (const auto& [t, sent, node] : sends) {
    if (!sent) {
      faulted[node] = true;
      moments[node][t].refused = 1;
    } else if (faulted[node]) {
      faulted[node] = false;
      moments[node][t].refused = 0;
    }
  }
  Changes out;
  for (const auto& [node, by_time] : moments) {
    struct Thread {
      bool active = false;
      int handler = -1;
      bool background = false;
    } threads[2];
    bool waiting = false;
    for (const auto& [t, at] : by_time) {
      if (at.refused >= 0) waiting = at.refused == 1;
      for (int p = 0; p < 2; ++p) {
        const Moment& m = at.p[p];
        Thread& s = threads[p];
        s.active = s.active ? m.delta >= 0 : m.delta > 0;
        if (m.started || !s.active) {
          s.handler = s.active ? m.handler : -1;
          s.background = s.active && m.background;
        }
      }
      const int top = threads[1].active ? 1 : threads[0].active ? 0 : -1;
      const NodeState runs = top == 1                ? NodeState::kPriority1
                             : top < 0               ? NodeState::kIdle
                             : threads[0].background ? NodeState::kBackground
                                                     : NodeState::kPriority0;
      const NodeState state = waiting ? NodeState::kSendRefused : runs;
      out[node].push_back({t, static_cast<int>(state), top < 0 ? -1 : threads[top].handler,
                           top >= 0 && at.p[top].started});
    }
  }
  return out;
}

TEST(MdpTrace, EachNodesRecordedStatesAgreeWithItsThreadEvents) {
  // Every program, with preemption (radix), queue overflows and send faults (queens' small
  // queues) and background work (LCS's node 0).
  const std::vector<std::pair<ProgramKind, ParamValues>> runs = {
      {ProgramKind::kBarrier, {}},
      {ProgramKind::kLcs, {{"lcs_b_chars", ParamValue(256)}}},
      {ProgramKind::kRadix,
       {{"radix_keys", ParamValue(2048)}, {"radix_write_priority", ParamValue(1)}}},
      {ProgramKind::kQueens,
       {{"queens_n", ParamValue(8)}, {"receive_queue_words", ParamValue(16)}}},
      {ProgramKind::kTsp, {{"tsp_cities", ParamValue(9)}}},
  };
  std::set<int> seen;
  for (const auto& [kind, overrides] : runs) {
    const Traced t = run(kind, params(overrides), 16);
    const Changes from_states = recorded(t.trace);
    const Changes from_threads = derived(t.trace);
    std::size_t spans = 0;
    for (const auto& [node, changes] : from_threads) {
      const auto want = span_starts(changes);
      const auto it = from_states.find(node);
      const auto got = it == from_states.end() ? decltype(want){} : span_starts(it->second);
      EXPECT_EQ(got, want) << program_key(kind) << " node " << node;
      spans += want.size();
      for (const auto& start : want) seen.insert(std::get<1>(start));
    }
    for (const auto& [node, changes] : from_states) {
      EXPECT_TRUE(from_threads.count(node) || span_starts(changes).empty())
          << program_key(kind) << " node " << node;
    }
    EXPECT_GT(spans, 16u) << program_key(kind);
  }
  EXPECT_EQ(seen.size(), 5u);  // every state
}

TEST(MdpTrace, AWindowStartsFromEachNodesStateThen) {
  // Radix sort's priority-1 writes run on some nodes as the window opens: the snapshot says
  // what each runs (the handler too), as the whole run's trace has it at that time.
  const ProgramParams p =
      params({{"radix_keys", ParamValue(2048)}, {"radix_write_priority", ParamValue(1)}});
  const Traced whole = run(ProgramKind::kRadix, p, 16);
  TraceRequest request;
  request.from = 20000;
  request.length = 1000;
  TraceRecorder rec(request);
  ProgramRunner runner(ProgramKind::kRadix, p, 16, Rng(1));
  runner.record(rec);
  while (!runner.advance(1 << 20)) {
  }
  const Trace window = rec.trace(true);
  const auto node = column(window, "node_state_at_start", "node");
  ASSERT_FALSE(node.empty());
  const auto state = column(window, "node_state_at_start", "state");
  const auto handler = column(window, "node_state_at_start", "handler");
  const Changes all = recorded(whole.trace);
  for (std::size_t i = 0; i < node.size(); ++i) {
    EXPECT_EQ(times(window, "node_state_at_start")[i], 20000);
    // The whole run's last change before the window on that node.
    const auto& changes = all.at(node[i]);
    const auto last = std::find_if(changes.rbegin(), changes.rend(),
                                   [](const Change& c) { return c.time < 20000; });
    ASSERT_NE(last, changes.rend());
    EXPECT_EQ(static_cast<int>(state[i]), last->state);
    EXPECT_EQ(handler_of(window, handler[i]), last->handler);
  }
}

TEST(MdpTrace, TracingChangesNoResult) {
  const ProgramParams p = params({{"radix_keys", ParamValue(2048)}});
  ProgramRunner plain(ProgramKind::kRadix, p, 16, Rng(1));
  while (!plain.advance(1 << 20)) {
  }
  const Traced t = run(ProgramKind::kRadix, p, 16);
  EXPECT_EQ(plain.result().cycles, t.run.cycles);
  EXPECT_EQ(plain.result().uses, t.run.uses);
  EXPECT_EQ(plain.result().messages, t.run.messages);
}

}  // namespace
}  // namespace archex::jmachine
