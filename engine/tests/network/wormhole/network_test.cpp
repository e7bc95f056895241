#include "network/wormhole/network.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/topologies/crossbar/crossbar.h"
#include "network/topologies/fly/fly.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {
namespace {

NetworkConfig cube(std::vector<int> radix, bool torus) {
  NetworkConfig c;
  c.topology = std::make_shared<const KNCube>(std::move(radix), torus);
  return c;
}

NetworkConfig mesh(std::vector<int> radix) { return cube(std::move(radix), false); }

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

TEST(Network, APacketRecordsWhenItEnteredAndTheHopsItCrossed) {
  // Two 4-flit packets queued at once at node 0 of an idle 8-node line for node 3: the first
  // enters the router at once and arrives 3 + 1 + 3 cycles later; the second waits in the
  // source queue while the first's 4 flits go in, enters at cycle 4 right behind it, and takes
  // the same 7 cycles in the network: its latency of 11 is 4 of source queueing and 7 of network.
  Network net(mesh({8}));
  const int first = net.send(0, 3, 4, 0);
  const int second = net.send(0, 3, 4, 0);
  EXPECT_EQ(deliver(net, first), 7);
  const Packet& a = net.packet(first);
  EXPECT_EQ(a.entered, 0);
  EXPECT_EQ(a.hops, 3);
  EXPECT_EQ(deliver(net, second), 11);
  const Packet& b = net.packet(second);
  EXPECT_EQ(b.created, 0);
  EXPECT_EQ(b.entered, 4);
  EXPECT_EQ(b.delivered - b.entered, 7);
  EXPECT_EQ(b.hops, 3);
  // On a 2-D mesh, dimension order: 3 hops in x, 2 in y; none to a node's own terminal.
  Network square(mesh({4, 4}));
  const int across = square.send(0, 3 + 4 * 2, 1, 0);
  deliver(square, across);
  EXPECT_EQ(square.packet(across).hops, 5);
  const int self = square.send(5, 5, 1, 0);
  deliver(square, self);
  EXPECT_EQ(square.packet(self).hops, 0);
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

TEST(Network, ZeroLoadLatencyIsThePerHopFormulaForEveryPipelineSetting) {
  // The head enters its source router's input buffer in the cycle it is sent and then crosses
  // hops + 1 routers (source, the ones between, destination), each costing a cycle on the link
  // (or into the receive queue), the router delay, switch allocation, route computation and VC
  // allocation; the flits behind it follow one a cycle. Exact: one packet on an idle network.
  // Buffers of 16 flits exceed the longest credit round trip here (2 + 2 + 2 + 3 cycles), so the
  // credit delay and the tail-credit rule cost nothing at zero load.
  for (const bool torus : {false, true}) {
    const auto topo = std::make_shared<const KNCube>(std::vector<int>{5, 4}, torus);
    for (int setting = 0; setting < 3 * 3 * 3 * 2 * 2 * 2; ++setting) {
      NetworkConfig c;
      c.topology = topo;
      c.vcs = 2;
      c.buffer_flits = 16;
      c.route_cycles = setting % 3;
      c.vc_alloc_cycles = setting / 3 % 3;
      c.switch_alloc_cycles = setting / 9 % 3;
      c.router_delay_cycles = 2 * (setting / 27 % 2);
      c.credit_delay_cycles = 3 * (setting / 54 % 2);
      c.vc_free_on_tail_credit = setting / 108 % 2 == 1;
      const int per_router = 1 + c.router_delay_cycles + c.switch_alloc_cycles +
                             c.route_cycles + c.vc_alloc_cycles;
      for (const int dst : {0, 1, 7, 19}) {
        for (const int flits : {1, 6}) {
          Network net(c);
          const int hops = topo->distance(0, dst);
          EXPECT_EQ(deliver(net, net.send(0, dst, flits, 0)), (hops + 1) * per_router + flits - 1)
              << "setting " << setting << (torus ? " torus" : " mesh") << " to " << dst;
        }
      }
    }
  }
}

TEST(Network, AFlyIsCrossedInOneRouterPerStage) {
  // Exact, as on the cube: the head costs each of the n switches the link cycle and the pipeline,
  // the other flits follow one a cycle.
  for (const FlyWiring wiring : {FlyWiring::kOmega, FlyWiring::kButterfly}) {
    NetworkConfig c;
    c.topology = std::make_shared<const Fly>(4, 3, wiring);
    c.switch_alloc_cycles = 1;
    c.route_cycles = 2;
    for (const int dst : {0, 21, 63}) {
      Network net(c);
      const int id = net.send(5, dst, 6, 0);
      EXPECT_EQ(deliver(net, id), 3 * (1 + 1 + 2) + 5);
      // Three stages: two channels between switches.
      EXPECT_EQ(net.packet(id).hops, 2);
    }
  }
}

// Flits per cycle a stream of `flits`-flit packets from node 0 to node 2 of a 3-node line gets.
double stream_rate(NetworkConfig c, int flits) {
  Network net(c);
  std::int64_t delivered = 0;
  const int cycles = 4000;
  for (int cycle = 0; cycle < cycles; ++cycle) {
    if (net.source_backlog(0) < 2) net.send(0, 2, flits, 0);
    net.step();
    for (const int id : net.delivered()) {
      net.release(2, flits);
      net.free_packet(id);
      delivered += flits;
    }
  }
  return static_cast<double>(delivered) / cycles;
}

TEST(Network, ACreditRoundTripLongerThanTheBufferThrottlesAStream) {
  // A buffer slot is free again 2 + credit delay cycles after a flit entered it (a cycle to leave
  // at the earliest, a cycle for the credit to be seen, plus the delay): a stream gets
  // buffer / (2 + delay) flits a cycle, at most 1. Tolerance: the first and last packets of
  // 4000 cycles, under 0.5 %.
  NetworkConfig c = mesh({3});
  for (const auto& [buffer, delay] : {std::pair{1, 0}, {2, 0}, {2, 2}, {3, 3}, {8, 3}}) {
    c.buffer_flits = buffer;
    c.credit_delay_cycles = delay;
    EXPECT_NEAR(stream_rate(c, 8), std::min(1.0, buffer / (2.0 + delay)), 0.005)
        << buffer << " flits, " << delay << " cycles";
  }
}

TEST(Network, FreeingAnOutputVcOnlyOnTheTailsCreditSpacesPackets) {
  // With one VC, the next packet's head may take the output only once the tail has left the
  // next buffer and its credit is back: two cycles after the tail was sent instead of one, so
  // back-to-back packets of L flits move L in L + 1 cycles. Tolerance as above.
  NetworkConfig c = mesh({3});
  EXPECT_NEAR(stream_rate(c, 4), 1.0, 0.005);
  c.vc_free_on_tail_credit = true;
  EXPECT_NEAR(stream_rate(c, 4), 4.0 / 5, 0.005);
  c.credit_delay_cycles = 2;
  EXPECT_NEAR(stream_rate(c, 4), 4.0 / 7, 0.005);
}

TEST(Network, RejectsPipelineSettingsOutOfRange) {
  NetworkConfig c = mesh({4});
  c.vc_alloc_cycles = -1;
  try {
    Network net(c);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "vc_alloc_cycles");
    EXPECT_NE(std::string(e.what()).find("0 to 64"), std::string::npos);
  }
  c.vc_alloc_cycles = 0;
  c.vcs = 17;
  EXPECT_THROW(Network{c}, ParamError);
  // Flits keep their ready cycle in 32 bits, so a delay near 2^31 cycles is refused, not wrapped.
  c.vcs = 1;
  c.router_delay_cycles = 1 << 30;
  try {
    Network net(c);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "router_delay_cycles");
    EXPECT_NE(std::string(e.what()).find("0 to 1048576"), std::string::npos);
  }
}

