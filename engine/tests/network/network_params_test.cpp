#include "network/network_params.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "network/traffic/analytic.h"
#include "network/topologies/router_network/router_network.h"
#include "network/topologies/router_network/router_network_part.h"

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
  EXPECT_EQ(p.topology, topology_index("torus"));
  EXPECT_EQ(p.shape.list("dims"), (std::vector<double>{8, 8, 8}));
  EXPECT_EQ(p.channel_words_per_cycle, defaults().channel_words_per_cycle);
}

TEST(NetworkParams, EachShapesOwnParametersAreReadOnThatShapeAlone) {
  const ParamTable<NetworkParams> table = network_table();
  const auto when = [&](const std::string& name) {
    for (const ParamSpec& s : table.specs()) {
      if (s.name == name) return s.when;
    }
    ADD_FAILURE() << name;
    return std::vector<ParamCondition>{};
  };
  const auto on = [&](const std::string& name) { return when(name).front(); };
  // Every part's parameters, once each, read on the shapes naming them.
  for (const TopologyPart& part : topology_parts()) {
    for (const ParamSpec& spec : part.params) {
      const ParamCondition c = on(spec.name);
      EXPECT_EQ(c.param, "topology");
      EXPECT_NE(std::find(c.is.begin(), c.is.end(), part.shape), c.is.end()) << spec.name;
    }
  }
  EXPECT_EQ(on("dims").is, (std::vector<std::string>{"mesh", "torus"}));
  EXPECT_EQ(on("dateline").is, (std::vector<std::string>{"torus"}));
  EXPECT_EQ(when("dateline").back().param, "switching");
  EXPECT_EQ(on("fly_radix").is, (std::vector<std::string>{"fly"}));
  EXPECT_EQ(on("clos_spines").is, (std::vector<std::string>{"router network"}));
  EXPECT_EQ(when("clos_spines").back().is, (std::vector<std::string>{"2-stage Clos"}));
  // The routing is read on the shapes that take one, the UGAL threshold where UGAL is one.
  EXPECT_EQ(on("routing").is, (std::vector<std::string>{"mesh", "torus", "dragonfly", "fat tree",
                                                        "flattened butterfly"}));
  EXPECT_EQ(on("ugal_threshold_flits").is,
            (std::vector<std::string>{"dragonfly", "flattened butterfly"}));
  // The adaptive selection where minimal adaptive is the routing.
  EXPECT_EQ(on("adaptive_selection").is, (std::vector<std::string>{"mesh", "torus", "fat tree"}));
  EXPECT_EQ(when("adaptive_selection")[1].is, (std::vector<std::string>{"minimal adaptive"}));
  EXPECT_TRUE(when("clock_mhz").empty());
}

TEST(NetworkParams, AShapesParametersLeftOutOfAModelsTableTakeTheirDefaults) {
  // The J-Machine's table takes dims alone of the cube's: a torus's dateline stays on.
  ParamTable<NetworkParams> t = cube_network_table();
  t.set_default("topology", 1).set_default("dims", std::vector<double>{4, 4});
  NetworkParams p = t.read(resolve_params("cube", t.specs(), {}));
  p.vcs = 2;
  const auto cube = std::dynamic_pointer_cast<const KNCube>(make_topology(p));
  EXPECT_TRUE(cube->dateline());
  EXPECT_EQ(cube->concentration(), 1);
  EXPECT_EQ(cube->terminals(), 16);
}

TEST(NetworkParams, AShapeWithoutRoutingsRefusesAnotherInWords) {
  NetworkParams p = defaults();
  p.topology = topology_index("crossbar");
  p.routing = routing_index("Valiant");
  try {
    make_topology(p);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "routing");
    EXPECT_EQ(std::string(e.what()),
              "Valiant does not route a crossbar; it has its own routing (routing: dimension "
              "order)");
  }
  EXPECT_THROW(topology_index("ring"), std::invalid_argument);
}

TEST(NetworkParams, EveryTopologyIsBuiltFromItsParameters) {
  NetworkParams p = defaults();
  p.shape.set("dims", std::vector<double>{4, 4});
  EXPECT_EQ(make_topology(p)->terminals(), 16);
  p.topology = topology_index("fly");
  p.shape.set("fly_radix", 4);
  p.shape.set("fly_stages", 3);
  EXPECT_EQ(make_topology(p)->terminals(), 64);
  EXPECT_EQ(make_topology(p)->routers(), 48);
  p.topology = topology_index("crossbar");
  p.shape.set("crossbar_ports", 32);
  EXPECT_EQ(make_topology(p)->terminals(), 32);
  p.topology = topology_index("router network");
  p.shape.set("router_network", static_cast<double>(RouterShape::kClos2));
  EXPECT_EQ(make_topology(p)->terminals(), 16);
  p.shape.set("router_network", static_cast<double>(RouterShape::kDirectLink));
  EXPECT_EQ(make_topology(p)->terminals(), 2);
}

