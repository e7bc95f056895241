#include "network/traffic/analytic.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <memory>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/traffic/traffic.h"

namespace archex {
namespace {

TEST(Analytic, PatelAcceptanceFollowsTheStageRecurrence) {
  // One stage of 2 x 2 switches at full load: 1 - (1 - 1/2)^2 = 0.75.
  EXPECT_DOUBLE_EQ(patel_acceptance(2, 1, 1.0), 0.75);
  // 4 x 4, m = 1: 0.68359375, then 1 - (1 - 0.68359375 / 4)^4 = 0.52747, then 0.43200.
  EXPECT_NEAR(patel_acceptance(4, 1, 1.0), 0.68359375, 1e-15);
  EXPECT_NEAR(patel_acceptance(4, 2, 1.0), 0.5274683, 1e-7);
  EXPECT_NEAR(patel_acceptance(4, 3, 1.0), 0.4320045, 1e-7);
  // Light load passes almost everything.
  EXPECT_GT(patel_acceptance(4, 3, 0.01), 0.98);
  EXPECT_THROW(patel_acceptance(4, 3, 0.0), ParamError);
}

TEST(Analytic, InputQueuedSaturationIsKarolHluchyjMorgansTable) {
  // Karol, Hluchyj & Morgan (1987), Table I, to the four decimals it gives (1e-4: the chain
  // solved over all 4^4 head-of-line states gives 0.655242 for N = 4, printed there as 0.6553).
  EXPECT_DOUBLE_EQ(iq_crossbar_saturation(1), 1.0);
  EXPECT_NEAR(iq_crossbar_saturation(2), 0.7500, 1e-4);
  EXPECT_NEAR(iq_crossbar_saturation(3), 0.6825, 1e-4);
  EXPECT_NEAR(iq_crossbar_saturation(4), 0.6553, 1e-4);
  EXPECT_NEAR(iq_crossbar_saturation(8), 0.6184, 1e-4);
  EXPECT_DOUBLE_EQ(iq_crossbar_saturation(64), 2 - std::sqrt(2.0));
}

TEST(Analytic, CubeHopsAndChannelLoadBoundHaveTheirClosedForms) {
  NetworkConfig c;
  // Mesh of radix k: (k^2 - 1) / 3k hops per dimension over all pairs; 8x8: 2 * 63/24, then
  // without the node itself x 64/63.
  const KNCube mesh({8, 8}, false);
  EXPECT_NEAR(cube_mean_hops(mesh), 2 * 63.0 / 24 * 64 / 63, 1e-12);
  // Its middle channel carries k/4 = 2 per unit injection (x 64/63): bound 63/128.
  EXPECT_NEAR(cube_channel_load_bound(mesh, c), 63.0 / 128, 1e-12);
  // Odd torus: (k^2 - 1) / 8k per channel, k = 5: 0.6; a ring of 5 is then bounded at
  // 1 / (0.6 x 5/4) = 1.33, capped at the injection rate of 1.
  const KNCube ring({5}, true);
  EXPECT_NEAR(cube_channel_load_bound(ring, c), 1.0, 1e-12);
  const KNCube torus({5, 5}, true);
  c.channel_rate = 0.5;
  EXPECT_NEAR(cube_channel_load_bound(torus, c), 0.5 / (0.6 * 25 / 24), 1e-12);
  // Even torus with ties sent +: the + channel carries (k + 2) / 8 (k = 8: 1.25).
  const KNCube even({8, 8}, true);
  c.channel_rate = 1;
  EXPECT_NEAR(cube_channel_load_bound(even, c), 1 / (1.25 * 64 / 63), 1e-12);
  c.half_duplex = true;
  EXPECT_NEAR(cube_channel_load_bound(even, c), 0.5 / (1.25 * 64 / 63), 1e-12);
}

TEST(Analytic, CubeZeroLoadLatencyIsWhatTheSimulationMeasuresAtLightLoad) {
  // 0.005 flits/node/cycle: a channel is busy under 2 % of the time, so a packet seldom waits.
  // The latency spread comes from the random distances (some 8 cycles); over 100,000 cycles,
  // some 4,000 packets, the mean's standard error is near 0.5 %, so 2 % holds both.
  for (const bool torus : {false, true}) {
    NetworkConfig c;
    const auto cube = std::make_shared<const KNCube>(std::vector<int>{8, 8}, torus);
    c.topology = cube;
    c.vcs = 2;
    c.route_cycles = 1;
    c.switch_alloc_cycles = 1;
    LoadPointOptions opt;
    opt.rate = 0.005;
    opt.max_cycles = 100000;
    opt.confidence = 0.001;  // never reached: the point measures all its cycles
    const TrafficPattern uniform(*cube, Pattern::kUniform, 0);
    Rng rng(21);
    LoadPoint point(c, uniform, opt, rng);
    while (!point.advance(10000)) {
    }
    const double model = cube_zero_load_latency_cycles(*cube, c, opt.packet_flits);
    EXPECT_NEAR(point.result().latency_mean, model, 0.02 * model) << (torus ? "torus" : "mesh");
    std::printf("%s 8x8 zero-load latency: simulated %.3f (%lld packets), formula %.3f cycles\n",
                torus ? "torus" : "mesh", point.result().latency_mean,
                static_cast<long long>(point.result().measured_packets), model);
  }
}

TEST(Analytic, UniformChannelLoadByWalkingRoutesMatchesTheCubeFormula) {
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  c.inject_rate = 4;
  c.eject_rate = 4;
  EXPECT_NEAR(uniform_max_channel_load(mesh), 1 / cube_channel_load_bound(mesh, c), 1e-12);
  const KNCube torus({5, 5}, true);
  EXPECT_NEAR(uniform_max_channel_load(torus), 1 / cube_channel_load_bound(torus, c), 1e-12);
}

}  // namespace
}  // namespace archex
