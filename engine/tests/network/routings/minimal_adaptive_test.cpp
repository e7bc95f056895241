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

TEST(MinimalAdaptive, MinimalAdaptiveOffersEveryMinimalPortAndOneEscape) {
  const KNCube torus = with_routing(KNCube({8, 8}, true, true), "minimal adaptive");
  RouteChoice c[kMostRouteChoices];
  // From (0,0) to (4,2): x is a half-way tie (both ways minimal), y goes +.
  const int n = torus.route_choices(0, torus.local_port(), torus.node_at({4, 2, 0}), c);
  ASSERT_EQ(n, 4);
  std::set<int> adaptive;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(c[i].tier, 0);
    EXPECT_EQ(c[i].vc_first, 2);
    adaptive.insert(c[i].port);
  }
  EXPECT_EQ(adaptive, (std::set<int>{0, 1, 2}));
  // The escape: dimension order's +x, on the lower class while the wrap is ahead of it... here
  // the +x route to x = 4 never wraps, so the upper class.
  EXPECT_EQ(c[3].tier, 1);
  EXPECT_EQ(c[3].port, 0);
  EXPECT_EQ(c[3].vc_count, 1);
  EXPECT_EQ(c[3].vc_first, 1);
  // From x = 6 to x = 1 going + the wrap is ahead: the lower class.
  torus.route_choices(torus.node_at({6, 0, 0}), torus.local_port(), torus.node_at({1, 0, 0}), c);
  EXPECT_EQ(c[1].port, 0);
  EXPECT_EQ(c[1].vc_first, 0);
}

// Whether the dependences between escape channels (by their tier columns) are acyclic: Kahn's
// algorithm, apart from the engine's Tarjan, takes every node off when there is no cycle. Also
// counts those dependences in `count`.
bool escape_subgraph_acyclic(const NetworkMap& n, int& count) {
  const auto& d = n.dependencies;
  const int escape = static_cast<int>(std::find(d.column("from_tier").labels.begin(),
                                                d.column("from_tier").labels.end(), "escape") -
                                      d.column("from_tier").labels.begin());
  std::map<std::int64_t, std::vector<std::int64_t>> out;
  std::map<std::int64_t, int> in;
  count = 0;
  for (std::size_t e = 0; e < d.rows(); ++e) {
    if (d.ints("from_tier")[e] != escape || d.ints("to_tier")[e] != escape) continue;
    const std::int64_t a = std::int64_t{d.ints("from")[e]} * 16 + d.ints("from_class")[e];
    const std::int64_t b = std::int64_t{d.ints("to")[e]} * 16 + d.ints("to_class")[e];
    out[a].push_back(b);
    ++in[b];
    in.emplace(a, 0);
    ++count;
  }
  std::vector<std::int64_t> ready;
  for (const auto& [node, c] : in) {
    if (c == 0) ready.push_back(node);
  }
  std::size_t removed = 0;
  while (!ready.empty()) {
    const std::int64_t v = ready.back();
    ready.pop_back();
    ++removed;
    for (const std::int64_t w : out[v]) {
      if (--in[w] == 0) ready.push_back(w);
    }
  }
  return removed == in.size();
}

TEST(MinimalAdaptive, MinimalAdaptivesChannelsHaveCyclesItsEscapeChannelsNone) {
  for (const bool torus : {true, false}) {
    const KNCube cube = with_routing(KNCube({4, 4}, torus, true), "minimal adaptive");
    const NetworkMap all = channel_dependencies(cube, "d", "d");
    EXPECT_GT(cycles_of(all), 0) << (torus ? "torus" : "mesh");
    EXPECT_EQ(cycles_of(all, "escape_cycle"), 0) << (torus ? "torus" : "mesh");
    int escape = 0;
    EXPECT_TRUE(escape_subgraph_acyclic(all, escape));
    EXPECT_GT(escape, 0);
  }
}

TEST(MinimalAdaptive, EscapeCyclesAreFoundWhereTheEscapeChannelsCloseARing) {
  // Without the dateline the escape channels are dimension order on one class: round each ring.
  const KNCube torus = with_routing(KNCube({4, 4}, true, false), "minimal adaptive");
  const NetworkMap all = channel_dependencies(torus, "d", "d");
  EXPECT_GT(cycles_of(all, "escape_cycle"), 0);
  int escape = 0;
  EXPECT_FALSE(escape_subgraph_acyclic(all, escape));
}

TEST(MinimalAdaptive, MinimalAdaptiveTakesEveryTurn) {
  const NetworkMap n =
      channel_dependencies(with_routing(KNCube({4, 4}, false, true), "minimal adaptive"), "d", "d");
  EXPECT_TRUE(forbidden_turns(n).empty());
  // A line has no turns.
  EXPECT_EQ(channel_dependencies(KNCube({4}, false), "d", "d").turns.rows(), 0u);
}

}  // namespace
}  // namespace archex
