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

TEST(O1Turn, O1TurnTakesXFirstOrYFirst) {
  const KNCube mesh = with_routing(KNCube({4, 4}, false, true), "O1TURN");
  const int src = mesh.node_at({0, 0, 0});
  const int dest = mesh.node_at({3, 3, 0});
  const std::vector<RouteState> starts = mesh.route_starts(src, dest);
  ASSERT_EQ(starts.size(), 2u);
  const CubeWalk xy = cube_walk(mesh, src, dest, starts[0]);
  const CubeWalk yx = cube_walk(mesh, src, dest, starts[1]);
  EXPECT_EQ(xy.routers[1], mesh.node_at({1, 0, 0}));
  EXPECT_EQ(yx.routers[1], mesh.node_at({0, 1, 0}));
  EXPECT_EQ(xy.classes, std::vector<int>(6, 0));
  EXPECT_EQ(yx.classes, std::vector<int>(6, 1));
  int descending = 0;
  Rng rng(5);
  for (int i = 0; i < 1000; ++i) descending += mesh.route_start(src, dest, rng.next_u64()) != 0;
  EXPECT_NEAR(descending, 500, 60);
}

}  // namespace
}  // namespace archex