TEST(NetworkParams, CapacityBoundIsTheChannelLoadBoundOfEachShape) {
  NetworkParams p = defaults();
  p.shape.set("dims", std::vector<double>{32, 32, 32});
  const NetworkConfig c = network_config(p, make_topology(p));
  // A 32-ary mesh's middle channel carries k/4 = 8 per unit injection: the default sweep, as
  // fractions of this, ends at saturation, not three times past it.
  const double n = 32768;
  EXPECT_NEAR(capacity_bound(*c.topology, c), (n - 1) / n / 8, 1e-12);
  p.topology = topology_index("fly");
  EXPECT_EQ(capacity_bound(*make_topology(p), c), 1);
  p.topology = topology_index("router network");
  p.shape.set("router_network", static_cast<double>(RouterShape::kClos2));
  // 4 leaves of 4 on 2 spines: leaves 1 and 3 are reached through spine 1 only, whose down link
  // to either carries 3 leaves x 4 sources x 4 of the 15 destinations = 3.2.
  EXPECT_NEAR(capacity_bound(*make_topology(p), c), 1 / 3.2, 1e-12);
}

TEST(NetworkParams, ACubesStateIsCountedAsTheNetworkAndTheCubeHoldIt) {
  NetworkParams p = defaults();
  const auto built = [](const NetworkParams& q) {
    const auto cube = std::dynamic_pointer_cast<const KNCube>(make_topology(q));
    const Network net(network_config(q, cube));
    return static_cast<double>(net.state_bytes() + cube->state_bytes());
  };
  struct Case {
    std::string topology;
    std::vector<double> dims;
    int vcs;
    int buffer_flits;
    LinkMode link;
    double channel_rate;
    double eject_rate;
  };
  const Case cases[] = {
      {"mesh", {8, 8}, 1, 8, LinkMode::kFullDuplex, 1, 1},
      {"mesh", {5}, 3, 2, LinkMode::kFullDuplex, 1, 1},
      {"mesh", {3, 5, 7}, 2, 16, LinkMode::kFullDuplex, 0.5, 1},
      {"torus", {4, 4, 4}, 2, 8, LinkMode::kFullDuplex, 1, 0.5},
      {"torus", {2, 6}, 4, 1, LinkMode::kFullDuplex, 1, 1},
      // The J-Machine's: half-duplex links at half a word a cycle, one-flit buffers.
      {"mesh", {8, 8, 8}, 1, 1, LinkMode::kHalfDuplex, 0.5, 0.5},
      {"torus", {6, 3}, 2, 4, LinkMode::kHalfDuplex, 1, 1},
      // 65 ports' VCs take two words of each bit set.
      {"mesh", {4, 4, 4}, 10, 2, LinkMode::kFullDuplex, 1, 1},
  };
  for (const Case& c : cases) {
    p.topology = topology_index(c.topology);
    p.shape.set("dims", c.dims);
    p.vcs = c.vcs;
    p.buffer_flits = c.buffer_flits;
    p.link_mode = c.link;
    p.channel_words_per_cycle = c.channel_rate;
    p.eject_words_per_cycle = c.eject_rate;
    const std::optional<StateEstimate> e = network_state(p);
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->bytes, built(p)) << e->what;
    EXPECT_EQ(e->param, "dims");
  }
  EXPECT_EQ(network_state(p)->what, "a 4x4x4 mesh");
  p.topology = topology_index("torus");
  p.shape.set("dims", std::vector<double>{64, 32, 32});
  EXPECT_EQ(network_state(p)->what, "a 64x32x32 torus");
  // Circuits and the other shapes are not counted.
  p.switching = Switching::kCircuit;
  EXPECT_FALSE(network_state(p).has_value());
  p.switching = Switching::kWormhole;
  p.topology = topology_index("fly");
  EXPECT_FALSE(network_state(p).has_value());
}

TEST(NetworkParams, AConcentratedCubesStateCountsEachTerminalsPort) {
  NetworkParams p = defaults();
  for (const int c : {2, 4, 16}) {
    for (const char* topology : {"mesh", "torus"}) {
      p.topology = topology_index(topology);
      p.shape.set("dims", std::vector<double>{4, 3});
      p.vcs = 2;
      p.shape.set("concentration", c);
      p.eject_words_per_cycle = 0.5;
      const auto cube = std::dynamic_pointer_cast<const KNCube>(make_topology(p));
      const Network net(network_config(p, cube));
      const std::optional<StateEstimate> e = network_state(p);
      ASSERT_TRUE(e.has_value());
      EXPECT_EQ(e->bytes, static_cast<double>(net.state_bytes() + cube->state_bytes())) << e->what;
    }
  }
  EXPECT_EQ(network_state(p)->what, "a 4x3 torus of 16 terminals a router");
}

TEST(NetworkParams, AFatTreesStateIsBoundedAsItsTopLevelHadUpPortsToo) {
  NetworkParams p = defaults();
  p.topology = topology_index("fat tree");
  for (const auto& [k, n] : std::vector<std::pair<int, int>>{{2, 2}, {4, 3}, {2, 11}}) {
    p.shape.set("fattree_arity", k);
    p.shape.set("fattree_levels", n);
    const auto built = static_cast<double>(
        Network(network_config(p, make_topology(p))).state_bytes());
    const std::optional<StateEstimate> e = network_state(p);
    ASSERT_TRUE(e.has_value());
    EXPECT_EQ(e->param, "fattree_levels");
    // Over by at most the top level's k unused ports a switch, a third of them at n = 2.
    EXPECT_GE(e->bytes, built) << e->what;
    EXPECT_LE(e->bytes, built * 4 / 3) << e->what;
  }
  EXPECT_EQ(network_state(p)->what, "a fat tree of 2048 terminals");
}

}  // namespace
}  // namespace archex
