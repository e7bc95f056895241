// The router engine on a dragonfly (dragonfly.h): links slower than a cycle for flits and credits
// alike, UGAL's choice at the source by the queues it sees, and that none of its routings
// deadlocks with the VCs it asks for.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "core/rng.h"
#include "network/routings/routed.h"
#include "network/topologies/dragonfly/dragonfly.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

NetworkConfig dragonfly(int p, int a, int h, const std::string& routing, int vcs, int buffer,
                        int local = 1, int global = 1,
                        DragonflyClasses classes = DragonflyClasses::kGlobalsCrossed) {
  NetworkConfig c;
  c.topology = std::make_shared<const Dragonfly>(with_routing(Dragonfly(p, a, h, local, global,
                                                 ValiantGroups::kOthers, classes), routing));
  c.vcs = vcs;
  c.buffer_flits = buffer;
  return c;
}

// Cycles from sending one packet of `flits` from terminal 0 to `dest` to its delivery.
std::int64_t lone_latency(const NetworkConfig& c, int dest, int flits) {
  Network net(c);
  const int id = net.send(0, dest, flits, 0);
  for (int cycle = 0; cycle < 100000; ++cycle) {
    net.step();
    for (const int done : net.delivered()) {
      if (done == id) return net.packet(id).delivered - net.packet(id).created;
    }
  }
  return -1;
}

TEST(NetworkDragonfly, AFlitTakesEachLinksCyclesAndTheCreditsComeBackAsSlowly) {
  // 3 groups of 2 routers, one terminal each: from router 0 to router 5 the route is local
  // (0 to 1), global (group 0 to 2), local (4 to 5).
  const NetworkConfig fast = dragonfly(1, 2, 1, "dimension order", 2, 8);
  const NetworkConfig slow = dragonfly(1, 2, 1, "dimension order", 2, 8, 10, 100);
  EXPECT_EQ(lone_latency(slow, 5, 4) - lone_latency(fast, 5, 4), 9 + 99 + 9);
  // A long packet through 8-flit buffers waits for credits from 100 cycles away: 8 flits per
  // round trip of some 200 cycles. Buffers longer than the round trip let it stream.
  const std::int64_t starved = lone_latency(slow, 5, 80);
  EXPECT_GT(starved, 9 * 200);
  const std::int64_t streamed = lone_latency(
      dragonfly(1, 2, 1, "dimension order", 2, 256, 10, 100), 5, 80);
  EXPECT_LT(streamed, 80 + 2 * (9 + 99 + 9) + 20);
}

// Flits sent on group 0's global channels other than the one to `to`.
std::uint64_t other_globals(const Network& net, const Dragonfly& d, int to) {
  const RouterPort minimal = d.gateway(0, to);
  std::uint64_t sent = 0;
  for (int r = 0; r < d.routers() / d.terminal_groups(); ++r) {
    for (int port = 0; port < d.ports(r); ++port) {
      if (d.global_port(port) && !(r == minimal.router && port == minimal.port)) {
        sent += net.flits_sent(r, port);
      }
    }
  }
  return sent;
}

TEST(NetworkDragonfly, UgalLeavesTheMinimalRouteOnlyWhenItsQueueOutweighsValiantsByTheThreshold) {
  const auto detoured = [](int threshold) {
    NetworkConfig c = dragonfly(2, 4, 2, "UGAL", 3, 4);
    // Slow ejection backs a long packet up along its minimal route.
    c.eject_rate = 0.05;
    c.ugal_threshold_flits = threshold;
    c.route_seed = 7;
    Network net(c);
    const auto& d = static_cast<const Dragonfly&>(net.topology());
    const int last = d.terminals() - 1;
    net.send(0, last, 60, 0);
    for (int cycle = 0; cycle < 150; ++cycle) net.step();
    // Alone, on empty queues, it went the minimal way.
    EXPECT_EQ(other_globals(net, d, d.terminal_groups() - 1), 0u);
    net.send(1, last - 1, 4, 0);
    for (int cycle = 0; cycle < 60; ++cycle) net.step();
    return other_globals(net, d, d.terminal_groups() - 1);
  };
  // The minimal output holds 4 flits queued, Valiant's none: 4 > 2 x 0 + 0, not + 1000.
  EXPECT_GT(detoured(0), 0u);
  EXPECT_EQ(detoured(1000), 0u);
}

