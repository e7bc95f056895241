#include "network/topologies/kncube/kncube.h"

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

// BookSim2's dim_order_torus: a packet whose way along a dimension crosses the wrap-around link
// takes the upper class for all of that dimension, any other the lower for all of it.
TEST(KNCube, ClassesByRouteAreDecidedAsAPacketEntersADimension) {
  const KNCube ring({8}, true, true, 1, true);
  const auto classes = [&](int src, int dest) {
    std::vector<int> out;
    RouteState state = 0;
    int at = src;
    int in = ring.local_port();
    for (int hop = 0; hop < 8; ++hop) {
      const RouteStep step = ring.route(at, in, dest, state);
      if (step.port >= ring.local_port()) break;
      out.push_back(step.vc_class);
      const PortTarget t = ring.output(at, step.port);
      at = t.router;
      in = t.port;
    }
    return out;
  };
  // 6 -> 1 goes + across the wrap: the upper class from its first hop on.
  EXPECT_EQ(classes(6, 1), (std::vector<int>{1, 1, 1}));
  // 1 -> 3 does not cross: the lower class throughout.
  EXPECT_EQ(classes(1, 3), (std::vector<int>{0, 0}));
  // 1 -> 6 goes - across the wrap.
  EXPECT_EQ(classes(1, 6), (std::vector<int>{1, 1, 1}));
  // The classic dateline moves to the upper class only at the crossing.
  const KNCube classic({8}, true, true);
  RouteState state = 0;
  EXPECT_EQ(classic.route(6, classic.local_port(), 1, state).vc_class, 0);
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
  try {
    KNCube(std::vector<int>(17, 2), false);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "dims");
    EXPECT_NE(std::string(e.what()).find("1 to 16 dimensions, not 17"), std::string::npos);
  }
  // More nodes than 32-bit channel numbers reach (5 ports each), refused before its tables are
  // built.
  try {
    KNCube({65536, 65536}, false);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "dims");
    EXPECT_NE(std::string(e.what()).find("429496729 nodes of 5 ports"), std::string::npos)
        << e.what();
  }
}

TEST(KNCube, AHypercubeIsABinaryMeshRoutedBitByBit) {
  const KNCube cube(std::vector<int>(6, 2), false);
  EXPECT_EQ(cube.nodes(), 64);
  EXPECT_EQ(cube.ports(), 13);
  EXPECT_EQ(cube.axes(), (std::vector<std::string>{"x", "y", "z", "d4", "d5", "d6"}));
  EXPECT_EQ(cube.channel_classes()[6], "+d4");
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      // The distance is the Hamming distance, and e-cube routing fixes the lowest differing bit.
      EXPECT_EQ(cube.distance(a, b), __builtin_popcount(static_cast<unsigned>(a ^ b)));
      if (a == b) continue;
      const int bit = __builtin_ctz(static_cast<unsigned>(a ^ b));
      const int port = cube.route(a, b);
      EXPECT_EQ(port / 2, bit);
      EXPECT_EQ(cube.neighbor(a, port), a ^ (1 << bit));
    }
  }
  // Each node's - port in a dimension where its bit is 0 (and + where it is 1) leads nowhere.
  EXPECT_EQ(cube.neighbor(0, 7), -1);
  EXPECT_EQ(cube.bisection_links(), 32);
}

TEST(KNCube, AFourDimensionalTorusCrossesItsDatelinesInEveryDimension) {
  const KNCube t({4, 4, 4, 4}, true);
  const int last = t.node_at({0, 0, 0, 3});
  EXPECT_EQ(t.neighbor(last, 6), 0);
  EXPECT_TRUE(t.crosses_dateline(last, 6));
  EXPECT_EQ(t.distance(0, t.node_at({2, 3, 1, 3})), 2 + 1 + 1 + 1);
  EXPECT_EQ(t.coordinates(t.node_at({1, 2, 3, 1}))[3], 1);
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
