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
  const char* const routings[] = {"dimension order", "random tie-break",
                                  "minimal adaptive"};
  for (int trial = 0; trial < 12; ++trial) {
    const std::string routing = routings[trial % 3];
    const int k = 2 + static_cast<int>(rng.below(3));
    const int n = 1 + static_cast<int>(rng.below(3));
    const int vcs = 1 + static_cast<int>(rng.below(2));
    const int buffer = 1 + static_cast<int>(rng.below(6));
    NetworkConfig c = fat_tree(k, n, routing, vcs, buffer);
    c.route_seed = rng.next_u64();
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
    const std::string what = routing + " k" +
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

}  // namespace
}  // namespace archex
