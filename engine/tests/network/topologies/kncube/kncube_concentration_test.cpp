// A k-ary n-cube of c terminals a router (kncube.h): each terminal on a port of its own, every
// route ending at its destination terminal's port under every routing, the capacity bound and
// zero-load hops counting the c terminals that share a router's channels, and no deadlock under
// dimension order well past saturation.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/network_params.h"
#include "network/topologies/kncube/kncube.h"
#include "network/traffic/analytic.h"
#include "network/traffic/traffic.h"
#include "network/wormhole/network.h"
#include "network/routings/routed.h"

namespace archex {
namespace {

// Follows `topology`'s route from terminal `src` to `dest` (an adaptive routing's first choice),
// returning the terminal it leaves the network at and counting the channels between routers.
int deliver(const KNCube& cube, int src, int dest, RouteState state, int& hops) {
  RouterPort at = cube.injection(src);
  hops = 0;
  RouteChoice choices[kMostRouteChoices];
  for (int step = 0; step <= 4 * cube.routers(); ++step) {
    int port = 0;
    if (cube.adaptive()) {
      EXPECT_GT(cube.route_choices(at.router, at.port, dest, choices), 0);
      port = choices[0].port;
    } else {
      port = cube.route(at.router, at.port, dest, state).port;
    }
    const PortTarget next = cube.output(at.router, port);
    if (next.terminal >= 0) return next.terminal;
    EXPECT_GE(next.router, 0) << "a route past the mesh's edge";
    if (next.router < 0) return -1;
    ++hops;
    at = {next.router, next.port};
  }
  return -1;
}

TEST(KNCubeConcentration, EachTerminalHasAPortOfItsOwnOnItsRouter) {
  const KNCube mesh({4, 4}, false, true, 4);
  EXPECT_EQ(mesh.routers(), 16);
  EXPECT_EQ(mesh.terminals(), 64);
  EXPECT_EQ(mesh.ports(), 8);
  EXPECT_EQ(mesh.concentration(), 4);
  for (int t = 0; t < mesh.terminals(); ++t) {
    const RouterPort in = mesh.injection(t);
    EXPECT_EQ(in.router, t / 4);
    EXPECT_EQ(in.port, mesh.local_port() + t % 4);
    // The same port's output delivers to the same terminal, and is no channel between routers.
    EXPECT_EQ(mesh.output(in.router, in.port).terminal, t);
    EXPECT_LT(mesh.output(in.router, in.port).router, 0);
    EXPECT_EQ(mesh.channel_class(in.router, in.port), -1);
    EXPECT_FALSE(mesh.crosses_bisection(in.router, in.port));
    EXPECT_LT(mesh.reverse(in.router, in.port).router, 0);
  }
  // One terminal a router is the cube as it always was.
  const KNCube plain({4, 4}, false);
  EXPECT_EQ(plain.terminals(), 16);
  EXPECT_EQ(plain.ports(), 5);
  EXPECT_EQ(plain.injection(7).router, 7);
  EXPECT_EQ(plain.injection(7).port, 4);
}

TEST(KNCubeConcentration, EveryRoutingReachesEveryTerminalAtItsOwnPort) {
  const char* const mesh_routings[] = {
      "dimension order", "random tie-break",       "Valiant",
      "ROMM",           "O1TURN",          "minimal adaptive",
      "west-first",      "negative-first",   "north-last"};
  for (const bool torus : {false, true}) {
    for (const std::string routing : mesh_routings) {
      if (torus && (routing == "west-first" || routing == "negative-first" ||
                    routing == "north-last")) {
        continue;
      }
      const KNCube cube = with_routing(KNCube({3, 4}, torus, true, 3), routing);
      const std::string what = std::string(torus ? "torus " : "mesh ") +
                               routing;
      for (int src = 0; src < cube.terminals(); ++src) {
        for (int dest = 0; dest < cube.terminals(); ++dest) {
          if (src == dest) continue;
          for (const RouteState start : cube.route_starts(src, dest)) {
            int hops = 0;
            ASSERT_EQ(deliver(cube, src, dest, start, hops), dest) << what;
            if (routing == "dimension order") {
              EXPECT_EQ(hops, cube.distance(src / 3, dest / 3)) << what;
            }
          }
        }
      }
    }
  }
}

TEST(KNCubeConcentration, TheClosedFormChannelLoadIsTheWalkOfEveryRoute) {
  for (const bool torus : {false, true}) {
    for (const int c : {1, 2, 5}) {
      const KNCube cube({4, 3}, torus, true, c);
      EXPECT_NEAR(cube.uniform_channel_load(), uniform_max_channel_load(cube), 1e-12)
          << (torus ? "torus c " : "mesh c ") << c;
    }
  }
}

TEST(KNCubeConcentration, TheCapacityBoundFallsAsTheRoutersTerminalsShareItsChannels) {
  NetworkParams p = network_table().read(resolve_params("network", network_table().specs(), {}));
  p.shape.set("dims", std::vector<double>{8, 8});
  const auto bound = [&](int c) {
    p.shape.set("concentration", c);
    const NetworkConfig config = network_config(p, make_topology(p));
    return capacity_bound(*config.topology, config);
  };
  // An 8x8 mesh's bisection channel carries k/4 = 2 a unit: c terminals a router, 2c, each over
  // the terminals but the source.
  for (const int c : {1, 2, 4, 16}) {
    const double terminals = 64.0 * c;
    EXPECT_NEAR(bound(c), (terminals - 1) / terminals / (2.0 * c), 1e-12) << c;
  }
  // Transpose on 4 terminals a router: each router's four send to one router, four times the
  // channel load of one terminal a router.
  p.shape.set("concentration", 1);
  const NetworkConfig one = network_config(p, make_topology(p));
  p.shape.set("concentration", 4);
  const NetworkConfig four = network_config(p, make_topology(p));
  const TrafficPattern t1(*one.topology, Pattern::kTranspose, 0);
  const TrafficPattern t4(*four.topology, Pattern::kTranspose, 0);
  EXPECT_NEAR(pattern_capacity_bound(*four.topology, four, t4),
              pattern_capacity_bound(*one.topology, one, t1) / 4, 1e-12);
}

TEST(KNCubeConcentration, MeanHopsCountTerminalsOfOneRouterAsNoHops) {
  const KNCube cube({4, 4}, true, true, 3);
  double hops = 0;
  for (int a = 0; a < cube.terminals(); ++a) {
    for (int b = 0; b < cube.terminals(); ++b) {
      if (a != b) hops += cube.distance(a / 3, b / 3);
    }
  }
  const double pairs = cube.terminals() * (cube.terminals() - 1.0);
  EXPECT_NEAR(cube_mean_hops(cube), hops / pairs, 1e-12);
  // The walk of a routing that draws agrees with the closed form where it takes the same routes.
  const KNCube drawn = with_routing(KNCube({4, 4}, true, true, 3), "random tie-break");
  const TrafficPattern uniform(drawn, Pattern::kUniform, 0);
  EXPECT_NEAR(pattern_load(drawn, uniform).mean_hops, hops / pairs, 1e-12);
}

TEST(KNCubeConcentration, DimensionOrderNeverDeadlocksWellPastSaturation) {
  Rng rng(52);
  for (const bool torus : {false, true}) {
    NetworkConfig config;
    config.topology = std::make_shared<const KNCube>(std::vector<int>{4, 4}, torus, true, 4);
    config.vcs = torus ? 2 : 1;
    config.buffer_flits = 4;
    Network net(config);
    const int terminals = config.topology->terminals();
    std::vector<int> received(static_cast<std::size_t>(terminals), 0);
    int sent = 0;
    int delivered = 0;
    const auto take = [&] {
      for (const int id : net.delivered()) {
        ++received[static_cast<std::size_t>(net.packet(id).dst)];
        ++delivered;
        net.consume(id);
      }
    };
    // Every source keeps a packet queued: far past the bound of 1/8 flit a terminal a cycle.
    for (int cycle = 0; cycle < 3000 && net.deadlock() == nullptr; ++cycle) {
      for (int src = 0; src < terminals; ++src) {
        if (net.source_backlog(src) > 1) continue;
        int dest = static_cast<int>(rng.below(static_cast<std::uint64_t>(terminals - 1)));
        if (dest >= src) ++dest;
        net.send(src, dest, 5, 0);
        ++sent;
      }
      net.step();
      take();
    }
    EXPECT_EQ(net.deadlock(), nullptr) << (torus ? "torus" : "mesh");
    for (int cycle = 0; cycle < 200000 && !net.idle() && net.deadlock() == nullptr; ++cycle) {
      net.step();
      take();
    }
    EXPECT_TRUE(net.idle());
    EXPECT_EQ(delivered, sent);
    // Every terminal, of every router's four, received its share.
    for (int t = 0; t < terminals; ++t) EXPECT_GT(received[static_cast<std::size_t>(t)], 0) << t;
  }
}

TEST(KNCubeConcentration, TerminalsARouterOutOfRangeAreRefusedNamingConcentration) {
  for (const int c : {0, KNCube::kMostConcentration + 1}) {
    try {
      KNCube({4, 4}, false, true, c);
      FAIL() << c;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "concentration");
      EXPECT_NE(std::string(e.what()).find("valid range [1, 16]"), std::string::npos) << e.what();
    }
  }
  // The parameter's own range says the same before a cube is built.
  const ParamTable<NetworkParams> table = network_table();
  try {
    table.read(resolve_params("network", table.specs(), {{"concentration", 17.0}}));
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "concentration");
    EXPECT_NE(std::string(e.what()).find("[1, 16]"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace archex
