#include "machines/jmachine/mdp_trace.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
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
  const Traced t = run(ProgramKind::kRadix, params({{"radix_keys", ParamValue(2048)}}), 16);
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
