#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/routings/routed.h"
#include "network/routings/two_legs.h"
#include "network/topologies/describe.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {
namespace {

// The routers a packet visits from `src` to `dest` under an oblivious routing with first state
// `state`, and the VC class of each hop it takes between routers.
struct Walk {
  std::vector<int> routers;
  std::vector<int> classes;
};

Walk walk(const KNCube& cube, int src, int dest, RouteState state) {
  Walk w;
  int at = src;
  int in_port = cube.local_port();
  w.routers.push_back(at);
  for (int hop = 0; hop < 4 * cube.nodes(); ++hop) {
    const RouteStep step = cube.route(at, in_port, dest, state);
    if (step.port == cube.local_port()) return w;
    w.classes.push_back(step.vc_class);
    const PortTarget t = cube.output(at, step.port);
    at = t.router;
    in_port = t.port;
    w.routers.push_back(at);
  }
  ADD_FAILURE() << "the route from " << src << " to " << dest << " does not end";
  return w;
}

TEST(CubeRoutings, ValiantsIntermediateNodeIsUniformOverTheNodes) {
  const KNCube mesh = with_routing(KNCube({4, 4}, false, true), "Valiant");
  std::vector<int> count(16, 0);
  Rng rng(7);
  const int draws = 160000;
  for (int i = 0; i < draws; ++i) {
    const RouteState s = mesh.route_start(0, 15, rng.next_u64());
    ++count[static_cast<std::size_t>(via_of(s))];
  }
  // 10,000 expected each, standard deviation about 97: 5 % is five of them.
  for (const int c : count) EXPECT_NEAR(c, draws / 16, draws / 16 / 20);
}

TEST(CubeRoutings, ValiantGoesThroughItsNodeAndChangesClassThere) {
  const KNCube torus = with_routing(KNCube({8, 8}, true, true), "Valiant");
  const int src = torus.node_at({1, 1, 0});
  const int via = torus.node_at({6, 3, 0});
  const int dest = torus.node_at({2, 7, 0});
  const Walk w = walk(torus, src, dest, through(via) | kOut);
  const auto at = std::find(w.routers.begin(), w.routers.end(), via);
  ASSERT_NE(at, w.routers.end());
  const auto to_via = static_cast<std::size_t>(at - w.routers.begin());
  EXPECT_EQ(to_via, static_cast<std::size_t>(torus.distance(src, via)));
  EXPECT_EQ(w.classes.size(), static_cast<std::size_t>(torus.distance(src, via) +
                                                       torus.distance(via, dest)));
  // Classes 0-1 (the dateline's two) before the node, 2-3 after it.
  for (std::size_t h = 0; h < w.classes.size(); ++h) {
    EXPECT_EQ(w.classes[h] / 2, h < to_via ? 0 : 1) << "hop " << h;
  }
}

TEST(CubeRoutings, RommsNodeIsInTheMinimalBoxAndTheRouteMinimal) {
  const KNCube torus = with_routing(KNCube({8, 8}, true, true), "ROMM");
  Rng rng(3);
  std::set<int> seen;
  const int src = torus.node_at({6, 1, 0});
  const int dest = torus.node_at({1, 3, 0});  // x: +3 around the wrap; y: +2
  for (int i = 0; i < 2000; ++i) {
    const RouteState s = torus.route_start(src, dest, rng.next_u64());
    const int via = via_of(s);
    seen.insert(via);
    EXPECT_EQ(torus.distance(src, via) + torus.distance(via, dest), torus.distance(src, dest));
    EXPECT_EQ(walk(torus, src, dest, s).classes.size(),
              static_cast<std::size_t>(torus.distance(src, dest)));
  }
  // The box is 4 x 3 nodes, and route_starts lists the same.
  EXPECT_EQ(seen.size(), 12u);
  EXPECT_EQ(torus.route_starts(src, dest).size(), 12u);
}

TEST(CubeRoutings, O1TurnTakesXFirstOrYFirst) {
  const KNCube mesh = with_routing(KNCube({4, 4}, false, true), "O1TURN");
  const int src = mesh.node_at({0, 0, 0});
  const int dest = mesh.node_at({3, 3, 0});
  const std::vector<RouteState> starts = mesh.route_starts(src, dest);
  ASSERT_EQ(starts.size(), 2u);
  const Walk xy = walk(mesh, src, dest, starts[0]);
  const Walk yx = walk(mesh, src, dest, starts[1]);
  EXPECT_EQ(xy.routers[1], mesh.node_at({1, 0, 0}));
  EXPECT_EQ(yx.routers[1], mesh.node_at({0, 1, 0}));
  EXPECT_EQ(xy.classes, std::vector<int>(6, 0));
  EXPECT_EQ(yx.classes, std::vector<int>(6, 1));
  int descending = 0;
  Rng rng(5);
  for (int i = 0; i < 1000; ++i) descending += mesh.route_start(src, dest, rng.next_u64()) != 0;
  EXPECT_NEAR(descending, 500, 60);
}

TEST(CubeRoutings, RandomTieBreakGoesEitherWayOnlyOnAHalfWayTie) {
  const KNCube ring = with_routing(KNCube({8}, true, true), "random tie-break");
  std::set<int> first_hops;
  for (const RouteState s : ring.route_starts(0, 4)) first_hops.insert(walk(ring, 0, 4, s).routers[1]);
  EXPECT_EQ(first_hops, (std::set<int>{1, 7}));
  for (const RouteState s : ring.route_starts(0, 3)) EXPECT_EQ(walk(ring, 0, 3, s).routers[1], 1);
}

// Whether a turn from direction port `a` into direction port `b` of a 2-D or n-D mesh is one the
// turn model forbids (Glass & Ni): west-first never turns into west; north-last never turns out
// of north; negative-first never turns from a positive direction into a negative one.
bool forbidden(const std::string& r, int a, int b) {
  if (a == b) return false;
  if (r == "west-first") return b == 1;
  if (r == "north-last") return a == 2;
  if (r == "negative-first") return a % 2 == 0 && b % 2 == 1;
  return false;
}

TEST(CubeRoutings, ATurnModelNeverOffersAForbiddenTurn) {
  for (const std::string r :
       {"west-first", "north-last", "negative-first"}) {
    const KNCube mesh = with_routing(KNCube({5, 4}, false, true), r);
    RouteChoice here[kMostRouteChoices];
    RouteChoice next[kMostRouteChoices];
    int turns = 0;
    for (int dest = 0; dest < mesh.nodes(); ++dest) {
      for (int at = 0; at < mesh.nodes(); ++at) {
        if (at == dest) continue;
        const int n = mesh.route_choices(at, mesh.local_port(), dest, here);
        ASSERT_GE(n, 1);
        for (int i = 0; i < n; ++i) {
          // Every choice is minimal.
          const int to = mesh.neighbor(at, here[i].port);
          ASSERT_GE(to, 0);
          EXPECT_EQ(mesh.distance(to, dest) + 1, mesh.distance(at, dest));
          if (to == dest) continue;
          const int m = mesh.route_choices(to, here[i].port ^ 1, dest, next);
          for (int j = 0; j < m; ++j) {
            EXPECT_FALSE(forbidden(r, here[i].port, next[j].port))
                << r << " at " << to << " from port "
                << here[i].port << " to port " << next[j].port;
            turns += here[i].port / 2 != next[j].port / 2;
          }
        }
      }
    }
    // Adaptive: it does turn, in the ways it allows.
    EXPECT_GT(turns, 0);
  }
}

TEST(CubeRoutings, MinimalAdaptiveOffersEveryMinimalPortAndOneEscape) {
  const KNCube torus = with_routing(KNCube({8, 8}, true, true), "minimal adaptive");
  RouteChoice c[kMostRouteChoices];
  // From (0,0) to (4,2): x is a half-way tie (both ways minimal), y goes +.
  const int n = torus.route_choices(0, torus.local_port(), torus.node_at({4, 2, 0}), c);
  ASSERT_EQ(n, 4);
  std::set<int> adaptive;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(c[i].tier, 0);
    EXPECT_EQ(c[i].vc_first, 2);
    adaptive.insert(c[i].port);
  }
  EXPECT_EQ(adaptive, (std::set<int>{0, 1, 2}));
  // The escape: dimension order's +x, on the lower class while the wrap is ahead of it... here
  // the +x route to x = 4 never wraps, so the upper class.
  EXPECT_EQ(c[3].tier, 1);
  EXPECT_EQ(c[3].port, 0);
  EXPECT_EQ(c[3].vc_count, 1);
  EXPECT_EQ(c[3].vc_first, 1);
  // From x = 6 to x = 1 going + the wrap is ahead: the lower class.
  torus.route_choices(torus.node_at({6, 0, 0}), torus.local_port(), torus.node_at({1, 0, 0}), c);
  EXPECT_EQ(c[1].port, 0);
  EXPECT_EQ(c[1].vc_first, 0);
}

