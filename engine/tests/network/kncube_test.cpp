#include "network/kncube.h"

#include <gtest/gtest.h>

#include "core/param_spec.h"

namespace archex {
namespace {

TEST(KNCube, NumbersNodesXFirstAndFindsNeighbours) {
  const KNCube t({4, 2}, false);
  EXPECT_EQ(t.nodes(), 8);
  EXPECT_EQ(t.ports(), 5);
  EXPECT_EQ(t.node_at({3, 1, 0}), 7);
  EXPECT_EQ(t.neighbor(0, 0), 1);   // +x
  EXPECT_EQ(t.neighbor(0, 1), -1);  // -x past the mesh edge
  EXPECT_EQ(t.neighbor(0, 2), 4);   // +y
}

TEST(KNCube, TorusWrapsAndMarksItsDateline) {
  const KNCube t({4}, true);
  EXPECT_EQ(t.neighbor(0, 1), 3);
  EXPECT_TRUE(t.crosses_dateline(0, 1));
  EXPECT_TRUE(t.crosses_dateline(3, 0));
  EXPECT_FALSE(t.crosses_dateline(1, 0));
}

TEST(KNCube, RoutesDimensionOrderTheShortWayRound) {
  const KNCube mesh({8, 8, 8}, false);
  const int corner = mesh.node_at({7, 7, 7});
  EXPECT_EQ(mesh.route(0, corner), 0);  // x first
  EXPECT_EQ(mesh.route(mesh.node_at({7, 0, 0}), corner), 2);
  EXPECT_EQ(mesh.route(corner, corner), mesh.local_port());
  EXPECT_EQ(mesh.distance(0, corner), 21);
  const KNCube ring({8}, true);
  EXPECT_EQ(ring.route(0, 6), 1);  // two hops back beat six forward
  EXPECT_EQ(ring.route(0, 4), 0);  // a tie goes +
  EXPECT_EQ(ring.distance(0, 6), 2);
}

TEST(KNCube, BisectionIsTheMiddleOfTheLargestDimension) {
  const KNCube t({8, 8, 16}, false);
  EXPECT_EQ(t.bisection_links(), 64);
  EXPECT_TRUE(t.crosses_bisection(t.node_at({0, 0, 7}), 4));
  EXPECT_TRUE(t.crosses_bisection(t.node_at({0, 0, 8}), 5));
  EXPECT_FALSE(t.crosses_bisection(t.node_at({3, 0, 7}), 0));
  EXPECT_EQ(KNCube({8, 8}, true).bisection_links(), 16);
}

TEST(KNCube, RejectsDimensionsOutOfRangeNamingDims) {
  try {
    KNCube({8, 40}, false);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "dims");
    EXPECT_NE(std::string(e.what()).find("[2, 32]"), std::string::npos);
  }
  EXPECT_THROW(KNCube({2, 2, 2, 2}, false), ParamError);
}

}  // namespace
}  // namespace archex
