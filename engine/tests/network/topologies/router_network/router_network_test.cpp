#include "network/topologies/router_network/router_network.h"

#include <gtest/gtest.h>

#include <memory>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

NetworkConfig on(const RouterNetworkSpec& spec) {
  NetworkConfig c;
  c.topology = std::make_shared<const RouterNetwork>(spec);
  return c;
}

// Cycles from sending one packet on an idle network to its last flit's delivery.
std::int64_t latency(const NetworkConfig& c, int src, int dst, int flits) {
  Network net(c);
  const int id = net.send(src, dst, flits, 0);
  for (int i = 0; i < 10000; ++i) {
    net.step();
    for (const int d : net.delivered()) {
      if (d == id) return net.packet(d).delivered - net.packet(d).created;
    }
  }
  return -1;
}

TEST(RouterNetwork, ALoopThroughOneRouterAddsExactlyThatRoutersLatencyPerPacket) {
  // One more router on the path costs its link cycle, its header decision and the engine's
  // pipeline once per packet: the flits behind the head stream through, so the difference is
  // the same for every packet length. Exact: the engine is deterministic and the network idle.
  for (const int header : {0, 3, 10}) {
    for (const int stages : {0, 2}) {
      NetworkConfig direct = on(direct_link_spec());
      NetworkConfig loop = on(loop_spec(header));
      direct.switch_alloc_cycles = loop.switch_alloc_cycles = stages;
      direct.router_delay_cycles = loop.router_delay_cycles = 1;
      const int router_latency = 1 + 1 + stages + header;
      for (const int flits : {1, 4, 32}) {
        const std::int64_t d = latency(direct, 0, 1, flits);
        ASSERT_GT(d, 0);
        EXPECT_EQ(latency(loop, 0, 1, flits), d + router_latency)
            << header << " header cycles, " << flits << " flits";
        EXPECT_EQ(latency(loop, 1, 0, flits), d + router_latency);
      }
    }
  }
}

TEST(RouterNetwork, AClosOfC104sDeliversEveryPacketToItsDestination) {
  NetworkConfig c = on(clos2_spec(4, 8, 4, 2));
  c.vcs = 2;
  Network net(c);
  EXPECT_EQ(net.topology().terminals(), 32);
  EXPECT_EQ(net.topology().routers(), 32 + 4 + 4);
  Rng rng(5);
  int sent = 0;
  int delivered = 0;
  for (int cycle = 0; cycle < 20000; ++cycle) {
    for (int src = 0; cycle < 2000 && src < 32; ++src) {
      if (rng.uniform01() < 0.05) {
        const int dst = static_cast<int>(rng.below(32));
        if (net.send(src, dst, 4, src) >= 0) ++sent;
      }
    }
    net.step();
    for (const int id : net.delivered()) {
      const Packet& p = net.packet(id);
      net.release(p.dst, p.flits);
      net.free_packet(id);
      ++delivered;
    }
  }
  EXPECT_GT(sent, 2000);
  EXPECT_EQ(delivered, sent);
  EXPECT_EQ(net.flits_in_network(), 0);
}

void rejects(const RouterNetworkSpec& spec, const char* words) {
  try {
    RouterNetwork net(spec);
    FAIL() << words;
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "router_network");
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(RouterNetwork, RejectsSpecsThatAreNotNetworksNamingWhatIsWrong) {
  RouterNetworkSpec spec = loop_spec(0);
  spec.routers[2].ports = 33;
  rejects(spec, "valid range [1, 32]");
  spec = loop_spec(0);
  spec.routers[2].table.pop_back();
  rejects(spec, "no interval for destination 1");
  spec = loop_spec(0);
  spec.routers[2].table[1].port = 5;
  rejects(spec, "leads nowhere");
  spec = loop_spec(0);
  spec.terminals[1] = spec.terminals[0];
  rejects(spec, "used twice");
  spec = loop_spec(0);
  spec.routers[2].table = {{0, 2, 0}};
  rejects(spec, "round a loop");
  spec = loop_spec(0);
  spec.routers[0].table = {{0, 2, 0}};
  rejects(spec, "to terminal 0");
  EXPECT_THROW(clos2_spec(4, 30, 4, 0), ParamError);
}

}  // namespace
}  // namespace archex