TEST(CubeRoutings, ShapesARoutingCannotTakeAreRefusedNamingRouting) {
  const auto refused = [](std::vector<int> dims, bool torus, const std::string& r) {
    try {
      with_routing(KNCube(std::move(dims), torus, true), r);
    } catch (const ParamError& e) {
      return e.param() == "routing";
    }
    return false;
  };
  EXPECT_TRUE(refused({8, 8}, true, "west-first"));
  EXPECT_TRUE(refused({4, 4, 4}, false, "north-last"));
  EXPECT_FALSE(refused({4, 4, 4}, false, "negative-first"));
  EXPECT_FALSE(refused({8, 8}, true, "Valiant"));
}

// The number of cycles channel_dependencies found.
TEST(CubeRoutings, TheObliviousRoutingsClassesLeaveNoCycleOfDependences) {
  for (const std::string r : {"Valiant", "ROMM", "O1TURN",
                              "random tie-break"}) {
    EXPECT_EQ(cycles_of(channel_dependencies(with_routing(KNCube({4, 4}, true, true), r), "d", "d")), 0)
        << r;
    // Without the dateline the rings close again.
    EXPECT_GT(cycles_of(channel_dependencies(with_routing(KNCube({4, 4}, true, false), r), "d", "d")), 0);
  }
}

