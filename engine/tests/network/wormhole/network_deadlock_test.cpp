#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <vector>

#include "core/rng.h"
#include "core/tables.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

NetworkConfig cube(std::vector<int> radix, bool torus, bool dateline, int vcs) {
  NetworkConfig c;
  c.topology = std::make_shared<const KNCube>(std::move(radix), torus, dateline);
  c.vcs = vcs;
  return c;
}

// Uniform random traffic at `rate` flits/node/cycle for `cycles` cycles, or until the network
// finds a deadlock; the destinations take what arrives unless `consume` is false.
void load(Network& net, double rate, int flits, std::uint64_t seed, int cycles,
          bool consume = true) {
  Rng rng(seed);
  const int nodes = net.topology().terminals();
  for (int cycle = 0; cycle < cycles && net.deadlock() == nullptr; ++cycle) {
    for (int src = 0; src < nodes; ++src) {
      if (rng.uniform01() < rate / flits) {
        const int pick = static_cast<int>(rng.below(static_cast<std::uint64_t>(nodes - 1)));
        net.send(src, pick >= src ? pick + 1 : pick, flits, 0);
      }
    }
    net.step();
    if (!consume) continue;
    for (const int id : net.delivered()) {
      net.release(net.packet(id).dst, flits);
      net.free_packet(id);
    }
  }
}

// The knot is a cycle of links, each ending at the router the next leaves from, whose buffers
// stay as they are however long the network runs on.
void expect_a_real_knot(Network& net) {
  const Deadlock* d = net.deadlock();
  ASSERT_NE(d, nullptr);
  const std::size_t k = d->channels.size();
  ASSERT_GE(k, 2u);
  ASSERT_EQ(d->vcs.size(), k);
  ASSERT_EQ(d->packets.size(), k);
  const Topology& topo = net.topology();
  std::vector<int> router_of(static_cast<std::size_t>(net.channels()));
  std::vector<int> port_of(static_cast<std::size_t>(net.channels()));
  for (int r = 0; r < topo.routers(); ++r) {
    for (int p = 0; p < topo.ports(r); ++p) {
      router_of[static_cast<std::size_t>(net.channel(r, p))] = r;
      port_of[static_cast<std::size_t>(net.channel(r, p))] = p;
    }
  }
  std::vector<int> in(k);
  std::vector<int> held(k);
  std::vector<std::uint64_t> sent(k);
  for (std::size_t i = 0; i < k; ++i) {
    const auto c = static_cast<std::size_t>(d->channels[i]);
    const PortTarget to = topo.output(router_of[c], port_of[c]);
    ASSERT_GE(to.router, 0) << "a knot channel leads to a router";
    const auto next = static_cast<std::size_t>(d->channels[(i + 1) % k]);
    EXPECT_EQ(router_of[next], to.router) << "knot channel " << i << " ends where the next starts";
    in[i] = net.channel(to.router, to.port);
    held[i] = net.buffered(in[i], d->vcs[i]);
    EXPECT_GT(held[i], 0) << "each buffer of the knot holds flits";
    sent[i] = net.flits_sent(router_of[c], port_of[c]);
  }
  const std::int64_t found = d->cycle;
  for (int i = 0; i < 5000; ++i) net.step();
  EXPECT_EQ(net.deadlock()->cycle, found);
  for (std::size_t i = 0; i < k; ++i) {
    EXPECT_EQ(net.buffered(in[i], d->vcs[i]), held[i]);
    const auto c = static_cast<std::size_t>(d->channels[i]);
    EXPECT_EQ(net.flits_sent(router_of[c], port_of[c]), sent[i]) << "nothing crosses the knot";
  }
}

TEST(NetworkDeadlock, ARingWithoutADatelineDeadlocksAndTheKnotIsFound) {
  for (const std::uint64_t seed : {1, 2, 3}) {
    Network net(cube({8}, true, false, 1));
    load(net, 0.8, 8, seed, 50000);
    ASSERT_NE(net.deadlock(), nullptr) << "seed " << seed;
    expect_a_real_knot(net);
    // Around a ring the knot is every channel of one direction.
    EXPECT_EQ(net.deadlock()->channels.size(), 8u);
  }
}

TEST(NetworkDeadlock, ATorusWithoutADatelineDeadlocks) {
  for (const std::uint64_t seed : {1, 2}) {
    Network net(cube({4, 4}, true, false, 1));
    load(net, 0.9, 8, seed, 50000);
    ASSERT_NE(net.deadlock(), nullptr) << "seed " << seed;
    expect_a_real_knot(net);
  }
}

