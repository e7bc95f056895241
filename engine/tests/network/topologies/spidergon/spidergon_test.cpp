// The Spidergon (spidergon.h): its wiring, the across-first route and its hops, its dateline's
// classes keeping every cycle of dependences open, and the router engine delivering all it is
// given past saturation on it.
#include "network/topologies/spidergon/spidergon.h"

#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>

#include "core/rng.h"
#include "network/network_params.h"
#include "network/topologies/describe.h"
#include "network/wormhole/network.h"

namespace archex {
namespace {

TEST(Spidergon, EachRouterJoinsItsNeighboursAndTheOppositeOne) {
  const Spidergon s(8);
  EXPECT_EQ(s.routers(), 8);
  EXPECT_EQ(s.terminals(), 8);
  EXPECT_EQ(s.output(7, Spidergon::kClockwise).router, 0);
  EXPECT_EQ(s.output(0, Spidergon::kCounterClockwise).router, 7);
  EXPECT_EQ(s.output(2, Spidergon::kAcross).router, 6);
  EXPECT_EQ(s.output(3, Spidergon::kLocal).terminal, 3);
  // Every link's two directions are each other's reverse, arriving by the port that leads back.
  for (int r = 0; r < 8; ++r) {
    for (int port = 0; port < Spidergon::kLocal; ++port) {
      const PortTarget to = s.output(r, port);
      const PortTarget back = s.output(to.router, to.port);
      EXPECT_EQ(back.router, r);
      EXPECT_EQ(back.port, port);
      EXPECT_EQ(s.reverse(r, port).router, to.router);
    }
  }
}

TEST(Spidergon, RefusesAnOddOrOutOfRangeCountNamingItsParameter) {
  for (const int n : {2, 7, 258}) {
    try {
      Spidergon s(n);
      FAIL() << n;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "spidergon_nodes");
    }
  }
}

TEST(Spidergon, AcrossFirstReachesEveryRouterWithinAQuarterTurn) {
  for (const int n : {4, 6, 16, 18}) {
    const Spidergon s(n);
    int most = 0;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        // The route walked hop by hop ends at b's terminal, the across link only first.
        RouteState state = 0;
        RouterPort at = s.injection(a);
        int hops = 0;
        bool ringed = false;
        for (;;) {
          const RouteStep step = s.route(at.router, at.port, b, state);
          const PortTarget next = s.output(at.router, step.port);
          if (next.terminal >= 0) {
            EXPECT_EQ(next.terminal, b);
            break;
          }
          if (step.port == Spidergon::kAcross) {
            EXPECT_FALSE(ringed) << a << "->" << b;
          }
          ringed = ringed || step.port != Spidergon::kAcross;
          at = {next.router, next.port};
          ++hops;
          ASSERT_LE(hops, n);
        }
        EXPECT_EQ(hops, s.distance(a, b));
        most = std::max(most, hops);
      }
    }
    // The diameter: N/4 rounded up.
    EXPECT_EQ(most, (n + 3) / 4) << n;
  }
}

TEST(Spidergon, ItsDatelineLeavesNoCycleOfDependences) {
  const NetworkMap deps = channel_dependencies(Spidergon(12), "s", "s");
  ASSERT_GT(deps.dependencies.rows(), 0u);
  for (const int cycle : deps.dependencies.ints("cycle")) EXPECT_EQ(cycle, -1);
}

TEST(Spidergon, DeliversAllItIsGivenPastSaturationWithTwoVcs) {
  Rng rng(65);
  for (const int n : {8, 14}) {
    NetworkConfig c;
    c.topology = std::make_shared<const Spidergon>(n);
    c.vcs = 2;
    c.buffer_flits = 2;
    Network net(c);
    std::int64_t sent = 0;
    std::int64_t received = 0;
    for (int cycle = 0; cycle < 2000 && net.deadlock() == nullptr; ++cycle) {
      for (int src = 0; src < n; ++src) {
        if (net.source_backlog(src) > 1) continue;
        int dest = static_cast<int>(rng.below(static_cast<std::uint64_t>(n - 1)));
        if (dest >= src) ++dest;
        net.send(src, dest, 4, 0);
        ++sent;
      }
      net.step();
      for (const int id : net.delivered()) {
        net.consume(id);
        ++received;
      }
    }
    EXPECT_EQ(net.deadlock(), nullptr);
    for (int more = 0; more < 100000 && !net.idle(); ++more) {
      net.step();
      for (const int id : net.delivered()) {
        net.consume(id);
        ++received;
      }
    }
    EXPECT_EQ(received, sent) << n;
  }
}

TEST(Spidergon, TheNetworkOffersItAsAShapeWithItsOwnParameter) {
  const ParamTable<NetworkParams> table = network_table();
  NetworkParams p = table.read(resolve_params("network", table.specs(), {}));
  p.topology = topology_index("spidergon");
  p.vcs = 2;
  p.shape.set("spidergon_nodes", 10);
  const auto built = make_topology(p);
  EXPECT_EQ(built->terminals(), 10);
  EXPECT_EQ(describe_network(*built, "n", "n").shape, "spidergon");
  const auto state = network_state(p);
  ASSERT_TRUE(state.has_value());
  EXPECT_EQ(state->bytes, static_cast<double>(Network(network_config(p, built)).state_bytes()));
  p.switching = Switching::kCircuit;
  EXPECT_THROW(make_topology(p), ParamError);
}

}  // namespace
}  // namespace archex
