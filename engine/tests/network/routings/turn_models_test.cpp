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

TEST(TurnModels, ATurnModelNeverOffersAForbiddenTurn) {
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

TEST(TurnModels, OnlyAdaptiveRoutingsTierTheirDependences) {
  const NetworkMap dor = channel_dependencies(KNCube({4, 4}, true), "d", "d");
  EXPECT_THROW(dor.dependencies.column("from_tier"), std::out_of_range);
  const NetworkMap west =
      channel_dependencies(with_routing(KNCube({4, 4}, false, true), "west-first"), "d", "d");
  for (const int t : west.dependencies.ints("from_tier")) EXPECT_EQ(t, 0);
  EXPECT_EQ(cycles_of(west, "escape_cycle"), 0);
}

// Each turn's directions carry their dimension and sign as numbers, as their names say them.
TEST(TurnModels, TheTurnsTableGivesEachDirectionsDimensionAndSign) {
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

TEST(TurnModels, TheTurnModelsForbidTheirTwoTurnsAndNoOthers) {
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

}  // namespace
}  // namespace archex
