#include "network/topologies/describe.h"

#include <gtest/gtest.h>

#include "network/topologies/crossbar/crossbar.h"
#include "network/topologies/dragonfly/dragonfly.h"
#include "network/topologies/fattree/fattree.h"
#include "network/topologies/flattened_butterfly/flattened_butterfly.h"
#include "network/topologies/fly/fly.h"
#include "network/topologies/kncube/kncube.h"
#include "network/network_params.h"
#include "network/topologies/router_network/router_network.h"

namespace archex {
namespace {

TEST(DescribeNetwork, ACubeGivesCoordinatesAndEachChannelsDirection) {
  const KNCube mesh({3, 2}, false);
  const NetworkMap n = describe_network(mesh, "network", "network");
  EXPECT_EQ(n.shape, "mesh");
  ASSERT_EQ(n.sizes.size(), 2u);
  EXPECT_EQ(n.sizes[1].name, "y");
  EXPECT_EQ(n.sizes[1].value, 2);
  EXPECT_EQ(n.routers.ints("x"), (std::vector<std::int32_t>{0, 1, 2, 0, 1, 2}));
  EXPECT_EQ(n.routers.ints("y"), (std::vector<std::int32_t>{0, 0, 0, 1, 1, 1}));
  const Column& direction = n.channels.column("direction");
  EXPECT_EQ(direction.labels, (std::vector<std::string>{"+x", "-x", "+y", "-y"}));
  // Node 0 (0, 0): +x to node 1, +y to node 3, and its own terminal; no -x or -y on a mesh.
  EXPECT_EQ(n.channels.ints("direction")[0], 0);
  EXPECT_EQ(n.channels.ints("to_router")[0], 1);
  EXPECT_EQ(n.channels.ints("to_port")[0], 1);
  EXPECT_EQ(n.channels.ints("direction")[1], 2);
  EXPECT_EQ(n.channels.ints("to_router")[1], 3);
  EXPECT_EQ(n.channels.ints("direction")[2], -1);
  EXPECT_EQ(n.channels.ints("to_terminal")[2], 0);
  // Each channel's number in the engine (five ports a router, the dead edges skipped), as a trace
  // names it: node 0's +x, +y and terminal, then node 1's +x, -x, +y.
  const std::vector<std::int32_t>& id = n.channels.ints("id");
  EXPECT_EQ(std::vector<std::int32_t>(id.begin(), id.begin() + 6),
            (std::vector<std::int32_t>{0, 2, 4, 5, 6, 7}));
  // Links: 2 x (2 rows x 2 + 3 columns x 1) directed channels, and 6 to the terminals.
  EXPECT_EQ(n.channels.rows(), 14u + 6u);
  EXPECT_EQ(n.terminals.ints("port"), std::vector<std::int32_t>(6, 4));
}

TEST(DescribeNetwork, ATorusMarksTheChannelsThatWrapAround) {
  // A 2-ary ring: +x and -x of node 0 both reach node 1; only the wrap column tells them apart.
  const NetworkMap n = describe_network(KNCube({2}, true), "n", "n");
  EXPECT_EQ(n.channels.ints("to_router"), (std::vector<std::int32_t>{1, 1, -1, 0, 0, -1}));
  EXPECT_EQ(n.channels.ints("direction"), (std::vector<std::int32_t>{0, 1, -1, 0, 1, -1}));
  EXPECT_EQ(n.channels.ints("wrap"), (std::vector<std::int32_t>{0, 1, 0, 1, 0, 0}));
  const NetworkMap mesh = describe_network(KNCube({3, 2}, false), "n", "n");
  for (const std::int32_t w : mesh.channels.ints("wrap")) EXPECT_EQ(w, 0);
}

TEST(DescribeNetwork, TheDirectionsAreTheTopologyChoiceTheParametersName) {
  const ParamTable<NetworkParams> table = network_table();
  const std::vector<std::string>& choices = table.specs().front().choices;
  ASSERT_EQ(choices.size(), topology_parts().size());
  for (std::size_t i = 0; i < choices.size(); ++i) {
    EXPECT_EQ(choices[i], topology_parts()[i].shape);
  }
  EXPECT_EQ(describe_network(KNCube({4}, true), "n", "n").shape, "torus");
  EXPECT_EQ(describe_network(Crossbar(4), "n", "n").shape, "crossbar");
  EXPECT_EQ(describe_network(RouterNetwork(loop_spec(0)), "n", "n").shape, "router network");
}

TEST(DescribeNetwork, AFlyGivesStageAndRow) {
  const Fly fly(2, 3, FlyWiring::kOmega);
  const NetworkMap n = describe_network(fly, "n", "n", 5);
  EXPECT_EQ(n.nodes, 5);
  EXPECT_EQ(n.routers.ints("stage"),
            (std::vector<std::int32_t>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}));
  EXPECT_EQ(n.routers.ints("row")[5], 1);
  EXPECT_EQ(n.channels.column("stage").labels,
            (std::vector<std::string>{"stage 1", "stage 2", "stage 3"}));
  // Only outputs lead somewhere: 12 switches x 2 outputs.
  ASSERT_EQ(n.channels.rows(), 24u);
  for (std::size_t c = 0; c < 24; ++c) {
    const int router = n.channels.ints("router")[c];
    EXPECT_EQ(n.channels.ints("stage")[c], router / 4);
    EXPECT_EQ(n.channels.ints("to_terminal")[c] >= 0, router >= 8);
  }
}

TEST(DescribeNetwork, MeasurementsByPortFollowTheChannels) {
  const Crossbar crossbar(3);
  const std::vector<double> by_port = {0.5, 0.25};
  EXPECT_EQ(per_channel(crossbar, by_port), (std::vector<double>{0.5, 0.25, 0}));
}

TEST(DescribeNetwork, AGridHoldsItsNodesInRowsOfTheColumnsGiven) {
  const NetworkMap six = describe_grid(6, 3, "mesh", "mesh");
  EXPECT_EQ(six.sizes.size(), 2u);
  EXPECT_EQ(six.sizes[0].value, 3);
  EXPECT_EQ(six.sizes[1].value, 2);
  const NetworkMap seven = describe_grid(7, 3, "mesh", "mesh");
  EXPECT_EQ(seven.sizes[1].value, 3);
  EXPECT_EQ(seven.nodes, 7);
  EXPECT_EQ(describe_grid(5, 5, "m", "m").sizes.size(), 1u);
  // One node: a mesh of two, the second idle.
  EXPECT_EQ(describe_grid(1, 1, "m", "m").nodes, 1);
  // 127 nodes in one column would be 127 rows: near square instead.
  EXPECT_EQ(describe_grid(127, 1, "m", "m").sizes[0].value, 12);
}

TEST(DescribeNetwork, EachShapeDeclaresHowItIsDrawn) {
  const auto drawing = [](const Topology& t) { return describe_network(t, "n", "n").drawing; };
  const Drawing mesh = drawing(KNCube({4, 3}, false, true, 2));
  EXPECT_EQ(mesh.kind, DrawingKind::kGrid);
  EXPECT_EQ(mesh.axes, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(mesh.extent, (std::vector<int>{4, 3}));
  EXPECT_EQ(mesh.terminals_per_router, 2);
  EXPECT_FALSE(mesh.wraps);
  const Drawing ring = drawing(KNCube({8}, true));
  EXPECT_EQ(ring.kind, DrawingKind::kRing);
  EXPECT_TRUE(ring.wraps);
  EXPECT_EQ(drawing(KNCube({8}, false)).kind, DrawingKind::kGrid);
  EXPECT_EQ(drawing(KNCube({4, 4, 4}, true)).kind, DrawingKind::kGrid);
  // Past three dimensions, folded onto a grid of arcs between neighbours.
  const Drawing cube = drawing(KNCube({2, 2, 2, 2}, false));
  EXPECT_EQ(cube.kind, DrawingKind::kArcGrid);
  EXPECT_EQ(cube.axes.back(), "d4");
  EXPECT_FALSE(cube.whole_rows);
  const Drawing fly = drawing(Fly(4, 3, FlyWiring::kOmega));
  EXPECT_EQ(fly.kind, DrawingKind::kStages);
  EXPECT_EQ(fly.axes, (std::vector<std::string>{"stage", "row"}));
  EXPECT_EQ(fly.extent, (std::vector<int>{3, 16}));
  EXPECT_EQ(fly.radix, 4);
  const Drawing crossbar = drawing(Crossbar(6));
  EXPECT_EQ(crossbar.kind, DrawingKind::kCrossbar);
  EXPECT_EQ(crossbar.radix, 6);
  EXPECT_EQ(drawing(RouterNetwork(loop_spec(0))).kind, DrawingKind::kGraph);
  const Drawing dragonfly = drawing(Dragonfly(2, 4, 2));
  EXPECT_EQ(dragonfly.kind, DrawingKind::kGroups);
  EXPECT_EQ(dragonfly.axes, (std::vector<std::string>{"group", "router"}));
  EXPECT_EQ(dragonfly.extent, (std::vector<int>{9, 4}));
  EXPECT_EQ(dragonfly.terminals_per_router, 2);
  const Drawing tree = drawing(FatTree(4, 3));
  EXPECT_EQ(tree.kind, DrawingKind::kTree);
  EXPECT_EQ(tree.axes, (std::vector<std::string>{"level", "switch"}));
  EXPECT_EQ(tree.extent, (std::vector<int>{3, 16}));
  EXPECT_EQ(tree.radix, 4);
  const Drawing flatfly = drawing(FlattenedButterfly(4, 2, 4));
  EXPECT_EQ(flatfly.kind, DrawingKind::kArcGrid);
  EXPECT_EQ(flatfly.axes, (std::vector<std::string>{"x", "y"}));
  EXPECT_EQ(flatfly.extent, (std::vector<int>{4, 4}));
  EXPECT_EQ(flatfly.terminals_per_router, 4);
  EXPECT_TRUE(flatfly.whole_rows);
  // Every axis a drawing names is a column of the routers table.
  const NetworkMap n = describe_network(Dragonfly(1, 2, 1), "n", "n");
  for (const std::string& axis : n.drawing.axes) EXPECT_NO_THROW(n.routers.column(axis));
  // A machine's grid of nodes is drawn as its mesh.
  const NetworkMap grid = describe_grid(6, 3, "mesh", "mesh");
  EXPECT_EQ(grid.drawing.kind, DrawingKind::kGrid);
  EXPECT_EQ(grid.drawing.extent, (std::vector<int>{3, 2}));
  EXPECT_STREQ(drawing_kind_name(DrawingKind::kArcGrid), "arc grid");
}

}  // namespace
}  // namespace archex
