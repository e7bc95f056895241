// The flattened butterfly's wiring and routes (flattened_butterfly.h): BookSim2's numbering of
// routers and ports, every two routers of a row joined once, minimal routes of one hop per
// differing dimension, Valiant's intermediate router, UGAL's two options, the uniform load in
// closed form, and that no class closes a cycle of channel dependences.
#include "network/topologies/flattened_butterfly/flattened_butterfly.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "network/network_params.h"
#include "network/topologies/describe.h"
#include "network/traffic/analytic.h"
#include "network/traffic/traffic.h"
#include "network/routings/routed.h"

namespace archex {
namespace {

struct Hop {
  int router;
  int port;
  int cls;
};

std::vector<Hop> walk(const FlattenedButterfly& f, int src, int dest, RouteState state) {
  std::vector<Hop> out;
  RouterPort at = f.injection(src);
  for (int guard = 0; guard < 16; ++guard) {
    const RouteStep step = f.route(at.router, at.port, dest, state);
    const PortTarget t = f.output(at.router, step.port);
    if (t.terminal >= 0) {
      EXPECT_EQ(t.terminal, dest);
      return out;
    }
    out.push_back({at.router, step.port, step.vc_class});
    at = {t.router, t.port};
  }
  ADD_FAILURE() << "no arrival from " << src << " to " << dest;
  return out;
}

TEST(FlattenedButterfly, EveryTwoRoutersOfARowAreJoinedOnceInBothDirections) {
  for (const auto& [k, n, c] :
       std::vector<std::array<int, 3>>{{4, 2, 4}, {3, 3, 1}, {2, 4, 2}, {5, 1, 3}}) {
    const FlattenedButterfly f(k, n, c);
    EXPECT_EQ(f.ports(0), c + n * (k - 1));
    std::map<std::pair<int, int>, int> joined;
    for (int r = 0; r < f.routers(); ++r) {
      for (int port = c; port < f.ports(r); ++port) {
        const PortTarget t = f.output(r, port);
        ASSERT_GE(t.router, 0);
        const PortTarget back = f.output(t.router, t.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
        // A row: the two differ in the port's dimension alone.
        const int d = f.dimension_of(port);
        EXPECT_EQ(f.channel_class(r, port), d);
        EXPECT_EQ(f.distance(r, t.router), 1);
        EXPECT_NE(f.coordinate(r, d), f.coordinate(t.router, d));
        ++joined[{r, t.router}];
      }
    }
    EXPECT_EQ(joined.size(), static_cast<std::size_t>(f.routers() * n * (k - 1)));
    for (const auto& [pair, times] : joined) EXPECT_EQ(times, 1);
  }
}

TEST(FlattenedButterfly, PortsAreNumberedAsBookSimsFlatfly) {
  // BookSim2's flatfly_outport: port c + (k-1)*d - 1 + x toward a larger coordinate x, c +
  // (k-1)*d + x toward a smaller one.
  const FlattenedButterfly f(4, 2, 4);
  EXPECT_EQ(f.output(5, 4).router, 4);   // x 1 to 0
  EXPECT_EQ(f.output(5, 5).router, 6);   // x 1 to 2
  EXPECT_EQ(f.output(5, 7).router, 1);   // y 1 to 0
  EXPECT_EQ(f.output(5, 9).router, 13);  // y 1 to 3
  EXPECT_EQ(f.injection(22).router, 5);
  EXPECT_EQ(f.injection(22).port, 2);
}

TEST(FlattenedButterfly, TheMinimalRouteTakesOneHopPerDifferingDimensionInOrder) {
  const FlattenedButterfly f(3, 3, 2);
  for (int src = 0; src < f.terminals(); ++src) {
    for (int dest = 0; dest < f.terminals(); ++dest) {
      if (src == dest) continue;
      const std::vector<Hop> hops = walk(f, src, dest, f.route_start(src, dest, 0));
      EXPECT_EQ(static_cast<int>(hops.size()), f.distance(src / 2, dest / 2));
      int last = -1;
      for (const Hop& h : hops) {
        EXPECT_GT(f.dimension_of(h.port), last);
        last = f.dimension_of(h.port);
        EXPECT_EQ(h.cls, 0);
      }
    }
  }
}

TEST(FlattenedButterfly, TheUniformLoadAndHopsInClosedFormAreTheWalksOfEveryRoute) {
  for (const auto& [k, n, c] :
       std::vector<std::array<int, 3>>{{4, 2, 4}, {3, 3, 1}, {2, 4, 2}, {5, 1, 3}, {8, 2, 1}}) {
    const FlattenedButterfly f(k, n, c);
    EXPECT_NEAR(f.uniform_channel_load(), std::max(1.0, uniform_max_channel_load(f)), 1e-12)
        << k << " " << n << " " << c;
    // Each dimension differs for a share (k-1)/k of the pairs, the terminal itself included.
    const TrafficPattern uniform(f, Pattern::kUniform, 0);
    const double nodes = f.terminals();
    EXPECT_NEAR(pattern_load(f, uniform).mean_hops,
                n * (k - 1.0) / k * nodes / (nodes - 1), 1e-12);
  }
}

TEST(FlattenedButterfly, ValiantsRouterIsUniformOverAllAndItsRouteGoesThrough) {
  const FlattenedButterfly f = with_routing(FlattenedButterfly(4, 2, 1), "Valiant");
  const int src = 0;
  const int dest = 15;
  std::map<int, int> seen;
  const int draws = 64000;
  for (int i = 0; i < draws; ++i) {
    const RouteState start =
        f.route_start(src, dest, static_cast<std::uint64_t>(i) * 2654435761u);
    const auto via = via_of(start);
    ++seen[via];
    const std::vector<Hop> hops = walk(f, src, dest, start);
    // Minimally to the intermediate router on class 0, then on class 1; a route that passes the
    // destination's router on the way leaves there.
    int last = 0;
    bool through = via == src;
    for (const Hop& h : hops) {
      EXPECT_GE(h.cls, last);
      last = h.cls;
      through = through || h.router == via;
    }
    EXPECT_TRUE(through || via == dest) << via;
    EXPECT_EQ(static_cast<int>(hops.size()), f.distance(src, via) + f.distance(via, dest));
  }
  EXPECT_EQ(seen.size(), 16u);
  for (const auto& [via, times] : seen) {
    EXPECT_NEAR(times, draws / 16.0, draws / 16.0 * 0.05) << "router " << via;
  }
}

TEST(FlattenedButterfly, UgalOffersTheMinimalRouteFirstThenValiantsOnceWeightedByHops) {
  const FlattenedButterfly f = with_routing(FlattenedButterfly(4, 2, 2), "UGAL");
  // From router 0 to router 5 (x 1, y 1); the intermediate router is drawn in both dimensions.
  const int src = 0;
  const int dest = 10;
  std::set<int> vias;
  for (std::uint64_t draw = 0; draw < 200; ++draw) {
    const RouteState start = f.route_start(src, dest, draw * 2654435761u);
    RouteOption options[kMostRouteOptions];
    const RouterPort at = f.injection(src);
    ASSERT_EQ(f.route_options(at.router, at.port, dest, start, options), 2);
    const auto via = via_of(start);
    vias.insert(via);
    EXPECT_EQ(options[0].weight, 2);
    EXPECT_EQ(options[1].weight, f.distance(0, via) + f.distance(via, 5));
    EXPECT_EQ(walk(f, src, dest, options[0].state).size(), 2u);
    EXPECT_EQ(static_cast<int>(walk(f, src, dest, options[1].state).size()), options[1].weight);
    // Chosen, the state offers nothing more.
    EXPECT_EQ(f.route_options(at.router, at.port, dest, options[1].state, options), 0);
  }
  EXPECT_EQ(vias.size(), 16u);
  // From router 0 to router 1 only x differs: the intermediate router keeps y = 0.
  for (std::uint64_t draw = 0; draw < 50; ++draw) {
    const auto via = via_of(f.route_start(0, 2, draw));
    EXPECT_EQ(f.coordinate(via, 1), 0);
  }
  RouteOption options[kMostRouteOptions];
  EXPECT_EQ(f.route_options(0, 0, 1, f.route_start(0, 1, 5), options), 0);
}

TEST(FlattenedButterfly, NoClassClosesACycleOfDependences) {
  for (const std::string r :
       {"dimension order", "Valiant", "UGAL"}) {
    for (const auto& [k, n] : std::vector<std::array<int, 2>>{{3, 2}, {2, 3}}) {
      const NetworkMap deps = channel_dependencies(with_routing(FlattenedButterfly(k, n, 1), r), "f", "f");
      EXPECT_GT(deps.dependencies.ints("cycle").size(), 0u);
      EXPECT_EQ(cycles_of(deps), 0) << r;
    }
  }
}

TEST(FlattenedButterfly, DescribesItsDimensionsAsAxesAndChannelClasses) {
  const FlattenedButterfly f(4, 3, 2);
  const NetworkMap map = describe_network(f, "f", "f");
  EXPECT_EQ(map.shape, "flattened butterfly");
  EXPECT_EQ(f.axes(), (std::vector<std::string>{"x", "y", "z"}));
  EXPECT_EQ(f.channel_classes(), f.axes());
  EXPECT_EQ(f.position(4 * 16 - 1 - 4), (std::vector<int>{3, 2, 3}));
}

TEST(FlattenedButterfly, ChipWiresTakeTheirRoutersDistanceOnBookSimsChip) {
  // flatfly_onchip.cpp, use_noc_latency: length = xr * |dx| + yr * |dy| on a chip of routers x
  // to a row, here 4 x 4 routers of 2 x 2 terminals.
  const FlattenedButterfly chip(4, 2, 4, true);
  const auto cycles_to = [&](int from, int to) {
    for (int port = 0; port < chip.ports(from); ++port) {
      if (chip.output(from, port).router == to) return chip.link_cycles(from, port);
    }
    return -1;
  };
  EXPECT_EQ(cycles_to(0, 1), 2);
  EXPECT_EQ(cycles_to(0, 3), 6);
  EXPECT_EQ(cycles_to(0, 12), 6);
  EXPECT_EQ(cycles_to(13, 5), 4);
  EXPECT_EQ(chip.link_cycles(0, 0), 1);  // a terminal's
  const FlattenedButterfly plain(4, 2, 4);
  for (int port = 0; port < plain.ports(0); ++port) EXPECT_EQ(plain.link_cycles(0, port), 1);
  try {
    FlattenedButterfly(4, 2, 8, true);
    ADD_FAILURE() << "8 terminals are no square tile";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "flatfly_terminals");
  }
}

TEST(FlattenedButterfly, RefusesWhatItCannotBuildNamingTheParameter) {
  const auto param_of = [](auto build) {
    try {
      build();
    } catch (const ParamError& e) {
      return e.param();
    }
    return std::string("none");
  };
  EXPECT_EQ(param_of([] { FlattenedButterfly(1, 2, 1); }),
            "flatfly_arity");
  EXPECT_EQ(param_of([] { FlattenedButterfly(4, 5, 1); }),
            "flatfly_dimensions");
  EXPECT_EQ(param_of([] { FlattenedButterfly(4, 2, 0); }),
            "flatfly_terminals");
  // 16 x 16 routers of 16 terminals: 4,096 terminals.
  EXPECT_EQ(param_of([] { FlattenedButterfly(16, 2, 16); }),
            "flatfly_dimensions");
  // The largest router the ranges allow has 2 terminals and 2 x 31 channels: 64 ports.
  EXPECT_EQ(param_of([] { FlattenedButterfly(32, 2, 2); }),
            "none");
  EXPECT_EQ(param_of([] { FlattenedButterfly(32, 2, 3); }),
            "flatfly_dimensions");
  EXPECT_EQ(param_of([] { FlattenedButterfly(16, 4, 1); }),
            "flatfly_dimensions");
  EXPECT_EQ(param_of([] { with_routing(FlattenedButterfly(4, 2, 4), "ROMM"); }), "routing");
  const ParamTable<NetworkParams> table = network_table();
  NetworkParams p = table.read(resolve_params("network", table.specs(), {}));
  p.topology = topology_index("flattened butterfly");
  p.switching = Switching::kCircuit;
  EXPECT_EQ(param_of([&] { make_topology(p); }), "switching");
}

}  // namespace
}  // namespace archex
