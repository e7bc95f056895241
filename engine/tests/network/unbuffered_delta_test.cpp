#include "network/unbuffered_delta.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "network/analytic.h"

namespace archex {
namespace {

TEST(UnbufferedDelta, AcceptanceIsWithinTwoPercentOfPatelsModel) {
  // Patel's recurrence treats the requests at a switch's inputs as independent, which holds
  // exactly at stage 1 and nearly after; 2 % covers that and the sampling error (at m = 0.25
  // over 64 inputs and 20,000 cycles some 320,000 requests: a standard error near 0.1 %).
  for (const FlyWiring wiring : {FlyWiring::kOmega, FlyWiring::kButterfly}) {
    for (const int stages : {1, 2, 3}) {
      const Fly fly(4, stages, wiring);
      for (const double m : {0.25, 0.5, 1.0}) {
        UnbufferedDelta net(fly, m);
        Rng rng(3);
        net.run(20000, rng);
        const double model = patel_acceptance(4, stages, m);
        EXPECT_NEAR(net.acceptance(), model, 0.02 * model) << stages << " stages, m " << m;
        std::printf("delta 4x4 %s %d stages m %.2f: simulated %.4f, Patel %.4f\n",
                    wiring == FlyWiring::kOmega ? "omega" : "butterfly", stages, m,
                    net.acceptance(), model);
      }
    }
  }
}

TEST(UnbufferedDelta, NoRequestIsAcceptedTwiceOrInventedAndConflictsDrop) {
  const Fly fly(2, 3, FlyWiring::kOmega);
  UnbufferedDelta net(fly, 1.0);
  Rng rng(9);
  net.run(1000, rng);
  EXPECT_EQ(net.requested(), 8 * 1000);
  EXPECT_LE(net.accepted(), net.requested());
  EXPECT_LT(net.acceptance(), 0.9);
}

}  // namespace
}  // namespace archex
