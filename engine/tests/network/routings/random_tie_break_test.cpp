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

TEST(RandomTieBreak, RandomTieBreakGoesEitherWayOnlyOnAHalfWayTie) {
  const KNCube ring = with_routing(KNCube({8}, true, true), "random tie-break");
  std::set<int> first_hops;
  for (const RouteState s : ring.route_starts(0, 4)) first_hops.insert(cube_walk(ring, 0, 4, s).routers[1]);
  EXPECT_EQ(first_hops, (std::set<int>{1, 7}));
  for (const RouteState s : ring.route_starts(0, 3)) EXPECT_EQ(cube_walk(ring, 0, 3, s).routers[1], 1);
}

}  // namespace
}  // namespace archex
