#include "network/network_trace.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/rng.h"
#include "network/circuit/circuit.h"
#include "network/topologies/crossbar/crossbar.h"
#include "network/topologies/fly/fly.h"
#include "network/topologies/kncube/kncube.h"
#include "network/wormhole/network.h"
#include "network/traffic/traffic.h"

namespace archex {
namespace {

// An event with its fields by name.
struct Event {
  double time;
  std::string kind;
  bool snapshot;
  // Its place among the events of its time, where its kind says (a circuit's round).
  std::uint32_t order;
  std::map<std::string, std::uint32_t> f;
  std::uint32_t operator[](const char* name) const { return f.at(name); }
};

// Every event of a trace in time order; at one time the snapshot first (the state before it), then
// the flits blocked (where they were as the cycle began), then what moved, in the order its kinds
// give (a circuit's rounds).
std::vector<Event> flatten(const Trace& trace) {
  std::vector<Event> out;
  for (const TraceKind& k : trace.kinds) {
    std::size_t i = 0;
    for (std::size_t r = 0; r < k.times.size(); ++r) {
      for (std::uint32_t n = 0; n < k.counts[r]; ++n, ++i) {
        Event e{k.times[r], k.spec.name, k.spec.snapshot, 0, {}};
        for (std::size_t c = 0; c < k.columns.size(); ++c) {
          e.f[k.spec.fields[c].name] = k.columns[c].at(i);
          if (k.spec.fields[c].order) e.order = k.columns[c].at(i);
        }
        out.push_back(std::move(e));
      }
    }
  }
  const auto phase = [](const Event& e) {
    return e.snapshot ? 0 : e.kind == "flit_blocked" ? 1 : 2;
  };
  std::stable_sort(out.begin(), out.end(), [&](const Event& a, const Event& b) {
    if (a.time != b.time) return a.time < b.time;
    return phase(a) != phase(b) ? phase(a) < phase(b) : a.order < b.order;
  });
  return out;
}

// Each router output port's channel number and the input at its far end (-1: none).
struct Channels {
  explicit Channels(const Topology& topo) {
    std::vector<int> base;
    int n = 0;
    for (int r = 0; r < topo.routers(); ++r) {
      base.push_back(n);
      n += topo.ports(r);
    }
    for (int r = 0; r < topo.routers(); ++r) {
      for (int p = 0; p < topo.ports(r); ++p) {
        const PortTarget t = topo.output(r, p);
        downstream.push_back(t.router >= 0 ? base[static_cast<std::size_t>(t.router)] + t.port
                                           : -1);
        router.push_back(r);
      }
    }
  }
  std::vector<int> downstream;
  std::vector<int> router;
};

struct Window {
  std::int64_t from = 200;
  std::int64_t cycles = 300;
};

// What a traced run of Bernoulli traffic counted itself over the window.
struct Counted {
  std::vector<std::uint64_t> sent;  // per channel
  std::int64_t delivered = 0;
  std::vector<std::pair<int, std::int64_t>> deliveries;  // (src, cycle) of every packet
  std::multiset<std::pair<std::int64_t, std::int64_t>> lives;  // (created, delivered) of each
};

Counted run_traffic(Network& net, double rate, int flits, Window w, std::int64_t total) {
  const Topology& topo = net.topology();
  const TrafficPattern uniform(topo, Pattern::kUniform, 0);
  const Channels map(topo);
  Rng rng(7);
  Counted c;
  while (net.now() < total) {
    if (net.now() == w.from) net.reset_counters();
    for (int n = 0; n < topo.terminals(); ++n) {
      if (rng.uniform01() < rate / flits) net.send(n, uniform.destination(n, rng), flits, 0);
    }
    net.step();
    const bool in = net.now() > w.from && net.now() <= w.from + w.cycles;
    for (const int id : net.delivered()) {
      const Packet& p = net.packet(id);
      c.deliveries.emplace_back(p.src, p.delivered);
      c.lives.emplace(p.created, p.delivered);
      if (in) ++c.delivered;
      net.consume(id);
    }
    if (net.now() == w.from + w.cycles) {
      for (int ch = 0; ch < net.channels(); ++ch) {
        const int r = map.router[static_cast<std::size_t>(ch)];
        c.sent.push_back(net.flits_sent(r, ch - net.channel(r, 0)));
      }
    }
  }
  return c;
}

NetworkConfig on(std::shared_ptr<const Topology> topo, int vcs) {
  NetworkConfig c;
  c.topology = std::move(topo);
  c.vcs = vcs;
  c.buffer_flits = 4;
  return c;
}

// Replays a wormhole trace from its snapshot and checks it against the run's own counters and
// against the rules of wormhole flow: every flit moves at most one channel a cycle, from the
// buffer it is in into the buffer at the channel's far end; a blocked flit is where the trace put
// it and does not move that cycle; every flit that left a buffer fed by a router sends a credit
// back over that channel (no credit delay here); at the window's end the buffers hold what the
// replay says.
void check_wormhole(const NetworkConfig& config, double rate, const char* shape) {
  SCOPED_TRACE(shape);
  Network net(config);
  const Window w;
  TraceRequest request;
  request.from = static_cast<double>(w.from);
  request.length = static_cast<double>(w.cycles);
  TraceRecorder rec(request);
  net.record(rec, 4);
  const Counted counted = run_traffic(net, rate, 4, w, w.from + w.cycles);
  const Trace trace = rec.trace(true);
  ASSERT_FALSE(trace.truncated);
  const Channels map(net.topology());
  const int vcs = config.vcs;

  // Where each flit is: an input and virtual channel (-1: not in the network).
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<int, int>> at;
  std::map<std::pair<int, int>, int> occupancy;
  std::map<std::pair<std::uint32_t, std::uint32_t>, double> last_move;
  std::vector<std::uint64_t> sent(map.downstream.size(), 0);
  std::vector<std::uint64_t> left(map.downstream.size(), 0);
  std::vector<std::uint64_t> credits(map.downstream.size(), 0);
  std::int64_t delivered = 0;
  int moves = 0;
  int blocks = 0;
  const auto leave = [&](const Event& e) {
    const auto key = std::make_pair(e["packet"], e["flit"]);
    ASSERT_TRUE(at.count(key)) << e.kind << " of a flit not in the network at " << e.time;
    const auto [input, vc] = at[key];
    // A flit crosses one of its own router's channels.
    EXPECT_EQ(map.router[static_cast<std::size_t>(input)],
              map.router[static_cast<std::size_t>(e["channel"])]);
    --occupancy[{input, vc}];
    ++left[static_cast<std::size_t>(input)];
    ++sent[e["channel"]];
    at.erase(key);
  };
  for (const Event& e : flatten(trace)) {
    if (e.kind == "flit_injected" || e.kind == "flit_moved" || e.kind == "flit_ejected") {
      const auto key = std::make_pair(e["packet"], e["flit"]);
      EXPECT_NE(last_move[key], e.time + 1) << "flit moved twice in cycle " << e.time;
      last_move[key] = e.time + 1;
      ++moves;
    }
    if (e.kind == "flit_buffered" || e.kind == "flit_injected") {
      at[{e["packet"], e["flit"]}] = {static_cast<int>(e["input"]), static_cast<int>(e["vc"])};
      ++occupancy[{static_cast<int>(e["input"]), static_cast<int>(e["vc"])}];
    } else if (e.kind == "flit_moved") {
      leave(e);
      const int far = map.downstream[e["channel"]];
      ASSERT_GE(far, 0);
      at[{e["packet"], e["flit"]}] = {far, static_cast<int>(e["vc"])};
      const int held = ++occupancy[std::make_pair(far, static_cast<int>(e["vc"]))];
      EXPECT_LE(held, config.buffer_flits);
    } else if (e.kind == "flit_ejected") {
      leave(e);
    } else if (e.kind == "packet_delivered") {
      ++delivered;
    } else if (e.kind == "credit") {
      ++credits[e["channel"]];
    } else if (e.kind == "flit_blocked") {
      ++blocks;
      const auto key = std::make_pair(e["packet"], e["flit"]);
      ASSERT_TRUE(at.count(key)) << e.time << " p" << e["packet"] << " f" << e["flit"] << " in "
                                 << e["input"] << "." << e["vc"] << " why " << e["reason"];
      EXPECT_EQ(at[key], std::make_pair(static_cast<int>(e["input"]), static_cast<int>(e["vc"])));
      // It stays put this cycle.
      EXPECT_NE(last_move[key], e.time + 1);
    }
  }
  EXPECT_GT(moves, 1000);
  EXPECT_GT(blocks, 0);
  EXPECT_EQ(delivered, counted.delivered);
  EXPECT_EQ(sent, counted.sent);
  for (std::size_t c = 0; c < map.downstream.size(); ++c) {
    const int far = map.downstream[c];
    if (far < 0) continue;
    EXPECT_EQ(credits[c], left[static_cast<std::size_t>(far)]) << "channel " << c;
  }
  for (int input = 0; input < net.channels(); ++input) {
    for (int vc = 0; vc < vcs; ++vc) {
      const int held = occupancy[std::make_pair(input, vc)];
      EXPECT_EQ(held, net.buffered(input, vc)) << input << "." << vc;
    }
  }
}

TEST(NetworkTrace, ReplaysOnAMeshATorusAFlyAndACrossbarAgainstTheRunsCounters) {
  check_wormhole(on(std::make_shared<const KNCube>(std::vector<int>{4, 4}, false), 1), 0.35,
                 "mesh");
  check_wormhole(on(std::make_shared<const KNCube>(std::vector<int>{4, 4}, true), 2), 0.5,
                 "torus");
  check_wormhole(on(std::make_shared<const Fly>(2, 3, FlyWiring::kButterfly), 2), 0.4, "fly");
  check_wormhole(on(std::make_shared<const Crossbar>(8), 1), 0.5, "crossbar");
}

TEST(NetworkTrace, APacketLiveAtTheWindowsStartSaysWhenItWasCreated) {
  Network net(on(std::make_shared<const KNCube>(std::vector<int>{4, 4}, false), 1));
  const Window w;
  TraceRequest request;
  request.from = static_cast<double>(w.from);
  request.length = static_cast<double>(w.cycles);
  TraceRecorder rec(request);
  net.record(rec, 4);
  const Counted counted = run_traffic(net, 0.35, 4, w, w.from + w.cycles);
  std::map<std::uint32_t, std::uint32_t> created;
  int checked = 0;
  for (const Event& e : flatten(rec.trace(true))) {
    if (e.kind == "packet_live") {
      EXPECT_LT(e["created"], w.from);
      created[e["packet"]] = e["created"];
    } else if (e.kind == "packet_delivered" && created.count(e["packet"])) {
      // The run delivered a packet created then at this cycle.
      const std::pair<std::int64_t, std::int64_t> life{created[e["packet"]],
                                                       static_cast<std::int64_t>(e.time)};
      EXPECT_GE(counted.lives.count(life), 1u) << life.first << " to " << life.second;
      ++checked;
    }
  }
  EXPECT_GT(checked, 5);
}

// The reasons of the blocked flits in a trace, by name, with the flits they stopped.
std::multimap<std::string, std::uint32_t> block_reasons(const Trace& trace) {
  std::multimap<std::string, std::uint32_t> out;
  const TraceKind& blocked = trace.kind("flit_blocked");
  for (std::size_t i = 0; i < blocked.events(); ++i) {
    out.emplace(blocked.spec.fields[4].labels[blocked.columns[4].at(i)],
                blocked.columns[1].at(i));
  }
  return out;
}

TEST(NetworkTrace, SaysWhyAHeadIsBlocked) {
  // A 4-node line: nodes 0 and 1 send 8 flits each to node 3 in the same cycle. With one virtual
  // channel, one head waits at router 1 for the channel the other packet holds (no VC), and its
  // buffer then waits on the worm ahead (no credit); with two, both heads get a virtual channel
  // and take turns at the switch (switch lost), and the second waits only for node 3's receive
  // queue, which one packet holds at a time (no VC).
  for (const int vcs : {1, 2}) {
    NetworkConfig c = on(std::make_shared<const KNCube>(std::vector<int>{4}, false), vcs);
    c.buffer_flits = 2;
    Network net(c);
    TraceRecorder rec(TraceRequest{});
    net.record(rec, 8);
    net.send(0, 3, 8, 0);
    net.send(1, 3, 8, 0);
    for (int i = 0; i < 40; ++i) net.step();
    const auto reasons = block_reasons(rec.trace(true));
    if (vcs == 1) {
      ASSERT_EQ(reasons.count("no_vc"), 1u);
      EXPECT_EQ(reasons.find("no_vc")->second, 0u) << "a head";
      EXPECT_GT(reasons.count("no_credit"), 0u);
    } else {
      EXPECT_EQ(reasons.count("no_vc"), 1u);
      EXPECT_GT(reasons.count("switch_lost"), 0u);
    }
  }
}

TEST(NetworkTrace, RecordsStopAndGoUnderOnOffFlowControlAndTheRateLimit) {
  NetworkConfig c = on(std::make_shared<const KNCube>(std::vector<int>{4, 4}, false), 1);
  c.credit_flow = false;
  c.channel_rate = 0.5;
  Network net(c);
  TraceRequest request;
  request.from = 100;
  request.length = 300;
  TraceRecorder rec(request);
  net.record(rec, 4);
  run_traffic(net, 0.3, 4, {}, 400);
  const Trace trace = rec.trace(true);
  EXPECT_EQ(trace.kind("credit").events(), 0u);
  const auto reasons = block_reasons(trace);
  EXPECT_GT(reasons.count("stop"), 0u);
  EXPECT_GT(reasons.count("channel_rate"), 0u);
  EXPECT_EQ(reasons.count("no_credit"), 0u);
  // Each signal flips its channel's state: a stop only while going, a go only while stopped (the
  // snapshot says which were stopped at the start).
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> stopped;
  int stops = 0;
  for (const Event& e : flatten(trace)) {
    if (e.kind != "flow") continue;
    std::uint32_t& state = stopped[{e["channel"], e["vc"]}];
    if (!e.snapshot) {
      EXPECT_NE(state, e["signal"]) << "at " << e.time;
    }
    state = e["signal"];
    stops += e.snapshot ? 0 : static_cast<int>(e["signal"]);
  }
  EXPECT_GT(stops, 0);
}

TEST(NetworkTrace, TracingChangesNoResult) {
  const NetworkConfig c = on(std::make_shared<const KNCube>(std::vector<int>{4, 4}, true), 2);
  Network plain(c);
  Network traced(c);
  TraceRecorder rec(TraceRequest{});
  traced.record(rec, 4);
  const Counted a = run_traffic(plain, 0.4, 4, {}, 1500);
  const Counted b = run_traffic(traced, 0.4, 4, {}, 1500);
  EXPECT_EQ(a.deliveries, b.deliveries);
  EXPECT_EQ(a.sent, b.sent);
}

TEST(NetworkTrace, ACappedTraceIsTheFullTracesBeginning) {
  const NetworkConfig c = on(std::make_shared<const KNCube>(std::vector<int>{4, 4}, false), 1);
  const auto record = [&](std::uint64_t max_events) {
    Network net(c);
    TraceRequest request;
    request.from = 50;
    request.length = 400;
    request.max_events = max_events;
    TraceRecorder rec(request);
    net.record(rec, 4);
    run_traffic(net, 0.3, 4, {}, 500);
    return rec.trace(true);
  };
  const Trace full = record(~std::uint64_t{0});
  const Trace capped = record(2000);
  ASSERT_TRUE(capped.truncated);
  EXPECT_GT(capped.end, 50);
  EXPECT_LT(capped.end, 450);
  EXPECT_LE(capped.events(), 2000u);
  EXPECT_EQ(capped.events() + capped.dropped(), full.events());
  std::vector<Event> prefix;
  for (const Event& e : flatten(full)) {
    if (e.time < capped.end) prefix.push_back(e);
  }
  const std::vector<Event> kept = flatten(capped);
  ASSERT_EQ(kept.size(), prefix.size());
  for (std::size_t i = 0; i < kept.size(); ++i) {
    EXPECT_EQ(kept[i].kind, prefix[i].kind);
    EXPECT_EQ(kept[i].time, prefix[i].time);
    EXPECT_EQ(kept[i].f, prefix[i].f);
  }
}

TEST(NetworkTrace, RefusesAPacketLongerThanItsFlitField) {
  Network net(on(std::make_shared<const Crossbar>(4), 1));
  TraceRecorder rec(TraceRequest{});
  net.record(rec, 4);
  EXPECT_THROW(net.send(0, 1, 5, 0), std::logic_error);
}

// A circuit network under load: each output is held by one connection at a time, from the
// request that reserved it to its release; the requests and blocked requests are the network's
// own counts; what was delivered is what the run saw finish.
void check_circuit(BlockPolicy policy, const char* name) {
  SCOPED_TRACE(name);
  CircuitConfig c;
  c.topology = std::make_shared<const Fly>(2, 3, FlyWiring::kButterfly);
  c.policy = policy;
  c.backoff_cycles = 4;
  CircuitNetwork net(c, 3);
  TraceRequest request;
  request.from = 100;
  request.length = 400;
  TraceRecorder rec(request);
  net.record(rec, 8);
  const TrafficPattern uniform(net.topology(), Pattern::kUniform, 0);
  Rng rng(5);
  std::uint64_t attempts = 0;
  std::uint64_t blocked = 0;
  std::int64_t delivered = 0;
  while (net.now() < 500) {
    if (net.now() == 100) {
      attempts = net.attempts();
      blocked = net.blocked_attempts();
    }
    for (int n = 0; n < net.topology().terminals(); ++n) {
      if (rng.uniform01() < 0.05) net.open(n, uniform.destination(n, rng), 8);
    }
    net.step();
    if (net.now() <= 100) continue;
    for (const int id : net.finished()) delivered += net.connection(id).dropped ? 0 : 1;
  }
  attempts = net.attempts() - attempts;
  blocked = net.blocked_attempts() - blocked;
  const Trace trace = rec.trace(true);
  EXPECT_EQ(trace.kind("circuit_request").events(), attempts);
  EXPECT_EQ(trace.kind("circuit_blocked").events(), blocked);
  EXPECT_GT(blocked, 0u);
  EXPECT_EQ(static_cast<std::int64_t>(trace.kind("packet_delivered").events()), delivered);
  std::map<std::uint32_t, std::uint32_t> holder;
  // Per connection whose set-up started in the window: whether its path is complete.
  std::map<std::uint32_t, bool> connected;
  int holds = 0;
  for (const Event& e : flatten(trace)) {
    if (e.kind == "circuit_holding" || e.kind == "circuit_hold") {
      EXPECT_FALSE(holder.count(e["channel"])) << "channel " << e["channel"] << " held twice";
      holder[e["channel"]] = e["packet"];
      holds += e.kind == "circuit_hold";
    } else if (e.kind == "circuit_release") {
      ASSERT_TRUE(holder.count(e["channel"]));
      EXPECT_EQ(holder[e["channel"]], e["packet"]);
      holder.erase(e["channel"]);
    } else if (e.kind == "packet_injected") {
      connected[e["packet"]] = false;
    } else if (e.kind == "circuit_connected" && connected.count(e["packet"])) {
      connected[e["packet"]] = true;
    } else if (e.kind == "packet_delivered" && connected.count(e["packet"])) {
      EXPECT_TRUE(connected[e["packet"]]) << "delivered before its path was complete";
    }
  }
  EXPECT_GT(holds, 100);
  // What the replay still holds at the end, the network holds.
  const Channels map(net.topology());
  for (const auto& [channel, id] : holder) {
    const int r = map.router[channel];
    EXPECT_FALSE(net.output_free(r, static_cast<int>(channel) - net.channel(r, 0)));
  }
}

TEST(CircuitTrace, HoldsEachOutputFromSetUpToReleaseAndCountsAsTheNetworkDoes) {
  check_circuit(BlockPolicy::kHold, "hold");
  check_circuit(BlockPolicy::kRetry, "retry");
  check_circuit(BlockPolicy::kDrop, "drop");
}

}  // namespace
}  // namespace archex
