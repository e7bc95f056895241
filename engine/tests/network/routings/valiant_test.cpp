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

TEST(Valiant, ValiantsIntermediateNodeIsUniformOverTheNodes) {
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

TEST(Valiant, ValiantGoesThroughItsNodeAndChangesClassThere) {
  const KNCube torus = with_routing(KNCube({8, 8}, true, true), "Valiant");
  const int src = torus.node_at({1, 1, 0});
  const int via = torus.node_at({6, 3, 0});
  const int dest = torus.node_at({2, 7, 0});
  const CubeWalk w = cube_walk(torus, src, dest, through(via) | kOut);
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

}  // namespace
}  // namespace archex
