// The dragonfly's wiring and routes (dragonfly.h): BookSim2's arrangement of groups and channels,
// the minimal route's hops and classes (by global channels crossed and by BookSim2's phases),
// Valiant's intermediate group or router, UGAL's two options, and that no class closes a cycle
// of channel dependences (but with an intermediate router).
#include "network/topologies/kncube/kncube.h"
#include "network/topologies/dragonfly/dragonfly.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "network/topologies/describe.h"
#include "network/routings/routed.h"

namespace archex {
namespace {

struct Hop {
  int router;
  int port;
  int cls;
};

// The hops between routers of a route from `src` to `dest` starting in `state`.
std::vector<Hop> walk(const Dragonfly& d, int src, int dest, RouteState state) {
  std::vector<Hop> out;
  RouterPort at = d.injection(src);
  for (int guard = 0; guard < 16; ++guard) {
    const RouteStep step = d.route(at.router, at.port, dest, state);
    const PortTarget t = d.output(at.router, step.port);
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

// Channels between routers of the minimal route from router `from` to router `to`: a local hop
// to the router holding the global channel to `to`'s group (unless `from` holds it), that
// channel, a local hop (unless it lands on `to`); one local hop within a group.
int minimal_hops(const Dragonfly& d, int from, int to) {
  if (from == to) return 0;
  if (d.group(from) == d.group(to)) return 1;
  const RouterPort gw = d.gateway(d.group(from), d.group(to));
  const PortTarget far = d.output(gw.router, gw.port);
  return (gw.router != from ? 1 : 0) + 1 + (far.router != to ? 1 : 0);
}

TEST(Dragonfly, EveryTwoRoutersOfAGroupAndEveryTwoGroupsAreJoinedOnce) {
  for (const auto& [p, a, h] : std::vector<std::array<int, 3>>{{2, 4, 2}, {1, 3, 2}, {3, 2, 1}}) {
    const Dragonfly d(p, a, h);
    EXPECT_EQ(d.terminal_groups(), a * h + 1);
    EXPECT_EQ(d.terminals(), p * a * (a * h + 1));
    std::map<std::pair<int, int>, int> local;
    std::map<std::pair<int, int>, int> global;
    for (int r = 0; r < d.routers(); ++r) {
      for (int port = p; port < d.ports(r); ++port) {
        const PortTarget t = d.output(r, port);
        ASSERT_GE(t.router, 0);
        // Each channel's far end leads straight back: the links are two-way.
        const PortTarget back = d.output(t.router, t.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
        if (d.global_port(port)) {
          EXPECT_NE(d.group(t.router), d.group(r));
          ++global[{d.group(r), d.group(t.router)}];
        } else {
          EXPECT_EQ(d.group(t.router), d.group(r));
          ++local[{r, t.router}];
        }
      }
    }
    const int g = d.terminal_groups();
    EXPECT_EQ(global.size(), static_cast<std::size_t>(g * (g - 1)));
    for (const auto& [pair, n] : global) EXPECT_EQ(n, 1);
    EXPECT_EQ(local.size(), static_cast<std::size_t>(d.routers() * (a - 1)));
    for (const auto& [pair, n] : local) EXPECT_EQ(n, 1);
  }
}

TEST(Dragonfly, TheMinimalRouteIsLocalGlobalLocalWithTheClassChangedAfterTheGlobalChannel) {
  const Dragonfly d(2, 4, 2);
  for (int src = 0; src < d.terminals(); ++src) {
    for (int dest = 0; dest < d.terminals(); ++dest) {
      if (src == dest) continue;
      const std::vector<Hop> hops = walk(d, src, dest, d.route_start(src, dest, 0));
      EXPECT_EQ(static_cast<int>(hops.size()), minimal_hops(d, src / 2, dest / 2));
      int globals = 0;
      for (const Hop& h : hops) {
        EXPECT_EQ(h.cls, globals);
        globals += d.global_port(h.port) ? 1 : 0;
      }
      EXPECT_EQ(globals, d.group(src / 2) == d.group(dest / 2) ? 0 : 1);
      EXPECT_LE(hops.size(), 3u);
    }
  }
}

TEST(Dragonfly, TheUniformChannelLoadInClosedFormIsTheWalksOfEveryRoute) {
  for (const auto& [p, a, h] : std::vector<std::array<int, 3>>{{2, 4, 2}, {1, 3, 2}, {3, 2, 1},
                                                              {1, 8, 1}}) {
    const Dragonfly d(p, a, h);
    EXPECT_NEAR(d.uniform_channel_load(), std::max(1.0, uniform_max_channel_load(d)), 1e-12)
        << p << " " << a << " " << h;
  }
}

TEST(Dragonfly, ValiantsGroupIsUniformOverTheOthersAndItsRouteGoesThrough) {
  const Dragonfly d = with_routing(Dragonfly(2, 4, 2), "Valiant");
  // From group 0 to group 8: the intermediate group is one of 1..7, each a seventh.
  const int src = 0;
  const int dest = d.terminals() - 1;
  std::map<int, int> seen;
  const int draws = 70000;
  for (int k = 0; k < draws; ++k) {
    const RouteState start = d.route_start(src, dest, static_cast<std::uint64_t>(k) * 2654435761u);
    const std::vector<Hop> hops = walk(d, src, dest, start);
    std::vector<int> groups;
    int globals = 0;
    int last_class = 0;
    for (const Hop& h : hops) {
      EXPECT_GE(h.cls, last_class);
      last_class = h.cls;
      if (d.global_port(h.port)) {
        ++globals;
        groups.push_back(d.group(d.output(h.router, h.port).router));
      }
    }
    ASSERT_EQ(globals, 2);
    EXPECT_EQ(groups.back(), 8);
    ++seen[groups.front()];
  }
  EXPECT_EQ(seen.size(), 7u);
  for (const auto& [g, n] : seen) {
    EXPECT_NE(g, 0);
    EXPECT_NEAR(n, draws / 7.0, draws / 7.0 * 0.05) << "group " << g;
  }
}

TEST(Dragonfly, ValiantOverAnyGroupGoesMinimallyWhenItDrawsAnEnd) {
  // BookSim2's draw: from group 0 to group 8 of 9, each group a ninth; groups 0 and 8 give the
  // minimal route (one global channel), the seven others Valiant's (two). UGAL alike, and an
  // end leaves it nothing to choose.
  for (const std::string r : {"Valiant", "UGAL"}) {
    const Dragonfly d = with_routing(Dragonfly(2, 4, 2, 1, 1, ValiantGroups::kAny), r);
    const int src = 0;
    const int dest = d.terminals() - 1;
    const RouterPort at = d.injection(src);
    RouteOption options[kMostRouteOptions];
    const int draws = 90000;
    int minimal = 0;
    for (int k = 0; k < draws; ++k) {
      const RouteState start = d.route_start(src, dest, static_cast<std::uint64_t>(k) * 2654435761u);
      const int offered = d.route_options(at.router, at.port, dest, start, options);
      const RouteState taken = offered == 0 ? start : options[1].state;
      int globals = 0;
      for (const Hop& h : walk(d, src, dest, taken)) globals += d.global_port(h.port);
      if (globals == 1) {
        ++minimal;
        EXPECT_EQ(offered, 0);
      } else {
        EXPECT_EQ(globals, 2);
      }
    }
    EXPECT_NEAR(minimal, draws * 2 / 9.0, draws * 2 / 9.0 * 0.05);
    // The walk's list: every group once (and UGAL's minimal route first).
    const std::size_t listed = d.route_starts(src, dest).size();
    EXPECT_EQ(listed, r == "UGAL" ? 10u : 9u);
  }
}

std::vector<int> classes_of(const std::vector<Hop>& hops) {
  std::vector<int> out;
  for (const Hop& h : hops) out.push_back(h.cls);
  return out;
}

TEST(Dragonfly, PhasesGiveAGlobalChannelTheClassAfterItAsBookSim2) {
  // From terminal 0 (router 0, group 0) to the last terminal (router 35, group 8): a local hop to
  // router 3, which holds group 0's channel to group 8, that channel into router 32, a local hop.
  const int dest = 71;
  const Dragonfly dor(2, 4, 2, 1, 1, ValiantGroups::kOthers,
                      DragonflyClasses::kPhases);
  EXPECT_EQ(classes_of(walk(dor, 0, dest, 0)), (std::vector<int>{0, 1, 1}));
  const Dragonfly crossed(2, 4, 2);
  EXPECT_EQ(classes_of(walk(crossed, 0, dest, 0)), (std::vector<int>{0, 0, 1}));
  // UGAL's minimal route is BookSim2's phase 1, then 2 from its global channel; within a group 2.
  const Dragonfly ugal = with_routing(Dragonfly(2, 4, 2, 1, 1, ValiantGroups::kOthers,
                       DragonflyClasses::kPhases), "UGAL");
  RouteOption options[kMostRouteOptions];
  const RouterPort at = ugal.injection(0);
  ASSERT_EQ(ugal.route_options(at.router, at.port, dest, ugal.route_start(0, dest, 3), options), 2);
  EXPECT_EQ(classes_of(walk(ugal, 0, dest, options[0].state)), (std::vector<int>{1, 2, 2}));
  EXPECT_EQ(classes_of(walk(ugal, 0, 3, ugal.route_start(0, 3, 3))), (std::vector<int>{2}));
  // Valiant's: 0 up to the intermediate group (its global channel included), 1 in it, 2 from the
  // second global channel on; never falling.
  const std::vector<Hop> valiant = walk(ugal, 0, dest, options[1].state);
  std::vector<int> globals;
  for (std::size_t i = 0; i < valiant.size(); ++i) {
    if (ugal.global_port(valiant[i].port)) globals.push_back(static_cast<int>(i));
    if (i > 0) {
      EXPECT_GE(valiant[i].cls, valiant[i - 1].cls);
    }
  }
  ASSERT_EQ(globals.size(), 2u);
  EXPECT_EQ(valiant[static_cast<std::size_t>(globals[0])].cls, 0);
  EXPECT_EQ(valiant[static_cast<std::size_t>(globals[1])].cls, 2);
  for (int i = globals[0] + 1; i < globals[1]; ++i) {
    EXPECT_EQ(valiant[static_cast<std::size_t>(i)].cls, 1);
  }
}

TEST(Dragonfly, ValiantOverAnyRouterGoesOnToThatRouterFirst) {
  // BookSim2's draw: a random terminal's router, each of the 36 alike; the 8 routers of the two
  // end groups give the minimal route. Otherwise the route passes the drawn router, the hop into
  // it still of the first phase, and turns there.
  const Dragonfly d = with_routing(Dragonfly(2, 4, 2, 1, 1, ValiantGroups::kRouter,
                    DragonflyClasses::kPhases), "Valiant");
  const int src = 0;
  const int dest = d.terminals() - 1;
  std::map<int, int> seen;
  int minimal = 0;
  const int draws = 36000;
  for (int k = 0; k < draws; ++k) {
    const RouteState start = d.route_start(src, dest, static_cast<std::uint64_t>(k) * 2654435761u);
    const std::vector<Hop> hops = walk(d, src, dest, start);
    int globals = 0;
    for (const Hop& h : hops) globals += d.global_port(h.port);
    if (globals == 1) {
      ++minimal;
      continue;
    }
    ASSERT_EQ(globals, 2);
    const int via = via_of(start);
    ++seen[via];
    // The hop that reaches the drawn router (a local one, unless the global channel lands there)
    // is of class 0; the next hop leaves it.
    bool reached = false;
    for (std::size_t i = 0; i + 1 < hops.size(); ++i) {
      if (d.output(hops[i].router, hops[i].port).router == via) {
        reached = true;
        EXPECT_EQ(hops[i].cls, 0);
        EXPECT_GT(hops[i + 1].cls, 0);
      }
    }
    EXPECT_TRUE(reached) << "router " << via;
  }
  EXPECT_NEAR(minimal, draws * 8 / 36.0, draws * 8 / 36.0 * 0.05);
  EXPECT_EQ(seen.size(), 28u);
  for (const auto& [router, n] : seen) {
    EXPECT_NEAR(n, draws / 36.0, draws / 36.0 * 0.1) << "router " << router;
  }
  // The walk's list: every router once.
  EXPECT_EQ(d.route_starts(src, dest).size(), 36u);
}

TEST(Dragonfly, UgalOffersTheMinimalRouteFirstThenValiantsOnceAtTheSource) {
  const Dragonfly d = with_routing(Dragonfly(2, 4, 2), "UGAL");
  const int src = 0;
  const int dest = d.terminals() - 1;
  const RouteState start = d.route_start(src, dest, 5);
  RouteOption options[kMostRouteOptions];
  const RouterPort at = d.injection(src);
  ASSERT_EQ(d.route_options(at.router, at.port, dest, start, options), 2);
  EXPECT_EQ(options[0].weight, 1);
  EXPECT_EQ(options[1].weight, 2);
  EXPECT_EQ(walk(d, src, dest, options[0].state).size(),
            static_cast<std::size_t>(minimal_hops(d, at.router, dest / 2)));
  int globals = 0;
  for (const Hop& h : walk(d, src, dest, options[1].state)) globals += d.global_port(h.port);
  EXPECT_EQ(globals, 2);
  // Chosen, the state offers nothing more; within a group there is nothing to choose.
  EXPECT_EQ(d.route_options(at.router, at.port, dest, options[1].state, options), 0);
  EXPECT_EQ(d.route_options(at.router, at.port, 3, d.route_start(src, 3, 5), options), 0);
}

TEST(Dragonfly, NoClassClosesACycleOfDependences) {
  for (const std::string r : {"dimension order", "Valiant",
                              "UGAL"}) {
    for (const ValiantGroups groups : {ValiantGroups::kOthers, ValiantGroups::kAny}) {
      for (const DragonflyClasses classes :
           {DragonflyClasses::kGlobalsCrossed, DragonflyClasses::kPhases}) {
        const NetworkMap deps =
            channel_dependencies(with_routing(Dragonfly(1, 3, 1, 1, 1, groups, classes), r), "d", "d");
        EXPECT_GT(deps.dependencies.ints("cycle").size(), 0u);
        EXPECT_EQ(cycles_of(deps), 0) << r;
      }
    }
  }
}

TEST(Dragonfly, AnIntermediateRouterClosesACycleWithThreeClasses) {
  // Its hop into the drawn router goes on within a group that other routes enter and leave on
  // the same class (BookSim2's phases, or the global channels crossed), so the graph has a knot
  // that 3 classes cannot break: the dependency view shows it.
  for (const DragonflyClasses classes :
       {DragonflyClasses::kGlobalsCrossed, DragonflyClasses::kPhases}) {
    const NetworkMap deps = channel_dependencies(
        with_routing(Dragonfly(1, 3, 1, 1, 1, ValiantGroups::kRouter, classes), "Valiant"), "d",
        "d");
    EXPECT_GT(cycles_of(deps), 0);
  }
}

TEST(Dragonfly, RefusesWhatItCannotBuildNamingTheParameter) {
  const auto param_of = [](auto build) {
    try {
      build();
    } catch (const ParamError& e) {
      return e.param();
    }
    return std::string("none");
  };
  EXPECT_EQ(param_of([] { Dragonfly(0, 4, 2); }),
            "dragonfly_terminals");
  EXPECT_EQ(param_of([] { Dragonfly(2, 1, 2); }),
            "dragonfly_routers");
  EXPECT_EQ(param_of([] { Dragonfly(2, 4, 17); }),
            "dragonfly_globals");
  EXPECT_EQ(param_of([] { with_routing(Dragonfly(2, 4, 2), "ROMM"); }), "routing");
  EXPECT_EQ(param_of([] { Dragonfly(16, 32, 16); }),
            "dragonfly_routers");
  EXPECT_EQ(param_of([] { with_routing(Dragonfly(2, 4, 2, 1, 0), "Valiant"); }),
            "global_link_cycles");
  EXPECT_EQ(param_of([] { with_routing(KNCube({4, 4}, false, true), "UGAL"); }), "routing");
}

}  // namespace
}  // namespace archex
