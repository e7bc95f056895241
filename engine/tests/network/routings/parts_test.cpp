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

TEST(RoutingParts, ShapesARoutingCannotTakeAreRefusedNamingRouting) {
  const auto refused = [](std::vector<int> dims, bool torus, const std::string& r) {
    try {
      with_routing(KNCube(std::move(dims), torus, true), r);
    } catch (const ParamError& e) {
      return e.param() == "routing";
    }
    return false;
  };
  EXPECT_TRUE(refused({8, 8}, true, "west-first"));
  EXPECT_TRUE(refused({4, 4, 4}, false, "north-last"));
  EXPECT_FALSE(refused({4, 4, 4}, false, "negative-first"));
  EXPECT_FALSE(refused({8, 8}, true, "Valiant"));
}

// The number of cycles channel_dependencies found.
TEST(RoutingParts, TheObliviousRoutingsClassesLeaveNoCycleOfDependences) {
  for (const std::string r : {"Valiant", "ROMM", "O1TURN",
                              "random tie-break"}) {
    EXPECT_EQ(cycles_of(channel_dependencies(with_routing(KNCube({4, 4}, true, true), r), "d", "d")), 0)
        << r;
    // Without the dateline the rings close again.
    EXPECT_GT(cycles_of(channel_dependencies(with_routing(KNCube({4, 4}, true, false), r), "d", "d")), 0);
  }
  // BookSim2's classes by route leave none either, on odd and even rings (the half-way ties).
  for (const std::string r : {"dimension order", "random tie-break", "Valiant", "ROMM", "O1TURN"}) {
    for (const int k : {5, 6, 8}) {
      const KNCube torus = with_routing(KNCube({k, k}, true, true, 1, true), r);
      EXPECT_EQ(cycles_of(channel_dependencies(torus, "d", "d")), 0) << r << " k = " << k;
    }
  }
}

}  // namespace
}  // namespace archex
