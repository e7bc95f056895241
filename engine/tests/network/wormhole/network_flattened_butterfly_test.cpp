// The router engine on a flattened butterfly (flattened_butterfly.h): every packet delivered with
// the VCs each routing asks for, none deadlocking well past saturation, and UGAL leaving the
// minimal route when its queue outweighs Valiant's.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/routings/routed.h"
#include "network/topologies/flattened_butterfly/flattened_butterfly.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

NetworkConfig flatfly(int k, int n, int c, const std::string& routing, int vcs, int buffer) {
  NetworkConfig config;
  config.topology = std::make_shared<const FlattenedButterfly>(with_routing(FlattenedButterfly(k, n, c), routing));
  config.vcs = vcs;
  config.buffer_flits = buffer;
  return config;
}

TEST(NetworkFlattenedButterfly, EveryRoutingDeliversEveryPacketAndNeverDeadlocks) {
  Rng rng(2029);
  const char* const routings[] = {"dimension order", "Valiant",
                                  "UGAL"};
  for (int trial = 0; trial < 18; ++trial) {
    const std::string routing = routings[trial % 3];
    const int k = 2 + static_cast<int>(rng.below(3));
    const int n = 1 + static_cast<int>(rng.below(3));
    const int c = 1 + static_cast<int>(rng.below(3));
    const FlattenedButterfly shape = with_routing(FlattenedButterfly(k, n, c), routing);
    const int vcs = shape.vc_classes() + static_cast<int>(rng.below(3));
    const int buffer = 1 + static_cast<int>(rng.below(6));
    NetworkConfig config = flatfly(k, n, c, routing, vcs, buffer);
    config.route_seed = rng.next_u64();
    config.ugal_threshold_flits = static_cast<int>(rng.below(8));
    Network net(config);
    const int nodes = shape.terminals();
    const int flits = 1 + static_cast<int>(rng.below(12));
    int sent = 0;
    int delivered = 0;
    // Well past saturation: every source keeps a packet queued.
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
        ++delivered;
        net.consume(id);
      }
    }
    const std::string what = routing + " k" +
                             std::to_string(k) + " n" + std::to_string(n) + " c" +
                             std::to_string(c) + ", " + std::to_string(vcs) + " VCs of " +
                             std::to_string(buffer) + " flits";
    EXPECT_EQ(net.deadlock(), nullptr) << what;
    for (int cycle = 0; cycle < 400000 && !net.idle() && net.deadlock() == nullptr; ++cycle) {
      net.step();
      for (const int id : net.delivered()) {
        ++delivered;
        net.consume(id);
      }
    }
    EXPECT_TRUE(net.idle()) << what;
    EXPECT_EQ(delivered, sent) << what;
  }
}

TEST(NetworkFlattenedButterfly, TooFewVirtualChannelsAreRefusedNamingVcs) {
  try {
    Network net(flatfly(4, 2, 1, "Valiant", 1, 4));
    FAIL() << "built";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "vcs");
  }
}

// Flits sent from router 0 by ports other than the minimal one toward router `to`'s x.
std::uint64_t detours(const Network& net, const FlattenedButterfly& f, int minimal) {
  std::uint64_t sent = 0;
  for (int port = f.concentration(); port < f.ports(0); ++port) {
    if (port != minimal) sent += net.flits_sent(0, port);
  }
  return sent;
}

TEST(NetworkFlattenedButterfly, UgalLeavesTheMinimalRouteOnlyWhenItsQueueOutweighsValiants) {
  const auto detoured = [](int threshold, std::uint64_t seed) {
    NetworkConfig config = flatfly(4, 2, 2, "UGAL", 2, 4);
    // Slow ejection backs a long packet up along its minimal route, router 0 to router 1.
    config.eject_rate = 0.05;
    config.ugal_threshold_flits = threshold;
    config.route_seed = seed;
    Network net(config);
    const auto& f = static_cast<const FlattenedButterfly&>(net.topology());
    const int minimal = f.concentration();  // x 0 to 1
    net.send(0, 2, 60, 0);
    for (int cycle = 0; cycle < 150; ++cycle) net.step();
    EXPECT_EQ(detours(net, f, minimal), 0u);
    net.send(1, 3, 4, 0);
    for (int cycle = 0; cycle < 100; ++cycle) net.step();
    return detours(net, f, minimal);
  };
  // The intermediate router's x is drawn from all four: at x 0 or 1 Valiant's route is the
  // minimal one, at x 2 or 3 it leaves by another port, with 4 flits queued on the minimal
  // output against none on its own: 4 > 2 x 0 + 0, not + 1000.
  int took = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    took += detoured(0, seed) > 0 ? 1 : 0;
    EXPECT_EQ(detoured(1000, seed), 0u);
  }
  EXPECT_GE(took, 4);
  EXPECT_LE(took, 12);
}

}  // namespace
}  // namespace archex
