#include "network/traffic/traffic.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"
#include "network/traffic/analytic.h"
#include "network/topologies/crossbar/crossbar.h"
#include "network/topologies/fattree/fattree.h"
#include "network/topologies/fly/fly.h"
#include "network/topologies/kncube/kncube.h"
#include "network/routings/routed.h"

namespace archex {
namespace {

TEST(TrafficPattern, PatternsThatMoveCoordinatesNeedACube) {
  const Fly fly(4, 3, FlyWiring::kButterfly);
  try {
    TrafficPattern pattern(fly, Pattern::kTornado, 0);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "pattern");
    EXPECT_NE(std::string(e.what()).find("valid on this network: uniform, hotspot, transpose, "
                                         "bit complement, bit-reverse, shuffle"),
              std::string::npos)
        << e.what();
  }
  // Off a cube the hotspot is the middle terminal.
  const TrafficPattern hotspot(fly, Pattern::kHotspot, 1.0);
  Rng rng(1);
  EXPECT_EQ(hotspot.destination(0, rng), 32);
}

TEST(TrafficPattern, OnAConcentratedCubeAPatternMovesTheRouterAndKeepsThePlace) {
  const KNCube mesh({4, 4}, false, true, 3);
  Rng rng(7);
  // Terminal 2 of router (1, 2): to terminal 2 of router (2, 1), of (2, 1), and of (2, 3).
  const int src = mesh.node_at({1, 2, 0}) * 3 + 2;
  const auto to = [&](int x, int y) { return mesh.node_at({x, y, 0}) * 3 + 2; };
  EXPECT_EQ(TrafficPattern(mesh, Pattern::kTranspose, 0).destination(src, rng), to(2, 1));
  EXPECT_EQ(TrafficPattern(mesh, Pattern::kBitComplement, 0).destination(src, rng), to(2, 1));
  EXPECT_EQ(TrafficPattern(mesh, Pattern::kTornado, 0).destination(src, rng), to(2, 3));
  DestinationShares shares;
  TrafficPattern(mesh, Pattern::kNeighbor, 0).destinations(src, shares);
  ASSERT_EQ(shares.size(), 4u);
  for (const auto& [dest, share] : shares) {
    EXPECT_EQ(dest % 3, 2);
    EXPECT_EQ(mesh.distance(dest / 3, src / 3), 1);
    EXPECT_DOUBLE_EQ(share, 0.25);
  }
  // The centre hot spot is the middle router's first terminal.
  EXPECT_EQ(TrafficPattern(mesh, Pattern::kHotspot, 1.0).hotspots(),
            std::vector<int>{mesh.node_at({2, 2, 0}) * 3});
}

TEST(TrafficPattern, BitReverseAndShuffleMoveTheBitsOfSixteenTerminals) {
  const Crossbar crossbar(16);
  const TrafficPattern reverse(crossbar, Pattern::kBitReverse, 0);
  const TrafficPattern shuffle(crossbar, Pattern::kShuffle, 0);
  Rng rng(1);
  // Bit-reverse: 0001 -> 1000, 0011 -> 1100, 0110 -> 0110, 1011 -> 1101.
  EXPECT_EQ(reverse.destination(1, rng), 8);
  EXPECT_EQ(reverse.destination(3, rng), 12);
  EXPECT_EQ(reverse.destination(6, rng), 6);
  EXPECT_EQ(reverse.destination(11, rng), 13);
  // Shuffle, rotated left by one: 0001 -> 0010, 1000 -> 0001, 1001 -> 0011, 0111 -> 1110.
  EXPECT_EQ(shuffle.destination(1, rng), 2);
  EXPECT_EQ(shuffle.destination(8, rng), 1);
  EXPECT_EQ(shuffle.destination(9, rng), 3);
  EXPECT_EQ(shuffle.destination(7, rng), 14);
  // Both are permutations of the 16.
  std::vector<int> hit(16, 0);
  for (int s = 0; s < 16; ++s) ++hit[static_cast<std::size_t>(shuffle.destination(s, rng))];
  EXPECT_EQ(std::count(hit.begin(), hit.end(), 1), 16);
  // Nine terminals have no bits to move.
  const KNCube nine({3, 3}, false);
  for (const Pattern p : {Pattern::kBitReverse, Pattern::kShuffle}) {
    try {
      TrafficPattern pattern(nine, p, 0);
      FAIL();
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "pattern");
      EXPECT_NE(std::string(e.what()).find("power-of-two count of terminals (this network has 9)"),
                std::string::npos)
          << e.what();
    }
  }
}

