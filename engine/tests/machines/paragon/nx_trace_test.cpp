#include "machines/paragon/nx_trace.h"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "machines/paragon/library.h"
#include "machines/paragon/machine.h"

namespace archex::paragon {
namespace {

// One event of a kind: its time and its fields by name (a case by its label).
struct Event {
  double us;
  std::map<std::string, std::uint32_t> field;
  std::string label;
};

std::vector<Event> events(const Trace& trace, const char* kind) {
  const TraceKind& k = trace.kind(kind);
  std::vector<Event> out;
  std::size_t i = 0;
  for (std::size_t run = 0; run < k.times.size(); ++run) {
    for (std::uint32_t n = 0; n < k.counts[run]; ++n, ++i) {
      Event e{k.times[run], {}, ""};
      for (std::size_t c = 0; c < k.columns.size(); ++c) {
        const TraceFieldSpec& spec = k.spec.fields[c];
        e.field[spec.name] = k.columns[c].at(i);
        if (!spec.labels.empty()) e.label = spec.labels[k.columns[c].at(i)];
      }
      out.push_back(e);
    }
  }
  return out;
}

struct Traced {
  double time_us;
  Trace trace;
};

// The whole run unless a window is given.
TraceRequest whole() {
  TraceRequest r;
  r.length = 1e12;
  return r;
}

Traced traced(const MachineParams& m, std::vector<int> dims, std::vector<Program> programs,
              TraceRequest request = whole()) {
  Machine machine(m, std::move(dims));
  TraceRecorder recorder(request);
  machine.record(recorder);
  const double time = run(machine, std::move(programs));
  return {time, recorder.trace(true)};
}

// Each node's time in each state of a processor's kind, from its state changes: a state lasts
// until the node's next change (the last until `end`).
std::map<std::pair<std::uint32_t, std::string>, double> time_in(const Trace& trace,
                                                                const char* kind, double end) {
  std::map<std::uint32_t, std::vector<Event>> by_node;
  for (const Event& e : events(trace, kind)) by_node[e.field.at("node")].push_back(e);
  std::map<std::pair<std::uint32_t, std::string>, double> out;
  for (auto& [node, list] : by_node) {
    std::stable_sort(list.begin(), list.end(),
                     [](const Event& a, const Event& b) { return a.us < b.us; });
    for (std::size_t i = 0; i < list.size(); ++i) {
      const double until = i + 1 < list.size() ? list[i + 1].us : end;
      out[{node, list[i].label}] += until - list[i].us;
    }
  }
  return out;
}

TEST(NxTrace, OneMessageIsSentReceivedAndItsProcessorsBusyForTheirOverheads) {
  const MachineParams m = default_params();
  std::vector<Program> programs(8);
  const int bytes = 2 * m.nx_packet_bytes;
  programs[0] = {{Op::kCompute, 0, 50}, {Op::kSend, 1, static_cast<double>(bytes)},
                 {Op::kWaitSend, 0, 0}};
  programs[1] = {{Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}};
  const Traced t = traced(m, {4, 2}, programs);
  EXPECT_EQ(t.trace.clock, "us");
  EXPECT_EQ(t.trace.dropped(), 0u);

  const std::vector<Event> sent = events(t.trace, "message_sent");
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].field.at("node"), 0u);
  EXPECT_EQ(sent[0].field.at("to"), 1u);
  EXPECT_EQ(sent[0].field.at("bytes"), static_cast<std::uint32_t>(bytes));
  // The message processor takes it as the compute processor hands it over, after its 50 us.
  EXPECT_NEAR(sent[0].us, 50, m.flit_bytes / m.link_mb_s);
  const std::vector<Event> received = events(t.trace, "message_received");
  ASSERT_EQ(received.size(), 1u);
  EXPECT_EQ(received[0].field.at("node"), 1u);
  EXPECT_EQ(received[0].field.at("from"), 0u);
  EXPECT_EQ(received[0].field.at("message"), sent[0].field.at("message"));
  EXPECT_GT(received[0].us, sent[0].us + m.nx_send_message_us + m.nx_recv_message_us);

  // The sender's message processor: the message's overhead and its two packets, each followed by
  // the fraction of a cycle until the machine's next cycle looks at it; the receiver's, the two
  // packets as they arrive.
  std::vector<std::string> sender;
  std::vector<std::string> receiver;
  for (const Event& e : events(t.trace, "mp_state")) {
    (e.field.at("node") == 0 ? sender : receiver).push_back(e.label);
  }
  EXPECT_EQ(sender, (std::vector<std::string>{"send_message", "idle", "send_packet", "idle",
                                              "send_packet", "idle"}));
  EXPECT_EQ(receiver,
            (std::vector<std::string>{"receive_packet", "idle", "receive_packet", "idle"}));
  const auto in = time_in(t.trace, "mp_state", t.time_us);
  EXPECT_NEAR((in.at({0, "send_message"})), m.nx_send_message_us, 1e-9);
  const double cycle = m.flit_bytes / m.link_mb_s;
  const double packet = m.nx_packet_us + packet_flits(m, m.nx_packet_bytes) * cycle;
  EXPECT_NEAR((in.at({0, "send_packet"})), 2 * packet, 1e-9);
  EXPECT_NEAR((in.at({1, "receive_packet"})), 2 * packet + m.nx_recv_message_us, 1e-9);

