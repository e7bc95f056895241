#include "network/network.h"

#include <gtest/gtest.h>

#include "core/param_spec.h"
#include "core/rng.h"

namespace archex {
namespace {

NetworkConfig mesh(std::vector<int> radix) {
  NetworkConfig c;
  c.radix = std::move(radix);
  return c;
}

// Runs until `id` is delivered; returns the cycle it was.
std::int64_t deliver(Network& net, int id) {
  for (int i = 0; i < 10000; ++i) {
    net.step();
    for (const int d : net.delivered()) {
      const Packet& p = net.packet(d);
      net.release(p.dst, p.flits);
      if (d == id) return p.delivered;
    }
  }
  return -1;
}

TEST(Network, ZeroLoadLatencyIsOneCyclePerHopPlusSerialization) {
  // Head: 1 cycle into the router, 1 per hop, 1 to eject; the other flits follow one a cycle.
  for (const int hops : {0, 1, 3, 7}) {
    Network net(mesh({8, 8}));
    const int id = net.send(0, hops, 4, 0);
    EXPECT_EQ(deliver(net, id), hops + 1 + 3) << hops << " hops";
  }
}

TEST(Network, RouterDelayAndChannelRateStretchThePath) {
  NetworkConfig c = mesh({8});
  c.router_delay_cycles = 2;
  Network slow(c);
  // Three cycles per router (link + 2), four routers on a 3-hop path.
  EXPECT_EQ(deliver(slow, slow.send(0, 3, 1, 0)), 4 * 3);
  c.router_delay_cycles = 0;
  c.channel_rate = 0.5;
  c.eject_rate = 0.5;
  Network half(c);
  // A word every second cycle: the tail is 2 x 3 cycles behind the head.
  EXPECT_EQ(deliver(half, half.send(0, 3, 4, 0)), 3 + 1 + 6);
}

TEST(Network, ATorusNeedsTwoVirtualChannels) {
  NetworkConfig c = mesh({4, 4});
  c.torus = true;
  try {
    Network net(c);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "vcs");
  }
  c.vcs = 2;
  EXPECT_NO_THROW(Network{c});
}

// Every packet offered is delivered exactly once and the network empties: no flit is lost or
// duplicated, and the dateline classes keep a loaded torus from deadlocking.
void conserves_and_drains(NetworkConfig c, double rate, int flits) {
  Network net(c);
  Rng rng(7);
  const int nodes = net.topology().nodes();
  int sent = 0;
  int delivered = 0;
  for (int cycle = 0; cycle < 3000; ++cycle) {
    for (int src = 0; src < nodes; ++src) {
      if (rng.uniform01() < rate / flits) {
        const int dst = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes)));
        if (net.send(src, dst, flits, 0) >= 0) ++sent;
      }
    }
    net.step();
    for (const int id : net.delivered()) {
      net.release(net.packet(id).dst, flits);
      net.free_packet(id);
      ++delivered;
    }
  }
  for (int cycle = 0; cycle < 200000 && delivered < sent; ++cycle) {
    net.step();
    for (const int id : net.delivered()) {
      net.release(net.packet(id).dst, flits);
      net.free_packet(id);
      ++delivered;
    }
  }
  EXPECT_EQ(delivered, sent);
  EXPECT_EQ(net.flits_in_network(), 0);
}

TEST(Network, ConservesPacketsOnAMeshPastSaturation) { conserves_and_drains(mesh({4, 4}), 0.9, 6); }

TEST(Network, DatelineKeepsASaturatedTorusFromDeadlocking) {
  NetworkConfig c = mesh({6, 6});
  c.torus = true;
  c.vcs = 2;
  c.buffer_flits = 2;
  conserves_and_drains(c, 0.9, 8);
}

TEST(Network, OnOffFlowControlAlsoConserves) {
  NetworkConfig c = mesh({4, 4, 2});
  c.credit_flow = false;
  c.buffer_flits = 4;
  c.vcs = 3;
  conserves_and_drains(c, 0.8, 5);
}

TEST(Network, AFullReceiveQueueBacksUpTheNetwork) {
  NetworkConfig c = mesh({4});
  c.receive_queue_flits = 4;
  Network net(c);
  net.send(0, 3, 4, 0);
  const int second = net.send(0, 3, 4, 0);
  for (int i = 0; i < 100; ++i) net.step();
  EXPECT_EQ(net.receive_queue_used(3), 4);
  EXPECT_GT(net.flits_in_network(), 0);
  net.release(3, 4);
  EXPECT_GE(deliver(net, second), 0);
}

TEST(Network, HalfDuplexLinksShareTheirBandwidthBetweenDirections) {
  auto throughput = [](bool half) {
    NetworkConfig c = mesh({2});
    c.half_duplex = half;
    Network net(c);
    std::uint64_t delivered = 0;
    for (int cycle = 0; cycle < 2000; ++cycle) {
      if (net.source_backlog(0) < 2) net.send(0, 1, 8, 0);
      if (net.source_backlog(1) < 2) net.send(1, 0, 8, 0);
      net.step();
      for (const int id : net.delivered()) {
        net.release(net.packet(id).dst, 8);
        net.free_packet(id);
        delivered += 8;
      }
    }
    return static_cast<double>(delivered) / 2000;
  };
  EXPECT_NEAR(throughput(false), 2.0, 0.05);
  EXPECT_NEAR(throughput(true), 1.0, 0.05);
}

TEST(Network, CountsUtilizationAndBisectionTraffic) {
  Network net(mesh({4}));
  net.reset_counters();
  for (int i = 0; i < 10; ++i) net.send(0, 3, 10, 0);
  for (int cycle = 0; cycle < 200; ++cycle) {
    net.step();
    for (const int id : net.delivered()) net.release(3, 10);
  }
  EXPECT_EQ(net.flits_sent(1, 0), 100u);
  EXPECT_EQ(net.bisection_flits(), 100u);
  EXPECT_NEAR(net.utilization(1, 0), 0.5, 1e-12);
  EXPECT_EQ(net.utilization(3, 0), 0.0);  // no link past the edge
}

}  // namespace
}  // namespace archex