// The cycles channel_dependencies found within the escape channels' subgraph.
int escape_cycles_of(const NetworkMap& n) {
  std::set<int> cycles;
  for (const int c : n.dependencies.ints("escape_cycle")) {
    if (c >= 0) cycles.insert(c);
  }
  return static_cast<int>(cycles.size());
}

// Whether the dependences between escape channels (by their tier columns) are acyclic: Kahn's
// algorithm, apart from the engine's Tarjan, takes every node off when there is no cycle. Also
// counts those dependences in `count`.
bool escape_subgraph_acyclic(const NetworkMap& n, int& count) {
  const auto& d = n.dependencies;
  const int escape = static_cast<int>(std::find(d.column("from_tier").labels.begin(),
                                                d.column("from_tier").labels.end(), "escape") -
                                      d.column("from_tier").labels.begin());
  std::map<std::int64_t, std::vector<std::int64_t>> out;
  std::map<std::int64_t, int> in;
  count = 0;
  for (std::size_t e = 0; e < d.rows(); ++e) {
    if (d.ints("from_tier")[e] != escape || d.ints("to_tier")[e] != escape) continue;
    const std::int64_t a = std::int64_t{d.ints("from")[e]} * 16 + d.ints("from_class")[e];
    const std::int64_t b = std::int64_t{d.ints("to")[e]} * 16 + d.ints("to_class")[e];
    out[a].push_back(b);
    ++in[b];
    in.emplace(a, 0);
    ++count;
  }
  std::vector<std::int64_t> ready;
  for (const auto& [node, c] : in) {
    if (c == 0) ready.push_back(node);
  }
  std::size_t removed = 0;
  while (!ready.empty()) {
    const std::int64_t v = ready.back();
    ready.pop_back();
    ++removed;
    for (const std::int64_t w : out[v]) {
      if (--in[w] == 0) ready.push_back(w);
    }
  }
  return removed == in.size();
}

TEST(CubeRoutings, MinimalAdaptivesChannelsHaveCyclesItsEscapeChannelsNone) {
  for (const bool torus : {true, false}) {
    const KNCube cube = with_routing(KNCube({4, 4}, torus, true), "minimal adaptive");
    const NetworkMap all = channel_dependencies(cube, "d", "d");
    EXPECT_GT(cycles_of(all), 0) << (torus ? "torus" : "mesh");
    EXPECT_EQ(escape_cycles_of(all), 0) << (torus ? "torus" : "mesh");
    int escape = 0;
    EXPECT_TRUE(escape_subgraph_acyclic(all, escape));
    EXPECT_GT(escape, 0);
  }
}

