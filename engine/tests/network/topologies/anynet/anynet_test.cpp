#include "network/topologies/anynet/anynet.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "core/param_spec.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

// BookSim2's examples/anynet/anynet_file: routers 0, 1 and 2 of three nodes each, all linked.
AnynetGraph booksim_example() {
  return {{0, 0, 0, 1, 1, 1, 2, 2, 2}, {0, 0, 1}, {1, 2, 2}, {1, 1, 1}, {1, 1, 1}};
}

// The port `router`'s table sends destination `dest` to.
int port_for(const RouterNetworkSpec& spec, int router, int dest) {
  for (const Interval& i : spec.routers[static_cast<std::size_t>(router)].table) {
    if (dest >= i.lo && dest < i.hi) return i.port;
  }
  return -1;
}

TEST(Anynet, NumbersPortsAsBookSim2NodesFirstThenNeighboursInOrder) {
  const RouterNetworkSpec spec = anynet_spec(booksim_example());
  ASSERT_EQ(spec.routers.size(), 3U);
  for (const RouterSpec& r : spec.routers) EXPECT_EQ(r.ports, 5);
  EXPECT_EQ(spec.terminals[4].router, 1);
  EXPECT_EQ(spec.terminals[4].port, 1);
  // Router 1's neighbours are 0 and 2: ports 3 and 4.
  EXPECT_EQ(port_for(spec, 1, 0), 3);
  EXPECT_EQ(port_for(spec, 1, 8), 4);
  EXPECT_EQ(port_for(spec, 1, 5), 2);
  const RouterNetwork net(spec);
  EXPECT_EQ(net.shape(), "anynet");
  EXPECT_EQ(net.output(1, 4).router, 2);
  EXPECT_EQ(net.output(1, 4).port, 4);
}

TEST(Anynet, TakesTheLowestNumberedOfEqualPathsAsBookSim2sDijkstraDoes) {
  // A square 0-1-3-2-0, a node on router 0 and one on router 3: two paths of two hops each way,
  // and BookSim2 keeps the one through router 1 (taken before router 2 among the nearest).
  const RouterNetworkSpec spec =
      anynet_spec({{0, 3, 1, 2}, {0, 0, 1, 2}, {2, 1, 3, 3}, {1, 1, 1, 1}, {1, 1, 1, 1}});
  const RouterNetwork net(spec);
  EXPECT_EQ(net.output(0, port_for(spec, 0, 1)).router, 1);
  EXPECT_EQ(net.output(3, port_for(spec, 3, 0)).router, 1);
  // Slower there through router 1: the path through router 2 is shorter.
  const RouterNetworkSpec slow =
      anynet_spec({{0, 3, 1, 2}, {0, 0, 1, 2}, {2, 1, 3, 3}, {1, 5, 1, 1}, {1, 1, 1, 1}});
  EXPECT_EQ(RouterNetwork(slow).output(0, port_for(slow, 0, 1)).router, 2);
  EXPECT_EQ(RouterNetwork(slow).output(3, port_for(slow, 3, 0)).router, 1);
}

TEST(Anynet, MayDeadlockWhereItsRoutesCloseACycleOfChannels) {
  // The example's routes take one link each; a ring of 6 routers' take up to 3 round it.
  EXPECT_FALSE(RouterNetwork(anynet_spec(booksim_example())).may_deadlock());
  const AnynetGraph ring{{0, 1, 2, 3, 4, 5}, {0, 1, 2, 3, 4, 5}, {1, 2, 3, 4, 5, 0},
                         {1, 1, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}};
  EXPECT_TRUE(RouterNetwork(anynet_spec(ring)).may_deadlock());
  // A line of the same routers: no cycle.
  AnynetGraph line = ring;
  for (std::vector<int>* list : {&line.link_from, &line.link_to, &line.link_cycles,
                                 &line.link_back_cycles}) {
    list->pop_back();
  }
  EXPECT_FALSE(RouterNetwork(anynet_spec(line)).may_deadlock());
}

// Cycles from sending one packet on an idle network to its last flit's delivery.
std::int64_t latency(const AnynetGraph& graph, int src, int dst) {
  NetworkConfig c;
  c.topology = std::make_shared<const RouterNetwork>(anynet_spec(graph));
  Network net(c);
  const int id = net.send(src, dst, 4, 0);
  for (int i = 0; i < 10000; ++i) {
    net.step();
    for (const int d : net.delivered()) {
      if (d == id) return net.packet(d).delivered - net.packet(d).created;
    }
  }
  return -1;
}

TEST(Anynet, ALinksCyclesOneWayLengthenOnlyThatWay) {
  AnynetGraph slow = booksim_example();
  slow.link_cycles[0] = 10;
  const std::int64_t base = latency(booksim_example(), 0, 3);
  ASSERT_GT(base, 0);
  // Router 0 to 1 takes 10 cycles, so 0's packets for 1 go round by router 2 (2 cycles), as on
  // a line 0-2-1; 1's packets for 0 still go direct.
  AnynetGraph line = booksim_example();
  line.link_from = {0, 2};
  line.link_to = {2, 1};
  line.link_cycles = line.link_back_cycles = {1, 1};
  EXPECT_GT(latency(line, 0, 3), base);
  EXPECT_EQ(latency(slow, 0, 3), latency(line, 0, 3));
  EXPECT_EQ(latency(slow, 3, 0), base);
  // Router 0 to 2 slow too: the direct link, 9 cycles longer.
  slow.link_cycles[1] = 10;
  EXPECT_EQ(latency(slow, 0, 3), base + 9);
}

void rejects(const AnynetGraph& graph, const char* param, const char* words) {
  try {
    anynet_spec(graph);
    FAIL() << words;
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), param);
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(Anynet, RejectsGraphsThatAreNotNetworksNamingTheParameter) {
  AnynetGraph g = booksim_example();
  g.link_to.pop_back();
  rejects(g, kAnynetLinkTo, "has 2 items, anynet_link_from 3");
  g = booksim_example();
  g.link_to[2] = 1;
  rejects(g, kAnynetLinkTo, "link 3 joins router 1 to itself");
  g = booksim_example();
  g.link_to[2] = 0;
  g.link_from[2] = 1;
  rejects(g, kAnynetLinkTo, "link 3 joins routers 1 and 0 again");
  g = booksim_example();
  g.node_router.push_back(4);
  rejects(g, kAnynetLinkFrom, "router 3 is not linked to router 0");
  g = booksim_example();
  g.node_router[0] = 300;
  rejects(g, kAnynetNodeRouter, "item 1 is router 300; valid range [0, 255]");
  g = booksim_example();
  g.node_router.assign(31, 0);
  rejects(g, kAnynetNodeRouter, "router 0 has 31 nodes and 2 links, 33 ports; valid range [1, 32]");
  rejects({{0}, {0}, {1}, {1}, {1}}, kAnynetNodeRouter, "at least two nodes");
}

}  // namespace
}  // namespace archex
