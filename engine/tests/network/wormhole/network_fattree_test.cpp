// The router engine on a fat tree (fattree.h): every routing delivers all it is given under
// uniform traffic past saturation with one virtual channel, and a lone packet takes the hops its
// nearest common ancestor sets.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/rng.h"
#include "network/routings/routed.h"
#include "network/topologies/fattree/fattree.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

NetworkConfig fat_tree(int k, int n, const std::string& routing, int vcs, int buffer) {
  NetworkConfig c;
  c.topology = std::make_shared<const FatTree>(with_routing(FatTree(k, n), routing));
  c.vcs = vcs;
  c.buffer_flits = buffer;
  return c;
}

std::int64_t lone_latency(const NetworkConfig& c, int dest, int flits) {
  Network net(c);
  const int id = net.send(0, dest, flits, 0);
  for (int cycle = 0; cycle < 10000; ++cycle) {
    net.step();
    for (const int done : net.delivered()) {
      if (done == id) return net.packet(id).delivered - net.packet(id).created;
    }
  }
  return -1;
}

TEST(NetworkFatTree, ALonePacketCrossesTwoChannelsPerLevelOfItsAncestor) {
  for (const std::string r : {"dimension order", "random tie-break",
                              "minimal adaptive"}) {
    const NetworkConfig c = fat_tree(2, 4, r, 1, 4);
    // Terminal 1 shares terminal 0's bottom switch; 15 is under the far top switch: 6 hops more.
    EXPECT_EQ(lone_latency(c, 15, 4) - lone_latency(c, 1, 4), 6 * (lone_latency(c, 2, 4) -
                                                                   lone_latency(c, 1, 4)) / 2)
        << r;
  }
}

TEST(NetworkFatTree, EveryRoutingDeliversAllUnderUniformLoadPastSaturationOnOneVc) {
  Rng rng(52);
  // Minimal adaptive twice: picking the freest port, and two drawn and kept (BookSim2's anca).
  const char* const routings[] = {"dimension order", "random tie-break",
                                  "minimal adaptive", "minimal adaptive"};
  for (int trial = 0; trial < 16; ++trial) {
    const std::string routing = routings[trial % 4];
    const int k = 2 + static_cast<int>(rng.below(3));
    const int n = 1 + static_cast<int>(rng.below(3));
    const int vcs = 1 + static_cast<int>(rng.below(2));
    const int buffer = 1 + static_cast<int>(rng.below(6));
    NetworkConfig c = fat_tree(k, n, routing, vcs, buffer);
    c.route_seed = rng.next_u64();
    if (trial % 4 == 3) c.adaptive_selection = AdaptiveSelection::kTwoDrawn;
    Network net(c);
    const int nodes = net.topology().terminals();
    const int flits = 1 + static_cast<int>(rng.below(8));
    std::int64_t sent = 0;
    std::int64_t received = 0;
    for (int cycle = 0; cycle < 1500 && net.deadlock() == nullptr; ++cycle) {
      for (int src = 0; src < nodes; ++src) {
        if (net.source_backlog(src) > 1) continue;
        int dest = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes - 1)));
        if (dest >= src) ++dest;
        net.send(src, dest, flits, 0);
        ++sent;
      }
      net.step();
      for (const int id : net.delivered()) {
        EXPECT_EQ(net.packet(id).hops % 2, 0);
        net.consume(id);
        ++received;
      }
    }
    const std::string what = routing + (trial % 4 == 3 ? " (two drawn)" : "") + " k" +
                             std::to_string(k) + " n" + std::to_string(n) + ", " +
                             std::to_string(vcs) + " VCs of " + std::to_string(buffer) + " flits";
    EXPECT_EQ(net.deadlock(), nullptr) << what;
    for (int more = 0; more < 400000 && !net.idle() && net.deadlock() == nullptr; ++more) {
      net.step();
      for (const int id : net.delivered()) {
        net.consume(id);
        ++received;
      }
    }
    EXPECT_TRUE(net.idle()) << what;
    EXPECT_EQ(received, sent) << what;
  }
}

TEST(NetworkFatTree, TwoDrawnUpPortsSpreadLonePacketsTheFreestPortSendsOneWay) {
  // 32 packets from terminal 0 to terminal 63 of a 4-ary 3-tree, one at a time: every up port is
  // as free as the others, so picking the freest takes the first each time, over the same 5
  // channels (2 up, 2 down, the ejection); drawing two ports and keeping the less loaded (BookSim2's anca) spreads them.
  const auto channels_used = [](AdaptiveSelection selection) {
    NetworkConfig c = fat_tree(4, 3, "minimal adaptive", 2, 4);
    c.adaptive_selection = selection;
    c.route_seed = 7;
    Network net(c);
    for (int k = 0; k < 32; ++k) {
      const int id = net.send(0, 63, 4, 0);
      for (bool done = false; !done;) {
        net.step();
        for (const int d : net.delivered()) {
          net.consume(d);
          done = done || d == id;
        }
      }
    }
    int used = 0;
    for (int r = 0; r < net.topology().routers(); ++r) {
      for (int port = 0; port < net.topology().ports(r); ++port) {
        if (net.flits_sent(r, port) > 0) ++used;
      }
    }
    return used;
  };
  EXPECT_EQ(channels_used(AdaptiveSelection::kMostFreeSlots), 5);
  EXPECT_GT(channels_used(AdaptiveSelection::kTwoDrawn), 10) << "spread";
}

}  // namespace
}  // namespace archex