TEST(TrafficPattern, OffACubeTransposeAndBitComplementMoveTheBitsOfATerminalsNumber) {
  // A 4-ary 3-tree: 64 terminals, six bits.
  const FatTree tree(4, 3);
  const TrafficPattern transpose(tree, Pattern::kTranspose, 0);
  const TrafficPattern complement(tree, Pattern::kBitComplement, 0);
  Rng rng(1);
  // Transpose swaps the halves: 000 001 -> 001 000, 011 101 -> 101 011.
  EXPECT_EQ(transpose.destination(1, rng), 8);
  EXPECT_EQ(transpose.destination(29, rng), 43);
  // Bit complement flips every bit: 000 001 -> 111 110.
  EXPECT_EQ(complement.destination(1, rng), 62);
  // As on an 8x8 mesh, whose coordinates are those halves.
  const KNCube mesh({8, 8}, false);
  const TrafficPattern mesh_transpose(mesh, Pattern::kTranspose, 0);
  const TrafficPattern mesh_complement(mesh, Pattern::kBitComplement, 0);
  for (int s = 0; s < 64; ++s) {
    EXPECT_EQ(transpose.destination(s, rng), mesh_transpose.destination(s, rng));
    EXPECT_EQ(complement.destination(s, rng), mesh_complement.destination(s, rng));
  }
  // A 2-ary 3-tree's 8 terminals have three bits: no halves to swap.
  const FatTree odd(2, 3);
  const TrafficPattern flipped(odd, Pattern::kBitComplement, 0);
  EXPECT_EQ(flipped.destination(2, rng), 5);
  try {
    TrafficPattern pattern(odd, Pattern::kTranspose, 0);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "pattern");
    EXPECT_NE(std::string(e.what()).find("4, 16, 64, 256, ... terminals (this network has 8)"),
              std::string::npos)
        << e.what();
  }
  // A 3-ary 2-tree's 9 terminals have no bits to move.
  try {
    TrafficPattern pattern(FatTree(3, 2), Pattern::kBitComplement, 0);
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_NE(std::string(e.what()).find("power-of-two count of terminals (this network has 9)"),
              std::string::npos)
        << e.what();
  }
}

TEST(TrafficPattern, ARandomPermutationIsOneAndTheSameForItsSeed) {
  const KNCube mesh({8, 8}, false);
  const TrafficPattern a(mesh, Pattern::kRandomPermutation, 0, {}, 7);
  const TrafficPattern again(mesh, Pattern::kRandomPermutation, 0, {}, 7);
  const TrafficPattern other(mesh, Pattern::kRandomPermutation, 0, {}, 8);
  Rng rng(1);
  std::vector<int> hit(64, 0);
  int same = 0;
  int moved = 0;
  for (int s = 0; s < 64; ++s) {
    const int d = a.destination(s, rng);
    ++hit[static_cast<std::size_t>(d)];
    EXPECT_EQ(again.destination(s, rng), d);
    // Drawing from the run's stream does not move it.
    EXPECT_EQ(a.destination(s, rng), d);
    if (other.destination(s, rng) == d) ++same;
    if (d != s) ++moved;
  }
  EXPECT_EQ(std::count(hit.begin(), hit.end(), 1), 64);
  // Another seed draws another permutation (two random ones share about one image); this one
  // moves nearly every node.
  EXPECT_LT(same, 8);
  EXPECT_GT(moved, 56);
}

