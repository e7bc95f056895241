#include "network/traffic/analytic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/network_params.h"
#include "network/traffic/traffic.h"
#include "network/routings/routed.h"

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

TEST(PatternLoad, TransposeAndBitComplementOnAn8x8MeshHaveTheirHandComputedBounds) {
  // Dimension order, x first. Transpose sends (x, y) to (y, x): along row y from column x to
  // column y, then along column y from row y to row x. The +x channel of row y from column c to
  // c + 1 carries the sources x <= c of that row when c < y: c + 1 of them, 7 for row 7, c = 6.
  // The -y channel of column j from row r to r - 1 carries the sources (j, x) with x < r <= j: r
  // of them, 7 for column 7, r = 7. So the most loaded channel carries 7: bound 1/7. Its mean
  // hops, 2 E|x - y| over the 64 sources (the diagonal sends to itself), are 2 (k^2 - 1) / 3k =
  // 5.25.
  // Bit complement sends (x, y) to (7 - x, 7 - y): the +x channel from c to c + 1 carries the
  // sources x <= c with 7 - x > c, min(c, 6 - c) + 1 of them, 4 at c = 3; likewise in y. Bound
  // 1/4; mean hops 2 E|2x - 7| = 2 (7 + 5 + 3 + 1) / 4 = 8.
  // Uniform traffic's bound is 63/128 = 0.492 for either, its mean hops 5.33.
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  const TrafficPattern transpose(mesh, Pattern::kTranspose, 0);
  const TrafficPattern complement(mesh, Pattern::kBitComplement, 0);
  EXPECT_NEAR(pattern_capacity_bound(mesh, c, transpose), 1.0 / 7, 1e-12);
  EXPECT_NEAR(pattern_capacity_bound(mesh, c, complement), 1.0 / 4, 1e-12);
  EXPECT_NEAR(pattern_load(mesh, transpose).mean_hops, 5.25, 1e-12);
  EXPECT_NEAR(pattern_load(mesh, complement).mean_hops, 8, 1e-12);
  // Zero-load: hops + 1 routers of one cycle each, then 7 more flits.
  EXPECT_NEAR(pattern_zero_load_latency_cycles(mesh, c, transpose, 8), 5.25 + 1 + 7, 1e-12);
  EXPECT_NEAR(pattern_zero_load_latency_cycles(mesh, c, complement, 8), 8 + 1 + 7, 1e-12);
  // Uniform keeps its closed forms, to the bit.
  const TrafficPattern uniform(mesh, Pattern::kUniform, 0);
  EXPECT_EQ(pattern_capacity_bound(mesh, c, uniform), capacity_bound(mesh, c));
  EXPECT_EQ(pattern_zero_load_latency_cycles(mesh, c, uniform, 8),
            cube_zero_load_latency_cycles(mesh, c, 8));
}

TEST(ZeroLoad, SpeedupOverTheWholeRouterCountsItsStagesInSteps) {
  // BookSim2's pipeline on the 8x8 mesh under transpose, 1-flit packets (examples/mesh88_lat):
  // 6.25 routers of a cycle's crossing and 3 stages. Stepped whole at 2, the stages take 2
  // cycles, at 3 one; the switch's speedup alone leaves them at 3. Measured: 26.5, 20.4, 14.3.
  const KNCube mesh({8, 8}, false);
  const TrafficPattern transpose(mesh, Pattern::kTranspose, 0);
  NetworkConfig c;
  c.router_delay_cycles = 1;
  c.vc_alloc_cycles = 1;
  c.switch_alloc_cycles = 1;
  c.internal_speedup = 2;
  EXPECT_NEAR(pattern_zero_load_latency_cycles(mesh, c, transpose, 1), 6.25 * 4, 1e-12);
  c.speedup_scope = SpeedupScope::kRouter;
  EXPECT_NEAR(pattern_zero_load_latency_cycles(mesh, c, transpose, 1), 6.25 * 3, 1e-12);
  c.internal_speedup = 3;
  EXPECT_NEAR(pattern_zero_load_latency_cycles(mesh, c, transpose, 1), 6.25 * 2, 1e-12);
}

TEST(PatternLoad, UniformWithSelfLoadsTheChannelsLessByItsOwnShare) {
  // On an 8x8 mesh, 1/64 of the packets stay at their router: every channel carries 63/64 of
  // uniform's load, so the bound is 64/63 of it; the mean hops 63/64 of 5.33; each terminal
  // still receives its whole load.
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  const TrafficPattern uniform(mesh, Pattern::kUniform, 0);
  const TrafficPattern with_self(mesh, Pattern::kUniformWithSelf, 0);
  EXPECT_NEAR(pattern_capacity_bound(mesh, c, with_self),
              pattern_capacity_bound(mesh, c, uniform) * 64 / 63, 1e-12);
  EXPECT_NEAR(pattern_load(mesh, with_self).mean_hops,
              pattern_load(mesh, uniform).mean_hops * 63 / 64, 1e-12);
  for (const double e : pattern_load(mesh, with_self).ejection) EXPECT_NEAR(e, 1, 1e-12);
}