// A long router delay still holds each flit exactly that long: ready cycles are compared modulo
// 2^32 without error across the wrap of the 32-bit clock.
TEST(Network, ReadyCyclesSurviveTheWrapOfThirtyTwoBits) {
  NetworkConfig c = mesh({2});
  c.router_delay_cycles = 1 << 20;
  Network net(c);
  net.skip((std::int64_t{1} << 32) - (1 << 19));
  const std::int64_t sent = net.now();
  net.send(0, 1, 1, 0);
  while (net.delivered().empty()) net.step();
  // Into the first router, then across the link to the second: two router delays, two cycles.
  EXPECT_EQ(net.packet(0).delivered - sent, 2 * ((1 << 20) + 1));
}

TEST(Network, ATorusNeedsTwoVirtualChannels) {
  NetworkConfig c = cube({4, 4}, true);
  try {
    Network net(c);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "vcs");
    // The explorer shows this at the field.
    EXPECT_NE(std::string(e.what()).find("a torus needs at least 2 virtual channels"),
              std::string::npos);
  }
  c.vcs = 2;
  EXPECT_NO_THROW(Network{c});
}

// Every packet offered is delivered exactly once and the network empties: no flit is lost or
// duplicated, and the dateline classes keep a loaded torus from deadlocking (in each message
// class).
void conserves_and_drains(NetworkConfig c, double rate, int flits) {
  Network net(c);
  Rng rng(7);
  const int nodes = net.topology().terminals();
  int sent = 0;
  int delivered = 0;
  for (int cycle = 0; cycle < 3000; ++cycle) {
    for (int src = 0; src < nodes; ++src) {
      if (rng.uniform01() < rate / flits) {
        const int dst = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes)));
        // With two message classes, each packet in one of them alike.
        const int message_class =
            c.message_classes > 1 ? static_cast<int>(rng.below(2)) : 0;
        if (net.send(src, dst, flits, 0, message_class) >= 0) ++sent;
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
  NetworkConfig c = cube({6, 6}, true);
  c.vcs = 2;
  c.buffer_flits = 2;
  conserves_and_drains(c, 0.9, 8);
}

