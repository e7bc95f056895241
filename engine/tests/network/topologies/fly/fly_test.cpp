#include "network/topologies/fly/fly.h"

#include <gtest/gtest.h>

#include "core/param_spec.h"

namespace archex {
namespace {

// Follows the routes from every input to every output through the switches.
void routes_every_pair(const Fly& fly) {
  for (int src = 0; src < fly.terminals(); ++src) {
    for (int dest = 0; dest < fly.terminals(); ++dest) {
      RouterPort at = fly.injection(src);
      ASSERT_EQ(fly.stage(at.router), 0);
      for (int s = 0; s < fly.stages(); ++s) {
        ASSERT_EQ(fly.stage(at.router), s);
        RouteState state = 0;
        const PortTarget t = fly.output(at.router, fly.route(at.router, at.port, dest, state).port);
        if (s + 1 == fly.stages()) {
          ASSERT_EQ(t.terminal, dest) << src << " to " << dest;
        } else {
          ASSERT_GE(t.router, 0);
          at = {t.router, t.port};
        }
      }
    }
  }
}

TEST(Fly, OmegaAndButterflyRouteEveryInputToEveryOutputByDestinationTag) {
  for (const FlyWiring w : {FlyWiring::kOmega, FlyWiring::kButterfly}) {
    routes_every_pair(Fly(4, 3, w));
    routes_every_pair(Fly(2, 4, w));
    routes_every_pair(Fly(3, 1, w));
  }
}

TEST(Fly, AFourAryThreeFlyHasSixtyFourPortsInThreeStagesOfSixteenSwitches) {
  const Fly fly(4, 3, FlyWiring::kOmega);
  EXPECT_EQ(fly.terminals(), 64);
  EXPECT_EQ(fly.routers(), 48);
  EXPECT_EQ(fly.switches_per_stage(), 16);
  EXPECT_EQ(fly.ports(0), 8);
  // Inputs only feed forward: an input port leads nowhere, an output port to the next stage.
  EXPECT_EQ(fly.output(0, 0).router, -1);
  EXPECT_EQ(fly.stage(fly.output(0, 4).router), 1);
}

TEST(Fly, OmegaShufflesEveryStageAndButterflyExchangesDigits) {
  // 2-ary 3-fly: line 1 (001) shuffles to 010, so it enters switch 1 at port 0.
  const Fly omega(2, 3, FlyWiring::kOmega);
  EXPECT_EQ(omega.injection(1).router, 1);
  EXPECT_EQ(omega.injection(1).port, 0);
  // The butterfly's inputs enter in order; output line 1 of stage 0 (001) crosses to 100.
  const Fly butterfly(2, 3, FlyWiring::kButterfly);
  EXPECT_EQ(butterfly.injection(1).router, 0);
  EXPECT_EQ(butterfly.injection(1).port, 1);
  const PortTarget t = butterfly.output(0, 2 + 1);
  EXPECT_EQ(t.router, 4 + 2);
  EXPECT_EQ(t.port, 0);
}

TEST(Fly, RejectsRadixAndStagesOutOfRangeNamingThem) {
  try {
    Fly(1, 3, FlyWiring::kOmega);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "fly_radix");
    EXPECT_NE(std::string(e.what()).find("[2, 16]"), std::string::npos);
  }
  try {
    Fly(16, 5, FlyWiring::kButterfly);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "fly_stages");
    EXPECT_NE(std::string(e.what()).find("at most 4 stages"), std::string::npos);
  }
  EXPECT_THROW(Fly(2, 0, FlyWiring::kOmega), ParamError);
}

}  // namespace
}  // namespace archex