TEST(PatternLoad, TornadoOnAnEightNodeRingLoadsEachChannelThrice) {
  // Tornado on an 8-ary 1-cube torus sends node i to i + ceil(8/2) - 1 = i + 3, the + way round
  // (3 < 8 - 3): each + channel carries the three sources behind it, bound 1/3, 3 hops each.
  const KNCube ring({8}, true);
  NetworkConfig c;
  const TrafficPattern tornado(ring, Pattern::kTornado, 0);
  Rng rng(1);
  EXPECT_EQ(tornado.destination(6, rng), 1);
  EXPECT_NEAR(pattern_capacity_bound(ring, c, tornado), 1.0 / 3, 1e-12);
  EXPECT_NEAR(pattern_load(ring, tornado).mean_hops, 3, 1e-12);
  // On half-duplex links the - direction is idle: the bound stays 1/3, where uniform traffic's
  // halves.
  c.half_duplex = true;
  EXPECT_NEAR(pattern_capacity_bound(ring, c, tornado), 1.0 / 3, 1e-12);
}

TEST(PatternLoad, ValiantsBoundIsTheSameForEveryPatternAndBeatsDimensionOrderOnTornado) {
  // An 8-node ring. Each of Valiant's phases sends a packet to a node uniform over all 8 (itself
  // included), a half-way tie going either way at random: a + channel carries the pairs 1 to 3
  // apart that span it and half of those 4 apart, 1 + 2 + 3 + 4/2 = 8 of the 64, 1 per unit
  // offered; two phases, 2: bound 0.5 for any pattern. Dimension order (a tie going +): tornado
  // 1/3 (each + channel carries 3 sources); uniform over the 7 others 10/7 per channel, bound
  // 0.7.
  const KNCube dor({8}, true);
  const KNCube valiant = with_routing(KNCube({8}, true, true), "Valiant");
  NetworkConfig c;
  const TrafficPattern tornado(dor, Pattern::kTornado, 0);
  const TrafficPattern uniform(dor, Pattern::kUniform, 0);
  EXPECT_NEAR(pattern_capacity_bound(dor, c, tornado), 1.0 / 3, 1e-12);
  EXPECT_NEAR(pattern_capacity_bound(dor, c, uniform), 0.7, 1e-12);
  EXPECT_NEAR(pattern_capacity_bound(valiant, c, tornado), 0.5, 1e-12);
  EXPECT_NEAR(pattern_capacity_bound(valiant, c, uniform), 0.5, 1e-12);
  // Its packets go twice as far on average: 2 x 2 = 4 hops (a phase: 0 to 4 hops, mean 2).
  EXPECT_NEAR(pattern_load(valiant, tornado).mean_hops, 4, 1e-12);
}

TEST(PatternLoad, AnAdaptiveRoutingIsWalkedAlongItsMinimalRoutes) {
  // Its hops are any minimal route's; its bound is dimension order's, which it can only beat.
  const KNCube dor({8, 8}, false);
  const KNCube adaptive = with_routing(KNCube({8, 8}, false, true), "minimal adaptive");
  NetworkConfig c;
  const TrafficPattern transpose(dor, Pattern::kTranspose, 0);
  EXPECT_EQ(pattern_load(adaptive, transpose).mean_hops, pattern_load(dor, transpose).mean_hops);
  EXPECT_EQ(pattern_capacity_bound(adaptive, c, transpose),
            pattern_capacity_bound(dor, c, transpose));
}

TEST(MinimalCutBound, TransposeOnAMeshIsItsMiddleCut) {
  // Transpose on an 8x8 mesh. The boundary between columns c and c + 1 is crossed rightward by
  // every source (x, y) with x <= c < y, on every minimal route: (c + 1)(7 - c) of them, most at
  // c = 3 (16), over the boundary's 8 channels: 0.5, above dimension order's 1/7 (and the best
  // minimal routing's 5/11, a max-concurrent-flow problem solved once with HiGHS).
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  const TrafficPattern transpose(mesh, Pattern::kTranspose, 0);
  EXPECT_NEAR(minimal_cut_bound(mesh, c, transpose), 0.5, 1e-12);
  // Both directions of a half-duplex boundary share its channels: 32 over 8.
  c.half_duplex = true;
  EXPECT_NEAR(minimal_cut_bound(mesh, c, transpose), 0.25, 1e-12);
}