TEST(Network, AFourAryThreeFlyConservesPacketsPastSaturation) {
  NetworkConfig c;
  c.topology = std::make_shared<const Fly>(4, 3, FlyWiring::kOmega);
  c.vcs = 2;
  conserves_and_drains(c, 0.9, 4);
}

TEST(Network, ManyPortsTimesVirtualChannelsAlsoConserve) {
  // 32 ports x 4 VCs and 5 ports x 16 VCs: more input VCs per router than one 64-bit word holds.
  const std::pair<std::shared_ptr<const Topology>, int> cases[] = {
      {std::make_shared<const Crossbar>(32), 4},
      {std::make_shared<const KNCube>(std::vector<int>{4, 4}, false), 16}};
  for (const auto& [topology, vcs] : cases) {
    NetworkConfig c;
    c.topology = topology;
    c.vcs = vcs;
    c.buffer_flits = 2;
    conserves_and_drains(c, 0.9, 3);
  }
}

TEST(Network, TheSourceQueueGrowsOnDemandUpToItsLimit) {
  NetworkConfig c = mesh({4});
  c.source_queue_packets = 10;
  Network net(c);
  const std::size_t empty = net.state_bytes();
  for (int i = 0; i < 10; ++i) EXPECT_GE(net.send(1, 3, 2, 0), 0);
  EXPECT_EQ(net.send(1, 3, 2, 0), -1);
  EXPECT_GT(net.state_bytes(), empty);
  // The queue keeps its order while it grows: packets arrive in the order sent.
  int expected = 0;
  for (int cycle = 0; cycle < 200; ++cycle) {
    net.step();
    for (const int id : net.delivered()) {
      EXPECT_EQ(id, expected++);
      net.release(3, 2);
    }
  }
  EXPECT_EQ(expected, 10);
}

