#include "network/circuit_traffic.h"

#include <gtest/gtest.h>

#include <memory>

#include "network/fly.h"

namespace archex {
namespace {

struct Outcome {
  LoadPointResult result;
  double acceptance;
  double blocking;
};

Outcome run(BlockPolicy policy, double rate) {
  CircuitConfig c;
  c.topology = std::make_shared<const Fly>(4, 2, FlyWiring::kOmega);
  c.policy = policy;
  const TrafficPattern pattern(*c.topology, Pattern::kUniform, 0);
  LoadPointOptions o;
  o.rate = rate;
  o.packet_flits = 4;
  o.warmup_cycles = 500;
  o.max_cycles = 5000;
  Rng rng(7);
  CircuitLoadPoint point(c, pattern, o, 11, rng);
  while (!point.advance(1000)) {
  }
  return {point.result(), point.acceptance(), point.blocking()};
}

TEST(CircuitLoadPoint, AnIdleNetworkConnectsAndStreamsAtTheOfferedLoad) {
  const Outcome r = run(BlockPolicy::kHold, 0.02);
  EXPECT_FALSE(r.result.saturated);
  EXPECT_EQ(r.acceptance, 1);
  EXPECT_NEAR(r.result.accepted, 0.02, 0.004);
  // The first switch is reserved as the request starts, the second a set-up cycle later, then
  // the 4 words stream: no connection is faster.
  EXPECT_GE(r.result.latencies.front(), 5);
  EXPECT_NEAR(r.result.latency_mean, 5, 1);
  // One value per switch port: 2 stages of 4 switches of 8 ports; the inputs are never held.
  ASSERT_EQ(r.result.utilization.size(), 64u);
  for (std::size_t c = 0; c < 64; ++c) {
    if (c % 8 < 4) {
      EXPECT_EQ(r.result.utilization[c], 0) << c;
    }
  }
}

TEST(CircuitLoadPoint, HoldingLosesNothingAndBlockingRisesWithLoad) {
  const Outcome light = run(BlockPolicy::kHold, 0.1);
  const Outcome heavy = run(BlockPolicy::kHold, 0.4);
  EXPECT_EQ(light.acceptance, 1);
  EXPECT_EQ(heavy.acceptance, 1);
  EXPECT_GT(heavy.blocking, light.blocking);
  EXPECT_GT(heavy.result.latency_mean, light.result.latency_mean);
}

TEST(CircuitLoadPoint, DroppingLosesMoreAsLoadRises) {
  const Outcome light = run(BlockPolicy::kDrop, 0.1);
  const Outcome heavy = run(BlockPolicy::kDrop, 0.6);
  EXPECT_LT(light.acceptance, 1);
  EXPECT_LT(heavy.acceptance, light.acceptance);
  // What is delivered is what was accepted: the offered load times the acceptance.
  EXPECT_NEAR(heavy.result.accepted, 0.6 * heavy.acceptance, 0.05 * 0.6);
  // Drops are the acceptance's to report; what is not dropped gets through.
  EXPECT_FALSE(heavy.result.saturated);
}

}  // namespace
}  // namespace archex