TEST(CubeRoutings, EscapeCyclesAreFoundWhereTheEscapeChannelsCloseARing) {
  // Without the dateline the escape channels are dimension order on one class: round each ring.
  const KNCube torus = with_routing(KNCube({4, 4}, true, false), "minimal adaptive");
  const NetworkMap all = channel_dependencies(torus, "d", "d");
  EXPECT_GT(escape_cycles_of(all), 0);
  int escape = 0;
  EXPECT_FALSE(escape_subgraph_acyclic(all, escape));
}

TEST(CubeRoutings, OnlyAdaptiveRoutingsTierTheirDependences) {
  const NetworkMap dor = channel_dependencies(KNCube({4, 4}, true), "d", "d");
  EXPECT_THROW(dor.dependencies.column("from_tier"), std::out_of_range);
  const NetworkMap west =
      channel_dependencies(with_routing(KNCube({4, 4}, false, true), "west-first"), "d", "d");
  for (const int t : west.dependencies.ints("from_tier")) EXPECT_EQ(t, 0);
  EXPECT_EQ(escape_cycles_of(west), 0);
}

// The turns no dependence takes, as "from>to" by the directions' names.
std::set<std::string> forbidden_turns(const NetworkMap& n) {
  const Column& from = n.turns.column("from");
  const Column& to = n.turns.column("to");
  std::set<std::string> out;
  for (std::size_t t = 0; t < n.turns.rows(); ++t) {
    if (n.turns.ints("dependences")[t] > 0) continue;
    out.insert(from.labels[static_cast<std::size_t>(n.turns.ints("from")[t])] + ">" +
               to.labels[static_cast<std::size_t>(n.turns.ints("to")[t])]);
  }
  return out;
}

// Each turn's directions carry their dimension and sign as numbers, as their names say them.
TEST(CubeRoutings, TheTurnsTableGivesEachDirectionsDimensionAndSign) {
  const NetworkMap n =
      channel_dependencies(KNCube({4, 4, 2}, false, true), "d", "d");
  ASSERT_EQ(n.turns.rows(), 24u);
  for (const char* end : {"from", "to"}) {
    const std::string e(end);
    const Column& direction = n.turns.column(e);
    for (std::size_t t = 0; t < n.turns.rows(); ++t) {
      const std::string name =
          direction.labels[static_cast<std::size_t>(n.turns.ints(e)[t])];
      EXPECT_EQ(n.turns.ints(e + "_sign")[t], name[0] == '+' ? 1 : -1) << name;
      EXPECT_EQ(std::string(1, "xyz"[n.turns.ints(e + "_dimension")[t]]), name.substr(1)) << name;
    }
  }
}

TEST(CubeRoutings, TheTurnModelsForbidTheirTwoTurnsAndNoOthers) {
  const auto turns = [](const std::string& r) {
    const NetworkMap n = channel_dependencies(with_routing(KNCube({4, 4}, false, true), r), "d", "d");
    EXPECT_EQ(n.turns.rows(), 8u);
    EXPECT_EQ(cycles_of(n), 0);
    return forbidden_turns(n);
  };
  // West-first: the two turns into west, from north and from south.
  EXPECT_EQ(turns("west-first"), (std::set<std::string>{"+y>-x", "-y>-x"}));
  // North-last: the two turns out of north.
  EXPECT_EQ(turns("north-last"), (std::set<std::string>{"+y>+x", "+y>-x"}));
  // Negative-first: from a positive direction into a negative one.
  EXPECT_EQ(turns("negative-first"), (std::set<std::string>{"+x>-y", "+y>-x"}));
  // Dimension order forbids every turn from y back into x; minimal adaptive none.
  EXPECT_EQ(turns("dimension order"), (std::set<std::string>{"+y>+x", "+y>-x",
                                                                       "-y>+x", "-y>-x"}));
}

TEST(CubeRoutings, MinimalAdaptiveTakesEveryTurn) {
  const NetworkMap n =
      channel_dependencies(with_routing(KNCube({4, 4}, false, true), "minimal adaptive"), "d", "d");
  EXPECT_TRUE(forbidden_turns(n).empty());
  // A line has no turns.
  EXPECT_EQ(channel_dependencies(KNCube({4}, false), "d", "d").turns.rows(), 0u);
}

}  // namespace
}  // namespace archex
