#include "network/traffic.h"

#include <gtest/gtest.h>

#include <memory>

#include "core/rng.h"
#include "network/kncube.h"

namespace archex {
namespace {

struct Finished {
  LoadPointResult result;
  std::int64_t cycles = 0;
};

// One uniform-traffic point on a 16x16 mesh of 8-flit packets, to completion.
Finished point(double rate, bool stop_past_saturation) {
  NetworkConfig config;
  const auto mesh = std::make_shared<const KNCube>(std::vector<int>{16, 16}, false);
  config.topology = mesh;
  const TrafficPattern uniform(*mesh, Pattern::kUniform, 0);
  LoadPointOptions options;
  options.rate = rate;
  options.max_cycles = 20000;
  options.stop_past_saturation = stop_past_saturation;
  Rng rng(3);
  LoadPoint p(config, uniform, options, rng);
  while (!p.advance(1000)) {
  }
  return {p.result(), p.network().now()};
}

TEST(LoadPoint, APointFarPastSaturationStopsWellBeforeMaxCycles) {
  // The channel-load bound of uniform traffic on a 16x16 mesh is 4/16 = 0.25 flits/node/cycle.
  const Finished past = point(0.6, true);
  EXPECT_TRUE(past.result.saturated);
  EXPECT_LT(past.cycles, 1000 + 5000);
  EXPECT_GT(past.result.accepted, 0.1);
  EXPECT_LT(past.result.accepted, 0.9 * 0.6);
  // Run to the end, the same point accepts about as much: the early figure is the real one.
  const Finished full = point(0.6, false);
  EXPECT_GT(full.cycles, 20000);
  EXPECT_NEAR(past.result.accepted, full.result.accepted, 0.1 * full.result.accepted);
}

TEST(LoadPoint, APointBelowSaturationIsUnchangedBitForBit) {
  const Finished with = point(0.1, true);
  const Finished without = point(0.1, false);
  EXPECT_FALSE(with.result.saturated);
  EXPECT_EQ(with.cycles, without.cycles);
  EXPECT_EQ(with.result.accepted, without.result.accepted);
  EXPECT_EQ(with.result.latencies, without.result.latencies);
  EXPECT_EQ(with.result.latency_ci, without.result.latency_ci);
  EXPECT_EQ(with.result.utilization, without.result.utilization);
}

}  // namespace
}  // namespace archex
