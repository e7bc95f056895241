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

TEST(Romm, RommsNodeIsInTheMinimalBoxAndTheRouteMinimal) {
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
    EXPECT_EQ(cube_walk(torus, src, dest, s).classes.size(),
              static_cast<std::size_t>(torus.distance(src, dest)));
  }
  // The box is 4 x 3 nodes, and route_starts lists the same.
  EXPECT_EQ(seen.size(), 12u);
  EXPECT_EQ(torus.route_starts(src, dest).size(), 12u);
}

}  // namespace
}  // namespace archex