TEST(Network, StateIsWellUnderFourKilobytesPerNodeAtAnyScale) {
  for (const int k : {8, 32}) {
    NetworkConfig c = mesh({k, k, k});
    Network net(c);
    const double per_node = static_cast<double>(net.state_bytes()) / (k * k * k);
    EXPECT_LT(per_node, 2048) << k;
  }
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

// Node 7 of a line stops taking what arrives: the requests for it fill every buffer on their
// way and stay (a destination that answers only once its replies are taken would deadlock
// here). A reply from node 0 to node 6 crosses the same channels on the replies' half of the
// VCs and out of its own source queue, so it arrives; in one message class it waits for ever.
std::int64_t reply_past_stuck_requests(int message_classes) {
  NetworkConfig c = mesh({8});
  c.vcs = 2;
  c.receive_queue_flits = 8;
  c.message_classes = message_classes;
  Network net(c);
  for (int src = 0; src < 6; ++src) {
    for (int k = 0; k < 8; ++k) net.send(src, 7, 8, 0, 0);
  }
  for (int i = 0; i < 500; ++i) net.step();
  EXPECT_EQ(net.receive_queue_used(7), 8);
  EXPECT_GT(net.source_backlog(0), 0);
  const std::int64_t sent = net.now();
  const int reply = net.send(0, 6, 4, 0, message_classes - 1);
  for (int i = 0; i < 2000; ++i) {
    net.step();
    for (const int id : net.delivered()) {
      if (id == reply) return net.packet(id).delivered - sent;
    }
  }
  return -1;
}

TEST(Network, RepliesFlowPastRequestsThatHoldEveryRequestVc) {
  // 6 hops, 4 flits: the zero-load 6 + 1 + 3 cycles, and a little for the switch's turns.
  const std::int64_t latency = reply_past_stuck_requests(2);
  EXPECT_GE(latency, 10);
  EXPECT_LE(latency, 20);
  EXPECT_EQ(reply_past_stuck_requests(1), -1);
}

TEST(Network, TwoMessageClassesNeedAnEvenSplitOfEnoughVirtualChannels) {
  for (const int vcs : {1, 3}) {
    NetworkConfig c = mesh({4, 4});
    c.vcs = vcs;
    c.message_classes = 2;
    try {
      Network net(c);
      FAIL() << vcs;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "vcs");
      EXPECT_NE(std::string(e.what()).find("an even number of 2 or more"), std::string::npos)
          << e.what();
    }
  }
  // A torus's dateline needs two classes in each half.
  NetworkConfig torus = cube({4, 4}, true);
  torus.vcs = 2;
  torus.message_classes = 2;
  EXPECT_THROW(Network net(torus), ParamError);
  torus.vcs = 4;
  Network net(torus);
  conserves_and_drains(torus, 0.9, 4);
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

TEST(Network, FixedPriorityArbitrationStarvesAnInjectingNodeThatRoundRobinServes) {
  // On a 3x4 mesh, nodes (0,0) and (2,0) stream to (1,3) and so turn at (1,0)'s router, whose own
  // node streams there too: three inputs want one output. Round robin gives the node a fair part
  // (its turn comes round); a fixed order always serves a waiting through input before the node's
  // own port (the last), and the node starves.
  auto share_of_local = [](bool fixed) {
    NetworkConfig c = mesh({3, 4});
    c.fixed_priority = fixed;
    Network net(c);
    int local = 0;
    int total = 0;
    for (int cycle = 0; cycle < 4000; ++cycle) {
      for (const int src : {0, 1, 2}) {
        if (net.source_backlog(src) < 2) net.send(src, 10, 4, src);
      }
      net.step();
      for (const int id : net.delivered()) {
        if (net.packet(id).tag == 1) ++local;
        ++total;
        net.consume(id);
      }
    }
    return static_cast<double>(local) / total;
  };
  EXPECT_GT(share_of_local(false), 0.15);
  EXPECT_LT(share_of_local(true), 0.02);
}

TEST(Network, CountsUtilizationAndBisectionTraffic) {
  Network net(mesh({4}));
  net.reset_counters();
  for (int i = 0; i < 10; ++i) net.send(0, 3, 10, 0);
  for (int cycle = 0; cycle < 200; ++cycle) {
    net.step();
    net.release(3, 10 * static_cast<int>(net.delivered().size()));
  }
  EXPECT_EQ(net.flits_sent(1, 0), 100u);
  EXPECT_EQ(net.bisection_flits(), 100u);
  EXPECT_NEAR(net.utilization(net.channel(1, 0)), 0.5, 1e-12);
  EXPECT_EQ(net.utilization(net.channel(3, 0)), 0.0);  // no link past the edge
}

TEST(Network, ARoutingHeaderCrossesEveryLinkAndStopsAtTheDestinationsRouter) {
  // Ten 10-word packets along a line of 4 nodes, with 0, 1 and 2 header flits: each link carries
  // the header's flits and the words, the receive queue and the ejection only the words.
  for (const int header : {0, 1, 2}) {
    NetworkConfig c = mesh({4});
    c.header_flits = header;
    Network net(c);
    net.reset_counters();
    for (int i = 0; i < 10; ++i) net.send(0, 3, 10, 0);
    int delivered = 0;
    for (int cycle = 0; cycle < 400; ++cycle) {
      net.step();
      delivered += static_cast<int>(net.delivered().size());
    }
    EXPECT_EQ(delivered, 10) << header;
    for (const int router : {0, 1, 2}) {
      EXPECT_EQ(net.flits_sent(router, 0), 10u * (10u + header)) << header;
    }
    EXPECT_EQ(net.bisection_flits(), 10u * (10u + header)) << header;
    EXPECT_EQ(net.ejected_flits(), 100u) << header;
    EXPECT_EQ(net.receive_queue_used(3), 100) << header;
    EXPECT_EQ(net.flits_in_network(), 0) << header;
  }
}

TEST(Network, ARoutingHeaderTakesEachLinkOfAPathInEveryDimension) {
  // From (0,0,0) to (3,2,1) on a 4x4x4 mesh: 6 hops, each carrying the header and the 3 words;
  // the ejection carries the 3 words.
  NetworkConfig c = mesh({4, 4, 4});
  c.header_flits = 1;
  Network net(c);
  const int dst = 3 + 4 * 2 + 16 * 1;
  ASSERT_GE(deliver(net, net.send(0, dst, 3, 0)), 0);
  std::uint64_t links = 0;
  for (int router = 0; router < 64; ++router) {
    for (int port = 0; port < net.topology().ports(router); ++port) {
      links += net.flits_sent(router, port);
    }
  }
  EXPECT_EQ(links, 6u * (3 + 1) + 3);
  EXPECT_EQ(net.ejected_flits(), 3u);
}

TEST(Network, ARoutingHeaderDelaysTheTailAndCutsTheWordsALinkCarries) {
  // At half a flit a cycle, the header puts the tail 2 cycles later on an idle path.
  NetworkConfig c = mesh({8});
  c.channel_rate = 0.5;
  c.eject_rate = 0.5;
  Network bare(c);
  c.header_flits = 1;
  Network headed(c);
  EXPECT_EQ(deliver(headed, headed.send(0, 3, 3, 0)), deliver(bare, bare.send(0, 3, 3, 0)) + 2);
  // A stream of 3-word messages over one link: 3 of every 4 flits are words, so 0.375 words a
  // cycle arrive where the ejection's 0.5 limits the bare stream.
  auto words_per_cycle = [](int header) {
    NetworkConfig s = mesh({2});
    s.channel_rate = 0.5;
    s.eject_rate = 0.5;
    s.header_flits = header;
    Network net(s);
    int words = 0;
    for (int cycle = 0; cycle < 4000; ++cycle) {
      if (net.source_backlog(0) < 2) net.send(0, 1, 3, 0);
      net.step();
      for (const int id : net.delivered()) {
        words += net.packet(id).flits;
        net.consume(id);
      }
    }
    return words / 4000.0;
  };
  EXPECT_NEAR(words_per_cycle(0), 0.5, 0.01);
  EXPECT_NEAR(words_per_cycle(1), 0.375, 0.01);
}

TEST(Network, RejectsAHeaderOutOfRange) {
  NetworkConfig c = mesh({4});
  c.header_flits = 256;
  EXPECT_THROW(Network{c}, ParamError);
  c.header_flits = -1;
  EXPECT_THROW(Network{c}, ParamError);
}

TEST(Network, OccupancyCountsAChannelABlockedPacketHoldsThoughItCarriesNothing) {
  // A line of 4 nodes; node 3 never empties its receive queue, so once the queue is full the
  // packet arriving there stands still and holds the channels behind it: each is held all the
  // time and carries nothing.
  NetworkConfig c = mesh({4});
  c.receive_queue_flits = 8;
  Network net(c);
  for (int i = 0; i < 4; ++i) net.send(0, 3, 10, 0);
  for (int cycle = 0; cycle < 200; ++cycle) net.step();
  net.reset_counters();
  for (int cycle = 0; cycle < 100; ++cycle) net.step();
  for (const int router : {0, 1, 2}) {
    EXPECT_EQ(net.utilization(net.channel(router, 0)), 0.0) << router;
    EXPECT_NEAR(net.occupancy(net.channel(router, 0)), 1.0, 1e-12) << router;
  }
  EXPECT_EQ(net.occupancy(net.channel(3, 0)), 0.0);  // no link past the edge
}

TEST(Network, OccupancyOfAFlowingChannelIsItsPacketsPassing) {
  // Ten 10-flit packets through the middle link in 200 cycles (as CountsUtilization...): held
  // while each passes, a little more than the flits take, never more than the whole window;
  // with two VCs the same, as one packet after another holds the channel.
  for (const int vcs : {1, 2}) {
    NetworkConfig c = mesh({4});
    c.vcs = vcs;
    Network net(c);
    net.reset_counters();
    for (int i = 0; i < 10; ++i) net.send(0, 3, 10, 0);
    for (int cycle = 0; cycle < 200; ++cycle) {
      net.step();
      net.release(3, 10 * static_cast<int>(net.delivered().size()));
    }
    const int middle = net.channel(1, 0);
    EXPECT_GE(net.occupancy(middle), net.utilization(middle)) << vcs;
    EXPECT_LT(net.occupancy(middle), net.utilization(middle) + 0.1) << vcs;
  }
}

}  // namespace
}  // namespace archex