TEST(NetworkDragonfly, PhasesPutAGlobalChannelsPacketsOnItsOneVcOfTheirClass) {
  // Group 0's terminals all send to group 1 over one global channel, 3 VCs: by global channels
  // crossed its class 0 has VCs 0 and 2, so two packets share it flit by flit; by BookSim2's
  // phases it is class 1, VC 1 alone, one packet after the other.
  const auto vcs_used = [](DragonflyClasses classes) {
    Network net(dragonfly(2, 4, 2, "dimension order", 3, 8, 1, 1, classes));
    const auto& d = static_cast<const Dragonfly&>(net.topology());
    const RouterPort gw = d.gateway(0, 1);
    const PortTarget far = d.output(gw.router, gw.port);
    const int input = net.channel(far.router, far.port);
    std::set<int> used;
    for (int cycle = 0; cycle < 400; ++cycle) {
      for (int src = 0; src < 8; ++src) {
        if (net.source_backlog(src) == 0) net.send(src, 8 + (src + cycle) % 8, 4, 0);
      }
      net.step();
      for (const int id : net.delivered()) net.consume(id);
      for (int v = 0; v < 3; ++v) {
        if (net.buffered(input, v) > 0) used.insert(v);
      }
    }
    return used;
  };
  EXPECT_EQ(vcs_used(DragonflyClasses::kGlobalsCrossed), (std::set<int>{0, 2}));
  EXPECT_EQ(vcs_used(DragonflyClasses::kPhases), (std::set<int>{1}));
}

TEST(NetworkDragonfly, RandomConfigurationsNeverDeadlock) {
  Rng rng(2027);
  const char* const routings[] = {"dimension order", "Valiant",
                                  "UGAL"};
  for (int trial = 0; trial < 24; ++trial) {
    const std::string routing = routings[trial % 3];
    const int p = 1 + static_cast<int>(rng.below(2));
    const int a = 2 + static_cast<int>(rng.below(3));
    const int h = 1 + static_cast<int>(rng.below(2));
    // Both classes of virtual channels promise it.
    const DragonflyClasses classes =
        trial / 3 % 2 == 0 ? DragonflyClasses::kGlobalsCrossed : DragonflyClasses::kPhases;
    const Dragonfly shape = with_routing(Dragonfly(p, a, h), routing);
    const int vcs = shape.vc_classes() + static_cast<int>(rng.below(3));
    const int buffer = 1 + static_cast<int>(rng.below(6));
    const int local = 1 + static_cast<int>(rng.below(4));
    const int global = 1 + static_cast<int>(rng.below(12));
    NetworkConfig c = dragonfly(p, a, h, routing, vcs, buffer, local, global, classes);
    c.route_seed = rng.next_u64();
    c.ugal_threshold_flits = static_cast<int>(rng.below(8));
    Network net(c);
    const int nodes = shape.terminals();
    const int group = nodes / shape.terminal_groups();
    const int flits = 1 + static_cast<int>(rng.below(12));
    const bool shift = rng.below(2) == 1;
    // Well past saturation: every source keeps a packet queued, uniform or to the next group.
    for (int cycle = 0; cycle < 1500 && net.deadlock() == nullptr; ++cycle) {
      for (int src = 0; src < nodes; ++src) {
        if (net.source_backlog(src) > 1) continue;
        int dest = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes - 1)));
        if (dest >= src) ++dest;
        if (shift) {
          dest = ((src / group + 1) % shape.terminal_groups()) * group +
                 static_cast<int>(rng.below(static_cast<std::uint64_t>(group)));
        }
        net.send(src, dest, flits, 0);
      }
      net.step();
      for (const int id : net.delivered()) net.consume(id);
    }
    const std::string what = routing + " p" +
                             std::to_string(p) + " a" + std::to_string(a) + " h" +
                             std::to_string(h) + ", " + std::to_string(vcs) + " VCs of " +
                             std::to_string(buffer) + " flits, links " + std::to_string(local) +
                             "/" + std::to_string(global) +
                             (classes == DragonflyClasses::kPhases ? ", phases" : "");
    EXPECT_EQ(net.deadlock(), nullptr) << what;
    for (int c2 = 0; c2 < 400000 && !net.idle() && net.deadlock() == nullptr; ++c2) {
      net.step();
      for (const int id : net.delivered()) net.consume(id);
    }
    EXPECT_TRUE(net.idle()) << what;
  }
}

}  // namespace
}  // namespace archex