  // The receiver's compute processor posts, is idle until the machine's next cycle looks at it,
  // waits for the message, and is done when it is in.
  std::vector<std::pair<std::string, double>> cp1;
  for (const Event& e : events(t.trace, "cp_state")) {
    if (e.field.at("node") == 1) cp1.emplace_back(e.label, e.us);
  }
  ASSERT_EQ(cp1.size(), 4u);
  EXPECT_EQ(cp1[0], (std::pair<std::string, double>{"post", 0}));
  EXPECT_EQ(cp1[1].first, "idle");
  EXPECT_NEAR(cp1[1].second, m.nx_post_us, 1e-9);
  EXPECT_EQ(cp1[2].first, "wait_receive");
  EXPECT_LT(cp1[2].second - cp1[1].second, cycle);
  EXPECT_EQ(cp1[3].first, "done");
  EXPECT_NEAR(cp1[3].second, received[0].us, cycle);
}

// A BSP superstep of a random 8-relation on 16 nodes, twice: every message the programs send is
// traced once as sent and once as received at its destination, and each node's time computing
// and posting is exactly what its program asks (the library's buffer and allocation costs are
// compute steps).
TEST(NxTrace, ABspRunsEventsAddUpToItsPrograms) {
  const MachineParams m = default_params();
  const int p = 16;
  Rng rng(7);
  std::vector<Program> programs(p);
  for (int step = 0; step < 2; ++step) {
    bsp_sync(programs, m, random_h_relation(p, 8, rng));
  }
  std::map<std::uint32_t, double> compute;
  std::map<std::uint32_t, double> post;
  std::size_t sends = 0;
  int barriers = 0;
  for (int i = 0; i < p; ++i) {
    for (const Step& s : programs[static_cast<std::size_t>(i)]) {
      if (s.op == Op::kCompute) compute[static_cast<std::uint32_t>(i)] += s.value;
      if (s.op == Op::kPost) post[static_cast<std::uint32_t>(i)] += s.value * m.nx_post_us;
      if (s.op == Op::kSend) ++sends;
      if (s.op == Op::kBarrier && i == 0) ++barriers;
    }
  }
  Machine plain(m, {4, 4});
  const double untraced = run(plain, programs);
  const Traced t = traced(m, {4, 4}, programs);
  // Recording changes nothing in the run.
  EXPECT_EQ(t.time_us, untraced);
  EXPECT_EQ(t.trace.dropped(), 0u);

  const std::vector<Event> sent = events(t.trace, "message_sent");
  const std::vector<Event> received = events(t.trace, "message_received");
  ASSERT_EQ(sent.size(), sends);
  ASSERT_EQ(received.size(), sends);
  std::map<std::uint32_t, const Event*> by_id;
  for (const Event& e : sent) by_id[e.field.at("message")] = &e;
  EXPECT_EQ(by_id.size(), sends);
  for (const Event& r : received) {
    const Event* s = by_id.at(r.field.at("message"));
    EXPECT_EQ(s->field.at("to"), r.field.at("node"));
    EXPECT_EQ(s->field.at("node"), r.field.at("from"));
    EXPECT_GT(r.us, s->us);
  }

  const auto in = time_in(t.trace, "cp_state", t.time_us);
  for (std::uint32_t i = 0; i < p; ++i) {
    EXPECT_NEAR((in.at({i, "compute"})), compute[i], 1e-6) << "node " << i;
    EXPECT_NEAR((in.count({i, "post"}) ? in.at({i, "post"}) : 0), post[i], 1e-6) << "node " << i;
    // Each barrier at least its own rounds' time.
    EXPECT_GE((in.at({i, "barrier"})), barriers * log2_ceil(p) * m.barrier_round_us);
  }
}

TEST(NxTrace, AWindowStartsWithEachProcessorsState) {
  const MachineParams m = default_params();
  std::vector<Program> programs(4);
  programs[0] = {{Op::kCompute, 0, 100}, {Op::kSend, 1, 20000}, {Op::kWaitSend, 0, 0}};
  programs[1] = {{Op::kPost, 0, 1}, {Op::kWaitRecv, 0, 1}};
  programs[2] = {{Op::kCompute, 0, 500}};
  TraceRequest window;
  window.from = 200;
  window.length = 30;
  const Traced t = traced(m, {2, 2}, programs, window);
  // At 200 us node 0 has handed its 20,000 bytes over and waits for them to leave (20 packets
  // of about 12 us after the 66.9 us overhead), node 1 has posted its receive (79.5 us) and
  // waits, node 2 computes until 500 us, node 3 has nothing to do.
  std::vector<std::string> cp;
  for (const Event& e : events(t.trace, "cp_state_at_start")) {
    EXPECT_EQ(e.us, 200);
    cp.push_back(e.label);
  }
  EXPECT_EQ(cp, (std::vector<std::string>{"wait_send", "wait_receive", "compute", "done"}));
  std::vector<std::string> mp;
  for (const Event& e : events(t.trace, "mp_state_at_start")) mp.push_back(e.label);
  EXPECT_EQ(mp.size(), 4u);
  EXPECT_EQ(mp[2], "idle");
  for (const char* kind : {"cp_state", "mp_state", "message_sent", "message_received"}) {
    for (const Event& e : events(t.trace, kind)) {
      EXPECT_GE(e.us, 200) << kind;
      EXPECT_LT(e.us, 230) << kind;
    }
  }
}

}  // namespace
}  // namespace archex::paragon
