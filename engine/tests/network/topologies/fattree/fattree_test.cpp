// The fat tree's wiring and routes (fattree.h): BookSim2's channels link for link, routes up to a
// nearest common ancestor and down, the drawn and adaptive up ports, the uniform load each
// routing puts on its channels, and that no routing closes a cycle of channel dependences.
#include "network/topologies/fattree/fattree.h"

#include <gtest/gtest.h>

#include <array>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "network/topologies/describe.h"
#include "network/traffic/analytic.h"
#include "network/traffic/traffic.h"
#include "network/routings/routed.h"

namespace archex {
namespace {

const std::vector<std::array<int, 2>> kShapes = {{2, 1}, {2, 4}, {3, 3}, {4, 2}, {4, 3}};

int power(int k, int e) {
  int p = 1;
  for (int i = 0; i < e; ++i) p *= k;
  return p;
}

// BookSim2's FatTree::_BuildNet, its channel numbers as it computes them: the router and port
// each channel leaves by and the router and port it enters by. Ports are numbered in the order
// BookSim2 adds a router's channels: a bottom switch's terminals first, then down, then up.
std::map<int, std::pair<RouterPort, RouterPort>> booksim_channels(int k, int n) {
  const int per_level = power(k, n - 1);
  const int per_direction = k * per_level;
  const int per_level_pair = 2 * per_direction;
  std::map<int, std::pair<RouterPort, RouterPort>> links;
  for (int level = 0; level < n - 1; ++level) {
    for (int pos = 0; pos < per_level; ++pos) {
      for (int port = 0; port < k; ++port) {
        links[level * per_level_pair + pos * k + port].first = {level * per_level + pos, port};
      }
    }
  }
  for (int level = 1; level < n; ++level) {
    for (int pos = 0; pos < per_level; ++pos) {
      for (int port = 0; port < k; ++port) {
        links[level * per_level_pair - per_direction + pos * k + port].first = {
            level * per_level + pos, k + port};
      }
    }
  }
  for (int level = 0; level < n - 1; ++level) {
    const int neighborhood = power(k, n - 1 - level);
    const int branch = power(k, n - 2 - level);
    for (int pos = 0; pos < per_level; ++pos) {
      const int hood = pos / neighborhood;
      const int at = pos % neighborhood;
      for (int port = 0; port < k; ++port) {
        const int link = (level + 1) * per_level_pair - per_direction + hood * neighborhood * k +
                         port * branch * k + at % branch * k + at / branch;
        links[link].second = {level * per_level + pos, port};
      }
    }
  }
  for (int level = 1; level < n; ++level) {
    const int neighborhood = power(k, n - level);
    const int branch = power(k, n - 1 - level);
    for (int pos = 0; pos < per_level; ++pos) {
      const int hood = pos / neighborhood;
      const int at = pos % neighborhood;
      for (int port = 0; port < k; ++port) {
        const int link = (level - 1) * per_level_pair + hood * neighborhood * k +
                         port * branch * k + at % branch * k + at / branch;
        links[link].second = {level * per_level + pos, k + port};
      }
    }
  }
  return links;
}

TEST(FatTree, EveryChannelIsBookSimsAndEveryLinkLeadsStraightBack) {
  for (const auto& [k, n] : kShapes) {
    const FatTree t(k, n);
    EXPECT_EQ(t.terminals(), power(k, n));
    EXPECT_EQ(t.routers(), n * power(k, n - 1));
    int channels = 0;
    for (const auto& [id, link] : booksim_channels(k, n)) {
      const PortTarget to = t.output(link.first.router, link.first.port);
      EXPECT_EQ(to.router, link.second.router) << "k " << k << " n " << n << " channel " << id;
      EXPECT_EQ(to.port, link.second.port) << "k " << k << " n " << n << " channel " << id;
      ++channels;
    }
    EXPECT_EQ(channels, 2 * k * power(k, n - 1) * (n - 1));
    for (int r = 0; r < t.routers(); ++r) {
      EXPECT_EQ(t.ports(r), t.level(r) == 0 ? k : 2 * k);
      for (int port = 0; port < t.ports(r); ++port) {
        const PortTarget to = t.output(r, port);
        if (to.terminal >= 0) {
          EXPECT_EQ(t.height(r), 0);
          EXPECT_EQ(t.injection(to.terminal).router, r);
          EXPECT_EQ(t.injection(to.terminal).port, port);
          continue;
        }
        // A down port reaches a switch one level below by an up port, which leads back.
        ASSERT_GE(to.router, 0);
        EXPECT_EQ(t.level(to.router), t.level(r) + (port < k ? 1 : -1));
        EXPECT_EQ(to.port >= k, port < k);
        const PortTarget back = t.output(to.router, to.port);
        EXPECT_EQ(back.router, r);
        EXPECT_EQ(back.port, port);
      }
    }
  }
}

struct Hop {
  int router;
  int port;
};

std::vector<Hop> walk(const FatTree& t, int src, int dest, RouteState state) {
  std::vector<Hop> out;
  RouterPort at = t.injection(src);
  for (int guard = 0; guard < 64; ++guard) {
    const RouteStep step = t.route(at.router, at.port, dest, state);
    EXPECT_EQ(step.vc_class, 0);
    const PortTarget to = t.output(at.router, step.port);
    if (to.terminal >= 0) {
      EXPECT_EQ(to.terminal, dest);
      return out;
    }
    out.push_back({at.router, step.port});
    at = {to.router, to.port};
  }
  ADD_FAILURE() << "no arrival from " << src << " to " << dest;
  return out;
}

// The height of the lowest subtree holding both terminals, from their base-k digits.
int common_height(int k, int src, int dest) {
  int h = 0;
  for (int s = src / k, d = dest / k; s != d; s /= k, d /= k) ++h;
  return h;
}

TEST(FatTree, EveryRouteClimbsToANearestCommonAncestorAndDescendsInTwiceItsHeight) {
  for (const auto& [k, n] : kShapes) {
    for (const std::string r : {"dimension order", "random tie-break",
                                "minimal adaptive"}) {
      const FatTree t = with_routing(FatTree(k, n), r);
      for (int src = 0; src < t.terminals(); ++src) {
        for (int dest = 0; dest < t.terminals(); ++dest) {
          if (src == dest) continue;
          const int h = common_height(k, src, dest);
          ASSERT_EQ(t.ancestor_height(src, dest), h);
          for (const RouteState start : t.route_starts(src, dest)) {
            const std::vector<Hop> hops = walk(t, src, dest, start);
            ASSERT_EQ(static_cast<int>(hops.size()), 2 * h) << src << " to " << dest;
            for (int i = 0; i < 2 * h; ++i) {
              EXPECT_EQ(t.channel_class(hops[i].router, hops[i].port), i < h ? 0 : 1);
            }
          }
        }
      }
    }
  }
}

TEST(FatTree, DimensionOrderTakesTheDestinationsDigitAsItsUpPort) {
  const FatTree t(4, 3);
  EXPECT_FALSE(t.draws_routes());
  // From terminal 0 to 63: up by port 4 + 3 at height 0 (63 % 4), 4 + 3 at height 1 (63 / 4 % 4).
  const std::vector<Hop> hops = walk(t, 0, 63, t.route_start(0, 63, 12345));
  ASSERT_EQ(hops.size(), 4u);
  EXPECT_EQ(hops[0].port, 7);
  EXPECT_EQ(hops[1].port, 7);
  EXPECT_EQ(t.level(t.output(hops[1].router, hops[1].port).router), 0);
}

TEST(FatTree, RandomTieBreakDrawsEveryAncestorAlike) {
  const FatTree t = with_routing(FatTree(3, 3), "random tie-break");
  ASSERT_TRUE(t.draws_routes());
  const int src = 0;
  const int dest = t.terminals() - 1;
  EXPECT_EQ(t.route_starts(src, dest).size(), 9u);
  // Two draws of 3 up ports: 9 top switches, each a ninth, and each first up port a third.
  std::map<int, int> tops;
  std::map<int, int> first;
  const int draws = 90000;
  for (int i = 0; i < draws; ++i) {
    const auto draw = static_cast<std::uint64_t>(i) * 0x9E3779B97F4A7C15ull;
    const std::vector<Hop> hops = walk(t, src, dest, t.route_start(src, dest, draw));
    ++first[hops[0].port];
    ++tops[hops[2].router];
  }
  ASSERT_EQ(tops.size(), 9u);
  for (const auto& [top, count] : tops) EXPECT_NEAR(count, draws / 9.0, draws / 9.0 * 0.05);
  ASSERT_EQ(first.size(), 3u);
  for (const auto& [port, count] : first) EXPECT_NEAR(count, draws / 3.0, draws / 3.0 * 0.05);
  // Within one bottom switch nothing is drawn.
  EXPECT_EQ(t.route_starts(0, 1).size(), 1u);
}

TEST(FatTree, MinimalAdaptiveOffersEveryUpPortThenTheOneWayDown) {
  const FatTree t = with_routing(FatTree(4, 3), "minimal adaptive");
  ASSERT_TRUE(t.adaptive());
  EXPECT_EQ(t.min_vcs(), 1);
  RouteChoice choices[kMostRouteChoices];
  const RouterPort at = t.injection(0);
  ASSERT_EQ(t.route_choices(at.router, at.port, 63, choices), 4);
  std::set<int> ports;
  for (int i = 0; i < 4; ++i) {
    ports.insert(choices[i].port);
    EXPECT_EQ(choices[i].tier, 0);
    EXPECT_EQ(choices[i].vc_count, 0);
  }
  EXPECT_EQ(ports, (std::set<int>{4, 5, 6, 7}));
  // Ties go d-mod-k's way.
  EXPECT_EQ(choices[0].port, 7);
  // A top switch has one way on: down.
  ASSERT_EQ(t.route_choices(0, 0, 63, choices), 1);
  EXPECT_EQ(choices[0].port, 3);
  const FatTree wide = with_routing(FatTree(16, 2), "minimal adaptive");
  EXPECT_EQ(wide.route_choices(wide.injection(0).router, 0, 255, choices), 16);
}

TEST(FatTree, EachRoutingLoadsEveryChannelOfAHeightAlikeUnderUniformTraffic) {
  for (const auto& [k, n] : kShapes) {
    for (const std::string r : {"dimension order", "random tie-break"}) {
      const FatTree t = with_routing(FatTree(k, n), r);
      const PatternLoad load = pattern_load(t, TrafficPattern(t, Pattern::kUniform, 0));
      const double others = t.terminals() - 1.0;
      int index = 0;
      for (int router = 0; router < t.routers(); ++router) {
        const int h = t.height(router);
        for (int port = 0; port < t.ports(router); ++port, ++index) {
          if (t.output(router, port).router < 0) continue;
          // Up from height h, or down to it: what a height-h subtree sends out or takes in.
          const int below = port >= k ? h : h - 1;
          const double expected = (t.terminals() - power(k, below + 1)) / others;
          EXPECT_NEAR(load.channels[static_cast<std::size_t>(index)], expected, 1e-9)
              << k << " " << n << " router " << router << " port " << port;
        }
      }
      double hops = 0;
      for (int h = 1; h < n; ++h) hops += 2.0 * h * (power(k, h + 1) - power(k, h)) / others;
      EXPECT_NEAR(load.mean_hops, hops, 1e-9);
      EXPECT_EQ(t.uniform_channel_load(), 1.0);
    }
    const FatTree t(k, n);
    EXPECT_NEAR(std::max(1.0, uniform_max_channel_load(t)), t.uniform_channel_load(), 1e-12);
  }
}

TEST(FatTree, NoRoutingClosesACycleOfDependences) {
  for (const std::string r : {"dimension order", "random tie-break",
                              "minimal adaptive"}) {
    const NetworkMap deps = channel_dependencies(with_routing(FatTree(2, 3), r), "f", "f");
    EXPECT_GT(deps.dependencies.ints("cycle").size(), 0u);
    EXPECT_EQ(cycles_of(deps), 0) << r;
  }
}

TEST(FatTree, DescribesItsLevelsSwitchesAndDirections) {
  const FatTree t(2, 3);
  const NetworkMap m = describe_network(t, "f", "f");
  EXPECT_EQ(m.shape, "fat tree");
  EXPECT_EQ(m.routers.ints("level"), (std::vector<std::int32_t>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2,
                                                                 2, 2}));
  EXPECT_EQ(m.routers.ints("switch"), (std::vector<std::int32_t>{0, 1, 2, 3, 0, 1, 2, 3, 0, 1,
                                                                  2, 3}));
  int up = 0;
  int down = 0;
  for (const int c : m.channels.ints("direction")) (c == 0 ? up : down) += c >= 0 ? 1 : 0;
  EXPECT_EQ(up, 16);
  EXPECT_EQ(down, 16);
}

TEST(FatTree, RefusesWhatItCannotBuildNamingTheParameter) {
  const auto param_of = [](auto build) {
    try {
      build();
    } catch (const ParamError& e) {
      return e.param();
    }
    return std::string("none");
  };
  EXPECT_EQ(param_of([] { FatTree(1, 3); }), "fattree_arity");
  EXPECT_EQ(param_of([] { FatTree(17, 1); }), "fattree_arity");
  EXPECT_EQ(param_of([] { FatTree(2, 0); }), "fattree_levels");
  EXPECT_EQ(param_of([] { FatTree(2, 12); }), "fattree_levels");
  EXPECT_EQ(param_of([] { FatTree(4, 6); }), "fattree_levels");
  EXPECT_EQ(param_of([] { FatTree(2, 11); }), "none");
  for (const std::string r : {"Valiant", "ROMM", "O1TURN",
                              "west-first", "UGAL"}) {
    EXPECT_EQ(param_of([r] { with_routing(FatTree(2, 3), r); }), "routing");
  }
  try {
    with_routing(FatTree(2, 3), "Valiant");
  } catch (const ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("random tie-break"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace archex