TEST(TrafficPattern, SeveralHotSpotsGetTheirSharesOfTheHotspotFraction) {
  // 30 % to the hot spots 0, 9 and 63 of an 8x8 mesh. A source that is none of them sends each
  // 0.1 + 0.7/63 (its uniform share lands there too); hot spot 9 sends each other 0.15 + 0.7/63
  // and itself nothing. 400,000 draws: a share near 0.11 has a standard error of 0.0005, so
  // 0.003 is six of them.
  const KNCube mesh({8, 8}, false);
  const TrafficPattern hot(mesh, Pattern::kHotspot, 0.3, {0, 9, 63});
  EXPECT_EQ(hot.hotspots(), (std::vector<int>{0, 9, 63}));
  Rng rng(5);
  constexpr int kDraws = 400000;
  for (const int src : {20, 9}) {
    std::vector<int> count(64, 0);
    for (int i = 0; i < kDraws; ++i) ++count[static_cast<std::size_t>(hot.destination(src, rng))];
    const double each = src == 9 ? 0.15 : 0.1;
    for (const int h : {0, 9, 63}) {
      const double expected = h == src ? 0 : each + 0.7 / 63;
      EXPECT_NEAR(count[static_cast<std::size_t>(h)] / static_cast<double>(kDraws), expected,
                  0.003)
          << src << " to " << h;
    }
    EXPECT_EQ(count[static_cast<std::size_t>(src)], 0);
    // destinations() gives the same shares exactly.
    DestinationShares shares;
    hot.destinations(src, shares);
    double to_zero = 0;
    double total = 0;
    for (const auto& [d, share] : shares) {
      total += share;
      if (d == 0) to_zero += share;
    }
    EXPECT_NEAR(total, 1, 1e-12);
    EXPECT_NEAR(to_zero, each + 0.7 / 63, 1e-12);
  }
  // A hot spot that is no terminal, or one listed twice (-1 is the centre, 36 here), is refused.
  for (const std::vector<int>& bad : std::vector<std::vector<int>>{{64}, {-1, 36}, {5, 5}}) {
    try {
      TrafficPattern pattern(mesh, Pattern::kHotspot, 0.3, bad);
      FAIL();
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "hotspots") << e.what();
    }
  }
}

