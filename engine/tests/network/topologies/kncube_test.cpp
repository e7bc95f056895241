#include "network/topologies/kncube.h"

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
    KNCube({8, 1}, false);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "dims");
    EXPECT_NE(std::string(e.what()).find("at least 2"), std::string::npos);
  }
  EXPECT_THROW(KNCube({2, 2, 2, 2}, false), ParamError);
  // More nodes than 32-bit channel numbers reach, refused before its tables are built.
  try {
    KNCube({65536, 65536}, false);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "dims");
    EXPECT_NE(std::string(e.what()).find("306783378 nodes"), std::string::npos) << e.what();
  }
}

TEST(KNCube, AnyRadixTheMemoryAllowsIsBuilt) {
  // Blue Gene/L's shape: 65,536 nodes, 64 along x.
  const KNCube t({64, 32, 32}, true);
  EXPECT_EQ(t.nodes(), 65536);
  EXPECT_EQ(t.neighbor(t.node_at({63, 0, 0}), 0), t.node_at({0, 0, 0}));
  EXPECT_EQ(t.distance(t.node_at({0, 0, 0}), t.node_at({40, 20, 3})), 24 + 12 + 3);
  EXPECT_EQ(static_cast<double>(t.state_bytes()), KNCube::state_bytes_of({64, 32, 32}));
}

}  // namespace
}  // namespace archex