TEST(MinimalCutBound, ATorusCountsTheWayRoundThatIsMinimalAndLeavesHalfWayOut) {
  // Tornado on an 8x8 torus goes 3 ahead in x, the + way round: every + boundary of a row is
  // crossed by the 3 sources behind it, 24 on the 8 rows over 8 channels: 1/3, which dimension
  // order reaches.
  const KNCube torus({8, 8}, true);
  NetworkConfig c;
  const TrafficPattern tornado(torus, Pattern::kTornado, 0);
  EXPECT_NEAR(minimal_cut_bound(torus, c, tornado), 1.0 / 3, 1e-12);
  EXPECT_NEAR(minimal_cut_bound(torus, c, tornado), pattern_capacity_bound(torus, c, tornado),
              1e-12);
  // Transpose on the torus moves x to y: (y - x) mod 8 = 1, 2 or 3 ahead goes +, 5 to 7 goes -,
  // and 4 (8 sources) either way. By symmetry each + boundary carries (1 + 2 + 3) x 8 / 8 = 6
  // over 8 channels (4/3), so the terminals' 1 binds; had the half-way pairs all gone + they
  // would add 4, and the bound would be 8 / 10.
  const TrafficPattern transpose(torus, Pattern::kTranspose, 0);
  EXPECT_NEAR(minimal_cut_bound(torus, c, transpose), 1, 1e-12);
}

TEST(MinimalCutBound, HotSpotsAreBoundByTheirEjectionAndTheirUniformShareByTheMiddleCut) {
  // A tenth to the centre of an 8x8 mesh: its ejection, 0.9 + 6.3 = 7.2, binds (PatternLoad's
  // AHotSpotIsBoundByItsEjection). With no hot share, uniform traffic's middle cut: the 32
  // sources left of it send 32/63 of their packets across 8 channels, 63/128.
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  EXPECT_NEAR(minimal_cut_bound(mesh, c, TrafficPattern(mesh, Pattern::kHotspot, 0.1)), 1 / 7.2,
              1e-12);
  EXPECT_NEAR(minimal_cut_bound(mesh, c, TrafficPattern(mesh, Pattern::kHotspot, 0)),
              63.0 / 128, 1e-12);
}

TEST(MinimalCutBound, UniformTrafficKeepsDimensionOrdersBound) {
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  const TrafficPattern uniform(mesh, Pattern::kUniform, 0);
  EXPECT_EQ(minimal_cut_bound(mesh, c, uniform), pattern_capacity_bound(mesh, c, uniform));
}

TEST(PatternLoad, AHotSpotIsBoundByItsEjection) {
  // A tenth of the packets to the centre of an 8x8 mesh: the centre ejects its uniform share,
  // 0.9, and a tenth of the other 63 nodes' load, 6.3. The channels into it carry less (the
  // busiest, +y from below, 32 sources' tenth, 3.2, beside under 2 of uniform load), so the
  // bound is 1 / 7.2.
  const KNCube mesh({8, 8}, false);
  NetworkConfig c;
  const TrafficPattern hotspot(mesh, Pattern::kHotspot, 0.1);
  EXPECT_NEAR(pattern_capacity_bound(mesh, c, hotspot), 1 / 7.2, 1e-12);
  // Two corners share the tenth: each ejects 0.9, half the tenth of the 62 other nodes, 3.1, and
  // the whole tenth of the other hot spot, 0.1 (the busiest channel into a corner, 56 sources'
  // 0.05 beside 0.8 of uniform load, carries 3.6).
  const TrafficPattern two(mesh, Pattern::kHotspot, 0.1, {0, 63});
  EXPECT_NEAR(pattern_capacity_bound(mesh, c, two), 1 / 4.1, 1e-12);
}

TEST(PatternLoad, UniformLoadOfACubeChannelByChannelIsTheWalkOfEveryRoute) {
  // The closed form that carries the hotspot pattern's uniform share, against walking all N^2
  // routes (the hotspot pattern of share 0 is uniform traffic through that form).
  for (const auto& [radix, torus] : std::vector<std::pair<std::vector<int>, bool>>{
           {{4, 4}, false}, {{5, 3}, true}, {{4, 4}, true}, {{3, 2, 4}, false}}) {
    const KNCube cube(radix, torus);
    const TrafficPattern uniform(cube, Pattern::kHotspot, 0, {0});
    const PatternLoad load = pattern_load(cube, uniform);
    std::vector<double> walked(load.channels.size(), 0.0);
    const int n = cube.nodes();
    for (int src = 0; src < n; ++src) {
      for (int dest = 0; dest < n; ++dest) {
        for (int at = src; at != dest;) {
          const int port = cube.route(at, dest);
          walked[static_cast<std::size_t>(at * cube.ports() + port)] += 1.0 / (n - 1);
          at = cube.neighbor(at, port);
        }
      }
    }
    for (std::size_t ch = 0; ch < walked.size(); ++ch) {
      EXPECT_NEAR(load.channels[ch], walked[ch], 1e-12) << ch;
    }
    EXPECT_NEAR(load.mean_hops, cube_mean_hops(cube), 1e-12);
  }
}

}  // namespace
}  // namespace archex
