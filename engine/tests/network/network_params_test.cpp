#include "network/network_params.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "network/analytic.h"
#include "network/router_network.h"

namespace archex {
namespace {

// The table's defaults, as a model reads them.
NetworkParams defaults() {
  const ParamTable<NetworkParams> table = network_table();
  return table.read(resolve_params("network", table.specs(), {}));
}

TEST(NetworkParams, TheCubeTableIsTheNetworksTableNarrowedToMeshAndTorus) {
  ParamTable<NetworkParams> t = cube_network_table();
  t.set_default("topology", 1).set_default("dims", std::vector<double>{8, 8, 8});
  const std::vector<ParamSpec>& specs = t.specs();
  ASSERT_EQ(specs.size(), 13u);
  EXPECT_EQ(specs[0].name, "topology");
  EXPECT_EQ(specs[0].choices, (std::vector<std::string>{"mesh", "torus"}));
  EXPECT_EQ(specs[0].max, 1);
  EXPECT_EQ(specs[6].name, "channel_words_per_cycle");
  EXPECT_EQ(specs[12].name, "word_bits");
  const NetworkParams p = t.read(resolve_params("cube", specs, {}));
  EXPECT_EQ(p.topology, TopologyKind::kTorus);
  EXPECT_EQ(p.dims, (std::vector<int>{8, 8, 8}));
  EXPECT_EQ(p.channel_words_per_cycle, defaults().channel_words_per_cycle);
}

TEST(NetworkParams, EveryTopologyIsBuiltFromItsParameters) {
  NetworkParams p = defaults();
  p.dims = {4, 4};
  EXPECT_EQ(make_topology(p)->terminals(), 16);
  p.topology = TopologyKind::kFly;
  p.fly_radix = 4;
  p.fly_stages = 3;
  EXPECT_EQ(make_topology(p)->terminals(), 64);
  EXPECT_EQ(make_topology(p)->routers(), 48);
  p.topology = TopologyKind::kCrossbar;
  p.crossbar_ports = 32;
  EXPECT_EQ(make_topology(p)->terminals(), 32);
  p.topology = TopologyKind::kRouterNetwork;
  p.router_network = RouterShape::kClos2;
  EXPECT_EQ(make_topology(p)->terminals(), 16);
  p.router_network = RouterShape::kDirectLink;
  EXPECT_EQ(make_topology(p)->terminals(), 2);
}

TEST(NetworkParams, CapacityBoundIsTheChannelLoadBoundOfEachShape) {
  NetworkParams p = defaults();
  p.dims = {32, 32, 32};
  const NetworkConfig c = network_config(p, make_topology(p));
  // A 32-ary mesh's middle channel carries k/4 = 8 per unit injection: the default sweep, as
  // fractions of this, ends at saturation, not three times past it.
  const double n = 32768;
  EXPECT_NEAR(capacity_bound(*c.topology, c), (n - 1) / n / 8, 1e-12);
  p.topology = TopologyKind::kFly;
  EXPECT_EQ(capacity_bound(*make_topology(p), c), 1);
  p.topology = TopologyKind::kRouterNetwork;
  p.router_network = RouterShape::kClos2;
  // 4 leaves of 4 on 2 spines: leaves 1 and 3 are reached through spine 1 only, whose down link
  // to either carries 3 leaves x 4 sources x 4 of the 15 destinations = 3.2.
  EXPECT_NEAR(capacity_bound(*make_topology(p), c), 1 / 3.2, 1e-12);
}

}  // namespace
}  // namespace archex
