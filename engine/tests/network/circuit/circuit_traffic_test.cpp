#include "network/circuit/circuit_traffic.h"

#include <gtest/gtest.h>

#include <memory>

#include "network/topologies/fly/fly.h"

namespace archex {
namespace {

struct Outcome {
  LoadPointResult result;
  double acceptance;
  double blocking;
};

Outcome run(BlockPolicy policy, double rate, bool stop_past_saturation = true) {
  CircuitConfig c;
  c.topology = std::make_shared<const Fly>(4, 2, FlyWiring::kOmega);
  c.policy = policy;
  const TrafficPattern pattern(*c.topology, Pattern::kUniform, 0);
  LoadPointOptions o;
  o.rate = rate;
  o.packet_flits = 4;
  o.warmup_cycles = 500;
  o.max_cycles = 5000;
  o.stop_past_saturation = stop_past_saturation;
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

TEST(CircuitLoadPoint, ACircuitCrossesOneChannelBetweenItsTwoStagesAndQueuesApart) {
  // Every path of a 2-stage fly crosses one switch-to-switch channel.
  const Outcome light = run(BlockPolicy::kHold, 0.02);
  EXPECT_EQ(light.result.hops_mean, 1);
  // Idle, a connection starts its set-up as it is opened: the network latency is the latency
  // bar the rare wait behind the source's previous connection.
  EXPECT_LE(light.result.network_latency_mean, light.result.latency_mean);
  EXPECT_NEAR(light.result.network_latency_mean, 5, 0.5);
  // Loaded, connections queue at their sources behind the one being set up or streamed.
  const Outcome heavy = run(BlockPolicy::kHold, 0.3);
  ASSERT_FALSE(heavy.result.saturated);
  EXPECT_EQ(heavy.result.hops_mean, 1);
  EXPECT_LT(heavy.result.network_latency_mean, heavy.result.latency_mean - 1);
  EXPECT_LE(heavy.result.accepted_min, heavy.result.accepted);
  EXPECT_GE(heavy.result.accepted_max, heavy.result.accepted);
  EXPECT_GT(heavy.result.accepted_max, 0);
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

TEST(CircuitLoadPoint, APointFarPastSaturationStopsEarlyAsAWormholePointDoes) {
  // A 4-ary 2-fly holding its circuits carries about 0.35 words/node/cycle; at 0.9 the source
  // queues grow every batch. The one measurement loop stops it once that is clear (the circuit
  // copy of the loop used to run it to max_cycles and drain it as long again).
  const Outcome past = run(BlockPolicy::kHold, 0.9);
  EXPECT_TRUE(past.result.saturated);
  EXPECT_LT(past.result.cycles, 500 + 2000);
  const Outcome full = run(BlockPolicy::kHold, 0.9, false);
  EXPECT_TRUE(full.result.saturated);
  EXPECT_GT(full.result.cycles, 500 + 5000);
  // What it accepted so far is what it accepts: within 10 % of the full run's.
  EXPECT_NEAR(past.result.accepted, full.result.accepted, 0.1 * full.result.accepted);
}

}  // namespace
}  // namespace archex
