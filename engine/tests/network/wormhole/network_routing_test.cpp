// The router engine under the cube's other routings (cube_routing.cpp): an adaptive head's
// choice among outputs, the per-packet draws, and that what a routing promises deadlock-free
// never deadlocks.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/rng.h"
#include "network/routings/routed.h"
#include "network/topologies/kncube/kncube.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

NetworkConfig cube(std::vector<int> radix, bool torus, const std::string& routing, int vcs,
                   int buffer = 8, bool by_route = false) {
  NetworkConfig c;
  c.topology = std::make_shared<const KNCube>(
      with_routing(KNCube(std::move(radix), torus, true, 1, by_route), routing));
  c.vcs = vcs;
  c.buffer_flits = buffer;
  return c;
}

// Steps until every packet sent is delivered (the destinations take what arrives), at most
// `cycles`; whether all were.
bool drain(Network& net, int cycles) {
  for (int c = 0; c < cycles && net.deadlock() == nullptr; ++c) {
    if (net.idle()) return true;
    net.step();
    for (const int id : net.delivered()) net.consume(id);
  }
  return net.idle();
}

TEST(NetworkRouting, AnAdaptiveHeadTakesTheEscapeChannelOnlyWhenTheAdaptiveOnesAreHeld) {
  // A line of 5 routers: one minimal port each hop, escape VC 0, adaptive VC 1.
  Network net(cube({5}, false, "minimal adaptive", 2, 4));
  const int into2 = net.channel(2, 1);  // router 2's input from router 1 (its -x port)
  net.send(0, 4, 40, 0);
  int long_vc0 = 0;
  int long_vc1 = 0;
  for (int c = 0; c < 10; ++c) {
    net.step();
    long_vc0 += net.buffered(into2, 0);
    long_vc1 += net.buffered(into2, 1);
  }
  // Alone, the packet takes the adaptive channels.
  EXPECT_EQ(long_vc0, 0);
  EXPECT_GT(long_vc1, 0);
  // A packet from router 1 finds the adaptive channel to router 2 held: it takes the escape.
  net.send(1, 4, 4, 0);
  int second_vc0 = 0;
  for (int c = 0; c < 20; ++c) {
    net.step();
    second_vc0 += net.buffered(into2, 0);
    for (const int id : net.delivered()) net.consume(id);
  }
  EXPECT_GT(second_vc0, 0);
  EXPECT_TRUE(drain(net, 1000));
}

// On a 3 x 3 mesh from (1,0) to (2,1) both +x and +y are minimal. A long packet from (0,0) to
// (2,0) holds one of +x's adaptive VCs; then a head goes from (1,0) to (2,1). Over 12 cycles:
// the flits at router (1,1)'s input from below on VCs `first_up` on, and at router (2,0)'s input
// from the left on VC `along_vc`.
struct SecondHead {
  int up = 0;
  int along_x = 0;
  bool drained = false;
};

SecondHead second_head(int vcs, AdaptiveSelection selection, int first_up, int along_vc) {
  NetworkConfig c = cube({3, 3}, false, "minimal adaptive", vcs, 4);
  c.adaptive_selection = selection;
  Network net(c);
  const KNCube& mesh = static_cast<const KNCube&>(net.topology());
  net.send(0, mesh.node_at({2, 0, 0}), 40, 0);
  for (int k = 0; k < 6; ++k) net.step();
  net.send(mesh.node_at({1, 0, 0}), mesh.node_at({2, 1, 0}), 4, 0);
  SecondHead seen;
  for (int k = 0; k < 12; ++k) {
    net.step();
    for (int v = first_up; v < vcs; ++v) {
      seen.up += net.buffered(net.channel(mesh.node_at({1, 1, 0}), 3), v);
    }
    seen.along_x += net.buffered(net.channel(mesh.node_at({2, 0, 0}), 1), along_vc);
  }
  seen.drained = drain(net, 1000);
  return seen;
}

TEST(NetworkRouting, AnAdaptiveHeadTakesAnotherMinimalPortBeforeTheEscape) {
  // 1 adaptive VC a port, +x's held: the head goes +y (adaptive VC 1), not onto +x's escape.
  const SecondHead s = second_head(2, AdaptiveSelection::kMostFreeSlots, 1, 0);
  EXPECT_GT(s.up, 0);
  EXPECT_EQ(s.along_x, 0);
  EXPECT_TRUE(s.drained);
}

