#include "network/traffic/traffic.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/traffic/analytic.h"
#include "network/topologies/crossbar.h"
#include "network/topologies/fly.h"
#include "network/topologies/kncube.h"

namespace archex {
namespace {

TEST(TrafficPattern, PatternsThatMoveCoordinatesNeedACube) {
  const Fly fly(4, 3, FlyWiring::kButterfly);
  try {
    TrafficPattern pattern(fly, Pattern::kTranspose, 0);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "pattern");
    EXPECT_NE(std::string(e.what()).find("valid on this network: uniform, hotspot"),
              std::string::npos);
  }
  // Off a cube the hotspot is the middle terminal.
  const TrafficPattern hotspot(fly, Pattern::kHotspot, 1.0);
  Rng rng(1);
  EXPECT_EQ(hotspot.destination(0, rng), 32);
}

TEST(LoadPoint, MeasuresHeadOfLineBlockingOnACrossbar) {
  // Offered more than a FIFO input-queued 32 x 32 switch carries, 1-flit packets: the accepted
  // load is its saturation throughput. 3 %: the N -> infinity limit lies 1.3 % under a 32-port
  // switch, and some 350,000 delivered packets leave a sampling error near 0.3 %.
  NetworkConfig c;
  const auto crossbar = std::make_shared<const Crossbar>(32);
  c.topology = crossbar;
  LoadPointOptions opt;
  opt.rate = 0.8;
  opt.packet_flits = 1;
  const TrafficPattern uniform(*crossbar, Pattern::kUniform, 0);
  Rng rng(6);
  LoadPoint point(c, uniform, opt, rng);
  while (!point.advance(10000)) {
  }
  const double target = iq_crossbar_saturation(32);
  EXPECT_NEAR(point.result().accepted, target, 0.03 * target);
  EXPECT_TRUE(point.result().saturated);
  std::printf("crossbar 32 ports through LoadPoint: accepted %.4f over %lld cycles, target %.4f\n",
              point.result().accepted, static_cast<long long>(point.result().cycles), target);
}

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

TEST(LoadPoint, AtTheOnsetOfSaturationTheDrainEndsOnceTheQueuesKeepGrowing) {
  // 0.17 flits/node/cycle is just past this mesh's saturation (it accepts about 0.168 at 0.18 to
  // 0.2): the window delivers 98 % of the flits it creates, so the point measures for max_cycles,
  // but the queues at its busiest nodes grow without end and its measured packets drain slowly.
  const Finished onset = point(0.17, true);
  EXPECT_TRUE(onset.result.saturated);
  EXPECT_LT(onset.cycles, 1000 + 20000 + 2000);
  const Finished full = point(0.17, false);
  EXPECT_GT(full.cycles, 1000 + 20000 + 10000);
  // The accepted load is the window's, the same either way.
  EXPECT_EQ(onset.result.accepted, full.result.accepted);
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