TEST(Injection, OnOffSourcesKeepTheMeanRateInBurstsOfTheirLength) {
  // One source, 8-flit packets, a quarter of a flit a cycle: 1/32 packets a cycle. On/off with
  // bursts of 8: on at 1/8 a cycle, off with 1/64, on with 1/192, so an on and an off period take
  // 256 cycles and 4,194,304 cycles hold some 16,000 bursts. The packets of a burst spread about
  // as widely as their mean, so their mean is known to 8/sqrt(16000) = 0.06 (0.4 is six of those)
  // and the rate to about 1 % (4 % is four of those).
  LoadPointOptions opt;
  opt.rate = 0.25;
  opt.packet_flits = 8;
  constexpr int kWindow = 1024;
  constexpr int kCycles = 4096 * kWindow;
  // Packets per window of kWindow cycles: their variance over their mean is 1 - p for Bernoulli,
  // far above 1 for bursts.
  auto dispersion = [](const std::vector<int>& counts) {
    double mean = 0;
    for (const int c : counts) mean += c;
    mean /= static_cast<double>(counts.size());
    double var = 0;
    for (const int c : counts) var += (c - mean) * (c - mean);
    return var / static_cast<double>(counts.size()) / mean;
  };
  for (const double burst : {0.0, 8.0}) {
    opt.burst_packets = burst;
    Rng rng(11);
    Injection injection(1, opt, rng);
    int fired = 0;
    int bursts = 0;
    int in_bursts = 0;
    std::vector<int> windows(kCycles / kWindow, 0);
    for (int t = 0; t < kCycles; ++t) {
      const bool was_on = injection.on(0);
      if (injection.fires(0, rng)) {
        ++fired;
        ++windows[static_cast<std::size_t>(t / kWindow)];
        if (was_on) ++in_bursts;
      }
      if (was_on && !injection.on(0)) ++bursts;
    }
    std::printf("%s: %.5f packets/cycle (1/32 = 0.03125), %.2f packets a burst, dispersion %.2f\n",
                burst > 0 ? "on/off, bursts of 8" : "Bernoulli",
                fired / static_cast<double>(kCycles),
                bursts > 0 ? in_bursts / static_cast<double>(bursts) : 0.0, dispersion(windows));
    EXPECT_NEAR(fired / static_cast<double>(kCycles), 1.0 / 32, 0.04 / 32) << burst;
    if (burst > 0) {
      EXPECT_NEAR(in_bursts / static_cast<double>(bursts), 8, 0.4);
      EXPECT_GT(dispersion(windows), 5);
    } else {
      EXPECT_LT(dispersion(windows), 1.2);
    }
  }
  // Near the peak a burst's off period cannot be shorter than a cycle: the source is on more and
  // still offers the asked rate (0.95 flits a cycle in bursts of one packet).
  opt.rate = 0.95;
  opt.burst_packets = 1;
  Rng rng(12);
  Injection near_peak(1, opt, rng);
  int fired = 0;
  for (int t = 0; t < 1000000; ++t) fired += near_peak.fires(0, rng) ? 1 : 0;
  EXPECT_NEAR(fired / 1e6, 0.95 / 8, 0.02 * 0.95 / 8);
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
Finished point(double rate, bool stop_past_saturation, bool full_window = false) {
  NetworkConfig config;
  const auto mesh = std::make_shared<const KNCube>(std::vector<int>{16, 16}, false);
  config.topology = mesh;
  const TrafficPattern uniform(*mesh, Pattern::kUniform, 0);
  LoadPointOptions options;
  options.rate = rate;
  options.max_cycles = 20000;
  options.stop_past_saturation = stop_past_saturation;
  options.full_window = full_window;
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

TEST(LoadPoint, AThroughputPointMeasuresItsWholeWindowPastSaturation) {
  // BookSim2's sim_type = throughput: the window runs to max_cycles (a saturated point's latency
  // never converges), then its drain ends once the queues keep growing.
  const Finished whole = point(0.6, true, true);
  EXPECT_TRUE(whole.result.saturated);
  EXPECT_GT(whole.cycles, 1000 + 20000);
  EXPECT_LT(whole.cycles, 1000 + 20000 + 2000);
  // The window is the one a point run with no early stop measures: the same accepted load.
  const Finished full = point(0.6, false);
  EXPECT_EQ(whole.result.accepted, full.result.accepted);
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

TEST(LoadPoint, ALightPointMeasuresAtLeastItsShortestWindow) {
  // At 0.02 flits/node/cycle the mean latency converges in a few batches; min_cycles holds the
  // window open (BookSim2 measures three sample periods at least), and the longer window's
  // accepted load is closer to what is offered.
  NetworkConfig config;
  const auto mesh = std::make_shared<const KNCube>(std::vector<int>{16, 16}, false);
  config.topology = mesh;
  const TrafficPattern uniform(*mesh, Pattern::kUniform, 0);
  const auto run = [&](std::int64_t min_cycles) {
    LoadPointOptions options;
    options.rate = 0.02;
    options.max_cycles = 100000;
    options.min_cycles = min_cycles;
    Rng rng(3);
    LoadPoint p(config, uniform, options, rng);
    while (!p.advance(1000)) {
    }
    return p.result();
  };
  const LoadPointResult quick = run(0);
  const LoadPointResult held = run(30000);
  EXPECT_LT(quick.measured_packets, 2000);
  // 30,000 cycles of 256 nodes sending 8-flit packets at 0.02 / 8 a cycle: some 19,200.
  EXPECT_NEAR(static_cast<double>(held.measured_packets), 19200, 600);
  EXPECT_NEAR(held.accepted, 0.02, 0.02 * 0.03);
}

// One point on a line of `k` nodes under uniform traffic, to completion.
LoadPointResult line_point(int k, double rate, const std::string& routing = "dimension order",
                           Pattern pattern = Pattern::kUniform) {
  NetworkConfig config;
  const auto line = std::make_shared<const KNCube>(with_routing(KNCube(std::vector<int>{k}, false, true), routing));
  config.topology = line;
  // Valiant's two phases each need a class of virtual channels.
  config.vcs = 2;
  const TrafficPattern uniform(*line, pattern, 0);
  LoadPointOptions options;
  options.rate = rate;
  options.min_packets = 2000;
  Rng rng(5);
  LoadPoint p(config, uniform, options, rng);
  while (!p.advance(1000)) {
  }
  return p.result();
}

TEST(LoadPoint, HopsOnALineAreTheMeanDistanceOfUniformTraffic) {
  // Uniform traffic between distinct nodes of a k-node line travels (k + 1) / 3 channels on
  // average: 3 for k = 8. Some 2,000 packets of a standard deviation of 1.9 hops leave a
  // sampling error near 0.05; 0.2 is four of those.
  const LoadPointResult r = line_point(8, 0.1);
  ASSERT_FALSE(r.saturated);
  ASSERT_GE(r.measured_packets, 2000);
  EXPECT_NEAR(r.hops_mean, 3, 0.2);
  // Valiant's intermediate node, uniform over all 8, adds a leg: twice the mean distance of two
  // independent uniform nodes, 2 (k^2 - 1) / 3k = 5.25.
  const LoadPointResult valiant = line_point(8, 0.1, "Valiant");
  EXPECT_NEAR(valiant.hops_mean, 5.25, 0.25);
  std::printf("8-node line, uniform: %.3f hops (dimension order), %.3f (Valiant)\n", r.hops_mean,
              valiant.hops_mean);
}

TEST(LoadPoint, UniformWithSelfSendsAnEighthOfItsPacketsToTheirOwnTerminal) {
  // With the source among 8 destinations, a packet to itself travels no channel: the mean
  // distance of two independent uniform nodes of the line, 2 (k^2 - 1) / 3k / 2 = 2.625, and
  // every packet is delivered.
  const LoadPointResult r = line_point(8, 0.1, "dimension order", Pattern::kUniformWithSelf);
  ASSERT_FALSE(r.saturated);
  ASSERT_GE(r.measured_packets, 2000);
  EXPECT_NEAR(r.hops_mean, 2.625, 0.2);
  EXPECT_NEAR(r.accepted, 0.1, 0.01);
}

TEST(LoadPoint, NetworkLatencyLeavesOutSourceQueueing) {
  // Light load: a packet seldom waits behind another at its source, and the head's one cycle per
  // hop, one to enter and one to eject with 7 flits behind gives a network latency of
  // 3 + 1 + 7 = 11 cycles on average, a cycle or so of contention aside.
  const LoadPointResult light = line_point(8, 0.02);
  EXPECT_NEAR(light.network_latency_mean, 11, 1);
  EXPECT_LE(light.network_latency_mean, light.latency_mean);
  EXPECT_LT(light.latency_mean - light.network_latency_mean, 1);
  // Near saturation (0.15 on a 16x16 mesh whose bound is 0.25) packets queue at their sources
  // for cycles on end.
  const Finished heavy = point(0.15, true);
  ASSERT_FALSE(heavy.result.saturated);
  EXPECT_LT(heavy.result.network_latency_mean, heavy.result.latency_mean - 2);
  EXPECT_GT(heavy.result.network_latency_mean, 0);
  std::printf("network latency %.2f of %.2f at 0.02 on a line, %.2f of %.2f at 0.15 on a mesh\n",
              light.network_latency_mean, light.latency_mean, heavy.result.network_latency_mean,
              heavy.result.latency_mean);
}

TEST(LoadPoint, EachNodesAcceptedLoadBracketsTheMean) {
  const Finished uniform = point(0.1, true);
  const LoadPointResult& u = uniform.result;
  EXPECT_LE(u.accepted_min, u.accepted);
  EXPECT_GE(u.accepted_max, u.accepted);
  EXPECT_GT(u.accepted_min, 0);
  // Half of every packet to the centre of a 4x4 mesh: the hot spot receives from its 15 peers
  // r (f + (1 - f) / 15) each, r (1 + 14 f) = 8 r in all at f = 1/2; any other node about
  // r (14 (1 - f) / 15 + 1 / 15) = 8 r / 15.
  NetworkConfig config;
  const auto mesh = std::make_shared<const KNCube>(std::vector<int>{4, 4}, false);
  config.topology = mesh;
  const TrafficPattern hot(*mesh, Pattern::kHotspot, 0.5);
  LoadPointOptions options;
  const double rate = 0.02;
  options.rate = rate;
  options.min_packets = 1000;
  Rng rng(9);
  LoadPoint p(config, hot, options, rng);
  while (!p.advance(1000)) {
  }
  const LoadPointResult& h = p.result();
  ASSERT_FALSE(h.saturated);
  EXPECT_LT(h.accepted_min, h.accepted);
  EXPECT_GT(h.accepted_max, h.accepted);
  EXPECT_NEAR(h.accepted_max, 8 * rate, 0.15 * 8 * rate);
  EXPECT_LT(h.accepted_min, 8 * rate / 15);
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

// One uniform point on a 4x4 mesh to completion, with `options` (rate and the traffic's kind).
LoadPointResult mesh_point(LoadPointOptions options, int vcs, std::uint64_t seed) {
  NetworkConfig config;
  const auto mesh = std::make_shared<const KNCube>(std::vector<int>{4, 4}, false);
  config.topology = mesh;
  config.vcs = vcs;
  const TrafficPattern uniform(*mesh, Pattern::kUniform, 0);
  // Measured for the whole 20,000 cycles: enough packets for the shares.
  options.max_cycles = 20000;
  options.confidence = 1e-6;
  Rng rng(seed);
  LoadPoint p(config, uniform, options, rng);
  while (!p.advance(1000)) {
  }
  return p.result();
}

TEST(LoadPoint, AMixOfSizesKeepsItsSharesItsMeanAndTheLoadInFlits) {
  // 1- and 8-flit packets, 1 : 3: a mean of 6.25 flits, so 0.2 flits/node/cycle is 0.032
  // packets a node-cycle. Over some 10,000 measured packets a share's standard error is about
  // 0.004: 0.02 is five of them.
  LoadPointOptions options;
  options.rate = 0.2;
  options.packet_sizes = {1, 8};
  options.packet_shares = {0.25, 0.75};
  EXPECT_DOUBLE_EQ(options.mean_packet_flits(), 6.25);
  EXPECT_EQ(options.max_packet_flits(), 8);
  const LoadPointResult r = mesh_point(options, 1, 5);
  ASSERT_EQ(r.sizes.size(), 2u);
  const auto packets = static_cast<double>(r.sizes[0].packets + r.sizes[1].packets);
  EXPECT_GT(packets, 9000);
  EXPECT_EQ(packets, static_cast<double>(r.measured_packets));
  EXPECT_NEAR(static_cast<double>(r.sizes[0].packets) / packets, 0.25, 0.02);
  const double mean = (static_cast<double>(r.sizes[0].packets) +
                       8.0 * static_cast<double>(r.sizes[1].packets)) / packets;
  EXPECT_NEAR(mean, 6.25, 0.2);
  EXPECT_FALSE(r.saturated);
  EXPECT_NEAR(r.accepted, 0.2, 0.2 * 0.05);
  // Serialization: an 8-flit packet takes 7 cycles more than a 1-flit one at low load.
  EXPECT_NEAR(r.sizes[1].latency_mean() - r.sizes[0].latency_mean(), 7, 2);
}

TEST(LoadPoint, EveryRequestGetsOneReplyAndTheLoadCountsBoth) {
  // Reads of 1 flit answered by 8, writes of 8 answered by 1, a quarter writes: a transaction
  // is 9 flits, requests 2.75 of them and replies 6.25.
  LoadPointOptions options;
  options.rate = 0.2;
  options.request_reply = true;
  options.transactions.write_fraction = 0.25;
  EXPECT_DOUBLE_EQ(options.mean_packet_flits(), 9);
  const LoadPointResult r = mesh_point(options, 2, 9);
  ASSERT_EQ(r.classes.size(), 2u);
  EXPECT_FALSE(r.saturated);
  EXPECT_GT(r.classes[0].packets, 6000);
  // Drained: every measured request's reply was measured, each once, with its round trip.
  EXPECT_EQ(r.classes[1].packets, r.classes[0].packets);
  EXPECT_EQ(static_cast<std::int64_t>(r.round_trips.size()), r.classes[0].packets);
  EXPECT_EQ(r.measured_packets, 2 * r.classes[0].packets);
  EXPECT_NEAR(r.accepted, 0.2, 0.2 * 0.05);
  EXPECT_NEAR(r.classes[0].accepted, 0.2 * 2.75 / 9, 0.2 * 0.05);
  EXPECT_NEAR(r.classes[1].accepted, 0.2 * 6.25 / 9, 0.2 * 0.05);
  EXPECT_NEAR(r.classes[0].accepted + r.classes[1].accepted, r.accepted, 0.01);
  // A round trip is at least a request's and a reply's latency.
  double sum = 0;
  for (const double t : r.round_trips) sum += t;
  const double round_trip = sum / static_cast<double>(r.round_trips.size());
  EXPECT_GE(round_trip, r.classes[0].latency_mean() + r.classes[1].latency_mean() - 1);
}

TEST(LoadPoint, RequestReplyPastSaturationNeverDeadlocks) {
  // Far past saturation for a long time, on a mesh in dimension order and with minimal adaptive
  // routing (escape VCs in each half), and on a torus with its dateline in each half.
  struct Case {
    std::shared_ptr<const KNCube> shape;
    int vcs;
  };
  const std::vector<Case> cases = {
      {std::make_shared<const KNCube>(std::vector<int>{4, 4}, false), 2},
      {std::make_shared<const KNCube>(with_routing(KNCube(std::vector<int>{4, 4}, false, true), "minimal adaptive")),
       4},
      {std::make_shared<const KNCube>(std::vector<int>{4, 4}, true), 4},
  };
  for (const Case& c : cases) {
    NetworkConfig config;
    config.topology = c.shape;
    config.vcs = c.vcs;
    const TrafficPattern uniform(*c.shape, Pattern::kUniform, 0);
    LoadPointOptions options;
    options.rate = 0.9;
    options.request_reply = true;
    options.warmup_cycles = 1000;
    options.max_cycles = 20000;
    options.stop_past_saturation = false;
    Rng rng(4);
    LoadPoint p(config, uniform, options, rng);
    while (!p.advance(1000)) {
    }
    EXPECT_FALSE(p.result().deadlocked) << c.vcs;
    EXPECT_TRUE(p.result().saturated);
    EXPECT_GT(p.result().classes[1].accepted, 0.1);
    EXPECT_EQ(p.network().deadlock(), nullptr);
  }
}

}  // namespace
}  // namespace archex