TEST(NetworkRouting, AnAdaptiveHeadTakesTheMinimalPortWithFewerFlitsDownstream) {
  // 2 adaptive VCs a port, each port with an empty free one (minimal adaptive frees a VC only
  // once it is empty); the long packet streams over +x on the other, so +x's port has flits
  // downstream and +y's none: the head goes +y, not onto +x's free VC 2. A choice by the free
  // VC's own slots would tie and go +x, the earlier port.
  const SecondHead s = second_head(3, AdaptiveSelection::kMostFreeSlots, 1, 2);
  EXPECT_GT(s.up, 0);
  EXPECT_EQ(s.along_x, 0);
  EXPECT_TRUE(s.drained);
}

TEST(NetworkRouting, UnderBooksimSelectionAHeadTakesTheFirstMinimalPortsEscapeNotAnother) {
  // As in AnAdaptiveHeadTakesAnotherMinimalPortBeforeTheEscape: BookSim2's output set keeps
  // only +x of the two minimal ports, so the head takes +x's escape VC and never goes +y.
  const SecondHead s = second_head(2, AdaptiveSelection::kBooksim, 0, 0);
  EXPECT_EQ(s.up, 0);
  EXPECT_GT(s.along_x, 0);
  EXPECT_TRUE(s.drained);
}

TEST(NetworkRouting, UnderBooksimSelectionAHeadIgnoresTheSlotsDownstream) {
  // As in AnAdaptiveHeadTakesTheMinimalPortWithFewerFlitsDownstream: BookSim2's selection does
  // not look downstream and takes +x's free adaptive VC.
  const SecondHead s = second_head(3, AdaptiveSelection::kBooksim, 0, 2);
  EXPECT_EQ(s.up, 0);
  EXPECT_GT(s.along_x, 0);
  EXPECT_TRUE(s.drained);
}

TEST(NetworkRouting, APacketOnTheEscapeStaysThereOnlyUnderBooksimSelection) {
  // A line of 5 routers, escape VC 0, adaptive VC 1: a long packet from router 1 to 2 holds the
  // adaptive VC of the link 1 -> 2, so a packet from 0 to 4 takes the escape there. On 2 -> 3,
  // free again, archex's selection takes the adaptive VC back; BookSim2's keeps the escape.
  for (const AdaptiveSelection selection :
       {AdaptiveSelection::kMostFreeSlots, AdaptiveSelection::kBooksim}) {
    NetworkConfig c = cube({5}, false, "minimal adaptive", 2, 4);
    c.adaptive_selection = selection;
    Network net(c);
    net.send(1, 2, 40, 0);
    for (int k = 0; k < 4; ++k) net.step();
    net.send(0, 4, 4, 0);
    int into2_escape = 0;
    int into3[2] = {0, 0};
    for (int k = 0; k < 20; ++k) {
      net.step();
      into2_escape += net.buffered(net.channel(2, 1), 0);
      for (int v = 0; v < 2; ++v) into3[v] += net.buffered(net.channel(3, 1), v);
      for (const int id : net.delivered()) net.consume(id);
    }
    EXPECT_GT(into2_escape, 0);
    const bool booksim = selection == AdaptiveSelection::kBooksim;
    EXPECT_EQ(into3[0] > 0, booksim);
    EXPECT_EQ(into3[1] > 0, !booksim);
    EXPECT_TRUE(drain(net, 1000));
  }
}

TEST(NetworkRouting, DrawsAreTheSameForTheSameSeedAndDifferForAnother) {
  const auto states = [](std::uint64_t seed) {
    NetworkConfig c = cube({4, 4}, false, "Valiant", 2);
    c.route_seed = seed;
    Network net(c);
    std::vector<RouteState> out;
    for (int k = 0; k < 32; ++k) out.push_back(net.packet(net.send(k % 16, 15 - k % 16, 2, 0)).route_state);
    return out;
  };
  EXPECT_EQ(states(1), states(1));
  EXPECT_NE(states(1), states(2));
}

// What a routing promises: deadlock-free with the VCs it asks for (the dateline on a torus).
struct Promise {
  std::string routing;
  bool torus;
  // The dateline's classes by route, as BookSim2's dim_order_torus assigns them.
  bool by_route = false;
};