TEST(NetworkDeadlock, NeverOnADeadlockFreeNetworkUnderAnyLoad) {
  // Loads to past saturation (a 4x4 mesh's bound is 0.5, a torus's 1), several seeds, long runs,
  // and routers slow enough that flits sit still for many cycles between moves.
  std::vector<NetworkConfig> nets = {cube({4, 4}, false, true, 1), cube({4, 4}, false, true, 3),
                                     cube({4, 4}, true, true, 2), cube({8}, true, true, 2),
                                     cube({3, 3, 3}, true, true, 4)};
  NetworkConfig slow = cube({4, 4}, true, true, 2);
  slow.router_delay_cycles = 40;
  slow.credit_delay_cycles = 30;
  slow.channel_rate = 0.05;
  slow.buffer_flits = 2;
  nets.push_back(slow);
  for (const NetworkConfig& c : nets) {
    for (const double rate : {0.1, 0.5, 1.0}) {
      for (const std::uint64_t seed : {1, 2, 3}) {
        Network net(c);
        load(net, rate, 8, seed, 30000);
        EXPECT_EQ(net.deadlock(), nullptr) << "rate " << rate << " seed " << seed;
      }
    }
  }
}

TEST(NetworkDeadlock, AStoppedReceiverIsNotADeadlock) {
  // Nobody takes words out of the receive queues: everything stops, but each wait ends at a
  // node, not in a cycle of channels.
  NetworkConfig c = cube({4, 4}, true, true, 2);
  c.receive_queue_flits = 8;
  Network net(c);
  load(net, 0.5, 4, 1, 20000, false);
  EXPECT_GT(net.flits_in_network(), 0);
  EXPECT_EQ(net.deadlock(), nullptr);
}

// The number of cycles channel_dependencies found.
int cycles_of(const NetworkMap& n) {
  std::set<int> cycles;
  for (const int c : n.dependencies.ints("cycle")) {
    if (c >= 0) cycles.insert(c);
  }
  return static_cast<int>(cycles.size());
}

TEST(ChannelDependencies, ADatelineBreaksTheCyclesOfARingAndATorus) {
  // One cycle per ring direction whose routes go two hops or more: both ways round a ring of 8;
  // on a 4x4 torus only + (a tie of 2 hops goes +), 4 rows and 4 columns.
  EXPECT_EQ(cycles_of(channel_dependencies(KNCube({8}, true, false), "d", "d")), 2);
  EXPECT_EQ(cycles_of(channel_dependencies(KNCube({4, 4}, true, false), "d", "d")), 8);
  EXPECT_EQ(cycles_of(channel_dependencies(KNCube({8}, true, true), "d", "d")), 0);
  EXPECT_EQ(cycles_of(channel_dependencies(KNCube({4, 4}, true, true), "d", "d")), 0);
  EXPECT_EQ(cycles_of(channel_dependencies(KNCube({4, 4}, false), "d", "d")), 0);
  EXPECT_EQ(cycles_of(channel_dependencies(KNCube({3, 3, 3}, false), "d", "d")), 0);
}

TEST(ChannelDependencies, EdgesFollowTheRouting) {
  const NetworkMap ring = channel_dependencies(KNCube({8}, true, false), "d", "d");
  const auto& from = ring.dependencies.ints("from");
  // Each of the 16 ring channels leads on to the next in its direction, and to nothing else
  // (no packet turns back): 16 edges, every one on a cycle.
  EXPECT_EQ(from.size(), 16u);
  for (const int c : ring.dependencies.ints("cycle")) EXPECT_GE(c, 0);
  // With a dateline a packet crossing the wrap-around link goes on in the upper class.
  const NetworkMap dated = channel_dependencies(KNCube({8}, true, true), "d", "d");
  std::set<int> classes(dated.dependencies.ints("to_class").begin(),
                        dated.dependencies.ints("to_class").end());
  EXPECT_EQ(classes, (std::set<int>{0, 1}));
  // On a 2-D mesh an x channel may lead to a y channel, never a y channel to an x one.
  const NetworkMap m = channel_dependencies(KNCube({3, 3}, false), "d", "d");
  const auto& ports = m.channels.ints("port");
  const auto& ids = m.channels.ints("id");
  const auto port_of = [&](int id) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      if (ids[i] == id) return ports[i];
    }
    return -1;
  };
  const auto& mf = m.dependencies.ints("from");
  const auto& mt = m.dependencies.ints("to");
  ASSERT_FALSE(mf.empty());
  for (std::size_t e = 0; e < mf.size(); ++e) {
    EXPECT_FALSE(port_of(mf[e]) >= 2 && port_of(mt[e]) < 2) << mf[e] << " -> " << mt[e];
  }
}

}  // namespace
}  // namespace archex