TEST(NetworkRouting, RandomConfigurationsOfADeadlockFreeRoutingNeverDeadlock) {
  const std::vector<Promise> promises = {
      {"dimension order", false}, {"dimension order", true},
      {"random tie-break", true},       {"Valiant", false},
      {"Valiant", true},         {"ROMM", true},
      {"O1TURN", false},         {"O1TURN", true},
      {"minimal adaptive", false}, {"minimal adaptive", true},
      {"west-first", false},      {"north-last", false},
      {"negative-first", false},
      {"dimension order", true, true}, {"random tie-break", true, true},
      {"Valiant", true, true},   {"O1TURN", true, true}};
  Rng rng(2026);
  for (int trial = 0; trial < 60; ++trial) {
    const Promise& pr = promises[static_cast<std::size_t>(trial) % promises.size()];
    const bool two_d_only = pr.routing == "west-first" ||
                            pr.routing == "north-last";
    // Up to 5 dimensions (binary and ternary cubes past the third), at most 243 nodes.
    const int dims = two_d_only ? 2 : 1 + static_cast<int>(rng.below(5));
    const std::uint64_t radices = dims <= 2 ? 5 : dims == 3 ? 3 : 2;
    std::vector<int> radix;
    for (int d = 0; d < dims; ++d) radix.push_back(2 + static_cast<int>(rng.below(radices)));
    const KNCube shape = with_routing(KNCube(radix, pr.torus, true, 1, pr.by_route), pr.routing);
    const int vcs = shape.min_vcs() + static_cast<int>(rng.below(3));
    const int buffer = 1 + static_cast<int>(rng.below(6));
    NetworkConfig c = cube(radix, pr.torus, pr.routing, vcs, buffer, pr.by_route);
    c.route_seed = rng.next_u64();
    Network net(c);
    const int nodes = shape.nodes();
    const int flits = 1 + static_cast<int>(rng.below(12));
    // Well past saturation: every source keeps a packet queued.
    for (int cycle = 0; cycle < 1500 && net.deadlock() == nullptr; ++cycle) {
      for (int src = 0; src < nodes; ++src) {
        if (net.source_backlog(src) > 1) continue;
        const int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes - 1)));
        net.send(src, pick >= src ? pick + 1 : pick, flits, 0);
      }
      net.step();
      for (const int id : net.delivered()) net.consume(id);
    }
    const std::string what = pr.routing + (pr.by_route ? " by route" : "") +
                             (pr.torus ? " torus " : " mesh ") + std::to_string(nodes) +
                             " nodes, " + std::to_string(vcs) + " VCs of " +
                             std::to_string(buffer) + " flits, packets of " + std::to_string(flits);
    EXPECT_EQ(net.deadlock(), nullptr) << what;
    EXPECT_TRUE(drain(net, 200000)) << what;
  }
}

TEST(NetworkRouting, MinimalAdaptiveGivesAVcOnlyOnceEmptySoSmallBuffersNeverKnot) {
  // A 4x4 mesh kept saturated with small buffers: when a VC could be given to a head while
  // another packet's flits still filled it, heads waited there instead of turning to the escape
  // channel, and 7 of these 90 runs deadlocked. Duato's condition is for buffers holding one
  // packet at a time.
  for (int buffer = 1; buffer <= 3; ++buffer) {
    for (int vcs = 2; vcs <= 4; ++vcs) {
      for (int seed = 0; seed < 10; ++seed) {
        Network net(cube({4, 4}, false, "minimal adaptive", vcs, buffer));
        Rng rng(static_cast<std::uint64_t>(seed));
        const int flits = 1 + seed % 5;
        for (int cycle = 0; cycle < 1500; ++cycle) {
          for (int src = 0; src < 16; ++src) {
            if (net.source_backlog(src) > 1) continue;
            const int pick = static_cast<int>(rng.below(15));
            net.send(src, pick >= src ? pick + 1 : pick, flits, 0);
          }
          net.step();
          for (const int id : net.delivered()) net.consume(id);
        }
        EXPECT_TRUE(drain(net, 100000))
            << vcs << " VCs of " << buffer << " flits, packets of " << flits;
      }
    }
  }
}

TEST(NetworkRouting, UnderBooksimSelectionSaturatedMeshesAndToriNeverDeadlock) {
  // Its escape channels are dimension order's, and a packet once on them stays there.
  for (const bool torus : {false, true}) {
    for (int vcs = torus ? 3 : 2; vcs <= 4; ++vcs) {
      for (int seed = 0; seed < 4; ++seed) {
        NetworkConfig c = cube({4, 4}, torus, "minimal adaptive", vcs, 1 + seed % 3);
        c.adaptive_selection = AdaptiveSelection::kBooksim;
        Network net(c);
        Rng rng(static_cast<std::uint64_t>(seed));
        const int flits = 1 + seed % 5;
        for (int cycle = 0; cycle < 1500; ++cycle) {
          for (int src = 0; src < 16; ++src) {
            if (net.source_backlog(src) > 1) continue;
            const int pick = static_cast<int>(rng.below(15));
            net.send(src, pick >= src ? pick + 1 : pick, flits, 0);
          }
          net.step();
          for (const int id : net.delivered()) net.consume(id);
        }
        EXPECT_TRUE(drain(net, 100000)) << torus << " " << vcs << " VCs, seed " << seed;
      }
    }
  }
}

}  // namespace
}  // namespace archex
