#include "network/experiment/network_traffic.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"
#include "network/experiment/network_traffic_point.h"
#include "network/traffic/analytic.h"
#include "network/topologies/crossbar/crossbar.h"
#include "network/topologies/describe.h"
#include "network/topologies/fly/fly.h"
#include "network/topologies/kncube/kncube.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, "network_traffic", overrides, 3).run();
}

// The chosen load alone (point 0 of the sweep), with a seed of its own, and the models.
Result chosen(const ParamValues& overrides, std::uint64_t seed) {
  const ModelRegistry registry = builtin_registry();
  const Result point = Simulation(registry, "network_traffic", overrides, seed, 0).run();
  return Simulation(registry, "network_traffic", overrides, seed).combine({{0, point}});
}

TEST(NetworkTraffic, LowLoadIsSustainedAtNearZeroLoadLatency) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"injection_rate", 0.02},
                        {"sweep_rates", std::vector<double>{0.02}}});
  EXPECT_EQ(r.scalar("saturated"), 0);
  EXPECT_NEAR(r.scalar("accepted_flits_per_node_cycle"), 0.02, 0.004);
  // Uniform traffic on a 4x4 mesh averages 2.5 hops: about 2.5 + 1 + 7 cycles for 8 flits.
  EXPECT_NEAR(r.scalar("latency_mean_cycles"), 10.5, 1.5);
  EXPECT_LE(r.scalar("latency_p50_cycles"), r.scalar("latency_p99_cycles"));
}

TEST(NetworkTraffic, TheCurvesCarryPercentilesNetworkLatencyHopsAndFairness) {
  for (const double switching : {0.0, 1.0}) {
    const Result r = run({{"dims", std::vector<double>{4, 4}},
                          {"switching", switching},
                          {"injection_rate", 0.1},
                          {"sweep_rates", std::vector<double>{0.02, 0.1, 0.2, 0.9}},
                          {"max_cycles", 3000}});
    const Series& mean = r.find_series("latency_vs_offered");
    const Series& p50 = r.find_series("latency_p50_vs_offered");
    const Series& p95 = r.find_series("latency_p95_vs_offered");
    const Series& p99 = r.find_series("latency_p99_vs_offered");
    const Series& network = r.find_series("network_latency_vs_offered");
    const Series& hops = r.find_series("hops_vs_offered");
    // The loads sustained, as the mean's curve.
    ASSERT_GE(mean.x.size(), 2u);
    for (const Series* s : {&p50, &p95, &network, &hops}) EXPECT_EQ(s->x, mean.x) << s->key;
    for (std::size_t i = 0; i < mean.x.size(); ++i) {
      EXPECT_LE(p50.y[i], p95.y[i]);
      EXPECT_LE(p95.y[i], p99.y[i]);
      EXPECT_LE(network.y[i], mean.y[i]);
      EXPECT_GT(network.y[i], 0);
      // Uniform traffic between distinct nodes of a 4x4 mesh: 2 x 1.25 x 16/15 = 8/3 hops on
      // average; a few hundred packets of a deviation near 1.2 hops.
      EXPECT_NEAR(hops.y[i], 8.0 / 3, 0.35) << hops.x[i];
    }
    // Every load, as the accepted curve.
    const Series& accepted = r.find_series("accepted_vs_offered");
    const Series& least = r.find_series("accepted_min_vs_offered");
    const Series& most = r.find_series("accepted_max_vs_offered");
    ASSERT_EQ(accepted.x.size(), 4u);
    EXPECT_EQ(least.x, accepted.x);
    EXPECT_EQ(most.x, accepted.x);
    for (std::size_t i = 0; i < accepted.x.size(); ++i) {
      EXPECT_LE(least.y[i], accepted.y[i]);
      EXPECT_GE(most.y[i], accepted.y[i]);
    }
    // The chosen load's own.
    EXPECT_LE(r.scalar("network_latency_mean_cycles"), r.scalar("latency_mean_cycles"));
    EXPECT_GE(r.scalar("hops_mean"), 1);
    EXPECT_LE(r.scalar("accepted_min_flits_per_node_cycle"),
              r.scalar("accepted_flits_per_node_cycle"));
    EXPECT_GE(r.scalar("accepted_max_flits_per_node_cycle"),
              r.scalar("accepted_flits_per_node_cycle"));
  }
}

TEST(NetworkTraffic, OverloadIsReportedAsSaturated) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"injection_rate", 0.9},
                        {"sweep_rates", std::vector<double>{0.05, 0.9}},
                        {"max_cycles", 3000}});
  EXPECT_EQ(r.scalar("saturated"), 1);
  EXPECT_LT(r.scalar("accepted_flits_per_node_cycle"), 0.9 * 0.9);
  EXPECT_EQ(r.scalar("latency_vs_offered_saturation"), 0.9);
  EXPECT_EQ(r.find_series("latency_vs_offered").x.size(), 1u);
}

bool has_scalar(const Result& r, const std::string& name) {
  for (const Scalar& s : r.scalars) {
    if (s.name == name) return true;
  }
  return false;
}

// The point of a curve at offered load `x`: its y.
double at(const Series& s, double x) {
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    if (s.x[i] == x) return s.y[i];
  }
  ADD_FAILURE() << s.name << " has no point at " << x;
  return -1;
}

TEST(NetworkTraffic, TheChosenLoadOnTheCurveIsOneRunWithItsPoint) {
  const ParamValues params = {{"dims", std::vector<double>{4, 4}},
                              {"injection_rate", 0.2},
                              {"sweep_rates", std::vector<double>{0.1, 0.2, 0.3}}};
  const Result r = run(params);
  EXPECT_EQ(at(r.find_series("latency_vs_offered"), 0.2), r.scalar("latency_mean_cycles"));
  EXPECT_EQ(at(r.find_series("accepted_vs_offered"), 0.2),
            r.scalar("accepted_flits_per_node_cycle"));
  // Run alone, as a worker of the pool runs it, the curve's point is the chosen point's run too.
  const ModelRegistry registry = builtin_registry();
  const Result chosen_point = Simulation(registry, "network_traffic", params, 3, 0).run();
  const Result curve_point = Simulation(registry, "network_traffic", params, 3, 2).run();
  EXPECT_EQ(traffic_run::traffic_record().decode(curve_point.record).latency_mean,
            chosen_point.scalar("latency_mean_cycles"));
  EXPECT_EQ(curve_point.scalar("simulated_cycles"), chosen_point.scalar("simulated_cycles"));
  // A fraction of the capacity bound that is the chosen load but for rounding is the same run.
  const Result of_bound = run({{"dims", std::vector<double>{8, 8}},
                               {"sweep_scale", 1},
                               {"sweep_rates", std::vector<double>{0.2, 0.4}},
                               {"injection_rate", 0.196875}});
  ASSERT_NE(0.4 * of_bound.scalar("model_capacity_bound"), 0.196875);
  EXPECT_EQ(of_bound.find_series("accepted_vs_offered").x[1], 0.196875);
  EXPECT_EQ(at(of_bound.find_series("accepted_vs_offered"), 0.196875),
            of_bound.scalar("accepted_flits_per_node_cycle"));
  // The other loads keep streams of their own.
  const Result other = Simulation(registry, "network_traffic", params, 3, 1).run();
  EXPECT_NE(other.scalar("simulated_cycles"), chosen_point.scalar("simulated_cycles"));
}

// Every load gives the combine a typed record: the chosen load's result also holds its own
// scalars and charts (the run shows them), a curve's load only its simulated cycles (a traced
// point's packet view reads them). A point without its record is refused, named.
TEST(NetworkTraffic, APointGivesItsRecordAndTheChosenOneItsOutputs) {
  const ParamValues params = {{"dims", std::vector<double>{4, 4}},
                              {"injection_rate", 0.2},
                              {"sweep_rates", std::vector<double>{0.1, 0.3}}};
  const ModelRegistry registry = builtin_registry();
  const Result chosen = Simulation(registry, "network_traffic", params, 3, 0).run();
  const Result curve = Simulation(registry, "network_traffic", params, 3, 2).run();
  const traffic_run::TrafficRecord c = traffic_run::traffic_record().decode(chosen.record);
  EXPECT_EQ(c.accepted, chosen.scalar("accepted_flits_per_node_cycle"));
  EXPECT_EQ(c.cycles, chosen.scalar("simulated_cycles"));
  EXPECT_FALSE(chosen.series.empty());
  const traffic_run::TrafficRecord at = traffic_run::traffic_record().decode(curve.record);
  ASSERT_EQ(curve.scalars.size(), 1u);
  EXPECT_EQ(curve.scalars[0].name, "simulated_cycles");
  EXPECT_EQ(curve.scalars[0].value, at.cycles);
  EXPECT_TRUE(curve.series.empty());
  EXPECT_TRUE(curve.networks.empty());
  const Simulation whole(registry, "network_traffic", params, 3);
  // The curve's x is the plan's load, not anything the point says.
  const Result r = whole.combine({{0, chosen}, {2, curve}});
  EXPECT_EQ(r.find_series("accepted_vs_offered").x, std::vector<double>{0.3});
  EXPECT_EQ(r.find_series("accepted_vs_offered").y, std::vector<double>{at.accepted});
  EXPECT_EQ(r.scalar("total_simulated_cycles"), c.cycles + at.cycles);
  Result stripped = curve;
  stripped.record.clear();
  try {
    whole.combine({{0, chosen}, {2, stripped}});
    FAIL() << "a point without its record accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("partial 2"), std::string::npos) << e.what();
  }
}

TEST(NetworkTraffic, ASaturatedPointHasNoConfidenceInterval) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"injection_rate", 0.9},
                        {"sweep_rates", std::vector<double>{0.1}},
                        {"max_cycles", 3000}});
  ASSERT_EQ(r.scalar("saturated"), 1);
  EXPECT_GT(r.scalar("latency_mean_cycles"), 0);
  EXPECT_FALSE(has_scalar(r, "latency_ci_cycles"));
  const Result low = run({{"dims", std::vector<double>{4, 4}},
                          {"injection_rate", 0.1},
                          {"sweep_rates", std::vector<double>{0.1}}});
  ASSERT_EQ(low.scalar("saturated"), 0);
  EXPECT_GT(low.scalar("latency_ci_cycles"), 0);
}

TEST(NetworkTraffic, ADeadlockedPointHasNoLatencyAndSaysWhatItDelivered) {
  // The network-deadlock preset: an 8-node ring, one virtual channel, no dateline.
  const ParamValues ring = {{"topology", 1},
                            {"dims", std::vector<double>{8}},
                            {"vcs", 1},
                            {"dateline", 1},
                            {"sweep_rates", std::vector<double>{0.1}}};
  for (const double warmup : {1000.0, 0.0}) {
    ParamValues params = ring;
    params.set("injection_rate", 0.5);
    params.set("warmup_cycles", warmup);
    const Result r = run(params);
    ASSERT_EQ(r.scalar("deadlocked"), 1) << "warm-up " << warmup;
    EXPECT_GE(r.scalar("deadlock_cycle"), 0);
    for (const char* name : {"latency_mean_cycles", "latency_ci_cycles", "latency_p50_cycles",
                             "latency_p95_cycles", "latency_p99_cycles"}) {
      EXPECT_FALSE(has_scalar(r, name)) << name << ", warm-up " << warmup;
    }
    EXPECT_EQ(r.scalar("accepted_flits_per_node_cycle"), 0);
    // Some packets were delivered before the knot formed, and those in it never are.
    EXPECT_GT(r.scalar("acceptance"), 0);
    EXPECT_LT(r.scalar("acceptance"), 1);
    EXPECT_TRUE(r.find_series("latency_histogram").x.empty());
  }
}

TEST(NetworkTraffic, ADeadlockedPointsKnotReadsFullAndCarriesNothing) {
  // The network-deadlock preset's ring at its chosen load, deadlocked in the warm-up (the
  // default 1,000 cycles) and while measuring (none): from the deadlock on, the channels the knot
  // holds are held for ever and nothing moves.
  ParamValues ring = {{"topology", 1},
                      {"dims", std::vector<double>{8}},
                      {"vcs", 1},
                      {"dateline", 1},
                      {"injection_rate", 0.5},
                      {"sweep_rates", std::vector<double>{0.5}}};
  for (const double warmup : {1000.0, 0.0}) {
    ring.set("warmup_cycles", warmup);
    const Result r = chosen(ring, 1);
    ASSERT_EQ(r.scalar("deadlocked"), 1) << "warm-up " << warmup;
    const std::vector<std::int32_t>& knot = r.find_network("deadlock").channels.ints("knot");
    const NetworkMap& map = r.find_network("channel_util");
    const std::vector<double>& held = map.channels.reals("occupancy");
    const std::vector<double>& used = map.channels.reals("utilization");
    ASSERT_EQ(held.size(), knot.size());
    int in_knot = 0;
    for (std::size_t c = 0; c < knot.size(); ++c) {
      EXPECT_EQ(used[c], 0) << c << ", warm-up " << warmup;
      EXPECT_TRUE(held[c] == 0 || held[c] == 1) << held[c];
      if (knot[c] < 0) continue;
      ++in_knot;
      EXPECT_EQ(held[c], 1) << "knot channel " << c << ", warm-up " << warmup;
    }
    EXPECT_EQ(in_knot, 8) << "warm-up " << warmup;
  }
}

// A 5x5 torus without a dateline at full load saturates before its knot forms on some seeds
// (1, 4 and 5 stopped saturated at cycle 1,800 without the watch); watched, every seed deadlocks.
TEST(NetworkTraffic, ASaturatedTorusWithoutADatelineIsWatchedUntilItDeadlocks) {
  ParamValues full = {{"topology", 1},
                      {"dims", std::vector<double>{5, 5}},
                      {"vcs", 1},
                      {"dateline", 1},
                      {"injection_rate", 1},
                      {"sweep_rates", std::vector<double>{1}}};
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Result watched = chosen(full, seed);
    EXPECT_EQ(watched.scalar("deadlocked"), 1) << "seed " << seed;
    EXPECT_EQ(watched.scalar("saturated"), 0) << "seed " << seed;
    EXPECT_EQ(watched.scalar("deadlock_watched_cycles"), 0) << "seed " << seed;
  }
  full.set("deadlock_watch_cycles", 0);
  int saturated = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    saturated += chosen(full, seed).scalar("saturated") == 1 ? 1 : 0;
  }
  EXPECT_GT(saturated, 0) << "the watch changes nothing here";
}

// A point that saturates but does not deadlock within the watch says how long it was watched.
TEST(NetworkTraffic, AWatchThatEndsWithoutADeadlockSaysHowLongItWatched) {
  const ParamValues torus = {{"topology", 1},
                             {"dims", std::vector<double>{8, 8}},
                             {"vcs", 2},
                             {"dateline", 1},
                             {"injection_rate", 0.4},
                             {"sweep_rates", std::vector<double>{0.4}},
                             {"deadlock_watch_cycles", 20000}};
  const Result r = chosen(torus, 1);
  ASSERT_EQ(r.scalar("saturated"), 1);
  EXPECT_EQ(r.scalar("deadlocked"), 0);
  EXPECT_EQ(r.scalar("deadlock_watched_cycles"), 20000);
  EXPECT_GE(r.scalar("simulated_cycles"), 20000);
  // With a dateline the graph has no cycle, so nothing is watched.
  ParamValues dateline = torus;
  dateline.set("dateline", 0);
  EXPECT_FALSE(has_scalar(chosen(dateline, 1), "deadlock_watched_cycles"));
}

TEST(NetworkTraffic, SmallNetworksAtAFifthOfCapacityAreNotSaturatedOnAnySeed) {
  // A 4-port crossbar and two transputers on a direct link: a few packets per batch, so the
  // flits delivered in a window vary by more than 10 % around the nominal offered load.
  const std::vector<ParamValues> small = {
      {{"topology", 3}, {"crossbar_ports", 4}},
      {{"topology", 4}, {"router_network", 0}},
  };
  for (const ParamValues& shape : small) {
    const double bound = chosen(shape, 1).scalar("model_capacity_bound");
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
      ParamValues values = shape;
      values.set("injection_rate", 0.2 * bound);
      const Result r = chosen(values, seed);
      EXPECT_EQ(r.scalar("saturated"), 0)
          << "topology " << shape.number("topology") << " seed " << seed << ": accepted "
          << r.scalar("accepted_flits_per_node_cycle") << " of " << 0.2 * bound;
    }
  }
  // Past the FIFO crossbar's saturation (0.655 of the output rate) it still reads saturated.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const Result past =
        chosen({{"topology", 3}, {"crossbar_ports", 4}, {"injection_rate", 0.9}}, seed);
    EXPECT_EQ(past.scalar("saturated"), 1) << seed;
  }
}

TEST(NetworkTraffic, ACrossbarCountsEveryCrosspoint) {
  // Hotspot traffic on a 4-port crossbar: a third of the packets to terminal 2.
  const Result r = chosen({{"topology", 3},
                           {"crossbar_ports", 4},
                           {"pattern", 4},
                           {"hotspot_fraction", 0.3},
                           {"injection_rate", 0.3}},
                          2);
  const NetworkMap& n = r.find_network("channel_util");
  const std::vector<double>& xp = n.crosspoints.reals("utilization");
  ASSERT_EQ(xp.size(), 16u);
  EXPECT_EQ(n.crosspoints.ints("input")[6], 1);
  EXPECT_EQ(n.crosspoints.ints("output")[6], 2);
  // Output channel o leads to terminal o.
  const std::vector<double>& out = n.channels.reals("utilization");
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(n.channels.ints("to_terminal"), (std::vector<std::int32_t>{0, 1, 2, 3}));
  for (int o = 0; o < 4; ++o) {
    double column = 0;
    for (int i = 0; i < 4; ++i) {
      const double use = xp[static_cast<std::size_t>(i * 4 + o)];
      // No terminal sends to itself.
      if (i == o) {
        EXPECT_EQ(use, 0) << o;
      }
      column += use;
    }
    // An output's crosspoints carry what it sends, up to a packet at each end of the window.
    EXPECT_NEAR(column, out[static_cast<std::size_t>(o)], 0.01) << o;
    if (o != 2) {
      EXPECT_LT(column, out[2]) << o;
    }
  }
  // Every other shape keeps no crosspoint counters.
  const Result mesh = chosen({{"dims", std::vector<double>{4, 4}}}, 2);
  EXPECT_EQ(mesh.find_network("channel_util").crosspoints.rows(), 0u);
  const Result fly = chosen({{"topology", 2}, {"fly_radix", 2}, {"fly_stages", 2}}, 2);
  EXPECT_EQ(fly.find_network("channel_util").crosspoints.rows(), 0u);
}

TEST(NetworkTraffic, MarksTheHotSpotAndTheTreeOfHeldChannelsBehindIt) {
  // The networks tour's tree saturation: a tenth of the packets to the centre of an 8x8 mesh, at
  // a load past what its ejection channel takes. Packets queue for it on the channels into it:
  // one is held all but all the time by packets waiting, though it carries far less; every
  // channel is held at least while it carries, and never more than the whole window.
  const Result r = chosen({{"dims", std::vector<double>{8, 8}},
                           {"pattern", 4},
                           {"hotspot_fraction", 0.1},
                           {"injection_rate", 0.2}},
                          1);
  const NetworkMap& n = r.find_network("channel_util");
  const std::vector<std::int32_t>& hot = n.terminals.ints("hotspot");
  ASSERT_EQ(hot.size(), 64u);
  const auto at = std::find(hot.begin(), hot.end(), 1);
  ASSERT_NE(at, hot.end());
  EXPECT_EQ(std::count(hot.begin(), hot.end(), 1), 1);
  const std::int32_t router = n.terminals.ints("router")[static_cast<std::size_t>(at - hot.begin())];
  EXPECT_EQ(n.routers.ints("x")[static_cast<std::size_t>(router)], 4);
  EXPECT_EQ(n.routers.ints("y")[static_cast<std::size_t>(router)], 4);
  const std::vector<std::int32_t>& to = n.channels.ints("to_router");
  const std::vector<double>& held = n.channels.reals("occupancy");
  const std::vector<double>& used = n.channels.reals("utilization");
  double most_held_into_hot = 0;
  double most_used_into_hot = 0;
  for (std::size_t c = 0; c < to.size(); ++c) {
    EXPECT_GE(held[c] + 1e-9, used[c]) << c;
    EXPECT_LE(held[c], 1.0) << c;
    if (to[c] != router) continue;
    most_held_into_hot = std::max(most_held_into_hot, held[c]);
    most_used_into_hot = std::max(most_used_into_hot, used[c]);
  }
  EXPECT_GT(most_held_into_hot, 0.95);
  EXPECT_LT(most_used_into_hot, 0.75);
  // Uniform traffic has no hot spot to mark.
  const Result uniform = chosen({{"dims", std::vector<double>{4, 4}}}, 1);
  const std::vector<Column>& columns = uniform.find_network("channel_util").terminals.columns();
  EXPECT_TRUE(std::none_of(columns.begin(), columns.end(),
                           [](const Column& c) { return c.name == "hotspot"; }));
}

TEST(NetworkTraffic, ReportsUtilizationOfEveryChannelDirection) {
  const Result r = run({{"dims", std::vector<double>{4, 4, 2}},
                        {"topology", 1},
                        {"vcs", 2},
                        {"pattern", 3},
                        {"sweep_rates", std::vector<double>{0.1}}});
  // A torus: every node has a channel in each of the six directions and one to its terminal.
  const NetworkMap& n = r.find_network("channel_util");
  EXPECT_EQ(n.shape, "torus");
  const Column& direction = n.channels.column("direction");
  EXPECT_EQ(direction.labels, (std::vector<std::string>{"+x", "-x", "+y", "-y", "+z", "-z"}));
  std::vector<int> per_direction(6, 0);
  for (const std::int32_t d : n.channels.ints("direction")) {
    if (d >= 0) ++per_direction[static_cast<std::size_t>(d)];
  }
  EXPECT_EQ(per_direction, std::vector<int>(6, 32));
  EXPECT_EQ(n.channels.rows(), 7u * 32);
  for (const double u : n.channels.reals("utilization")) {
    EXPECT_GE(u, 0);
    EXPECT_LE(u, 1);
  }
}

TEST(NetworkTraffic, ATorusWithOneVirtualChannelIsRejectedByName) {
  try {
    run({{"topology", 1}, {"vcs", 1}});
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "vcs");
  }
}

// Every shape with both switchings, on a short sweep; cube values as network_params names them.
const std::vector<ParamValues> kShapes = {
    {{"topology", 0}, {"dims", std::vector<double>{4, 4}}},
    {{"topology", 1}, {"dims", std::vector<double>{4, 4}}, {"vcs", 2}},
    {{"topology", 2}, {"fly_radix", 2}, {"fly_stages", 3}},
    {{"topology", 2}, {"fly_radix", 4}, {"fly_stages", 2}, {"fly_wiring", 1}},
    {{"topology", 3}, {"crossbar_ports", 8}},
    {{"topology", 4}, {"router_network", 0}},
    {{"topology", 4}, {"router_network", 1}},
    {{"topology", 4}, {"router_network", 2}},
};

ParamValues with(ParamValues values, const ParamValues& more) {
  for (const auto& [name, value] : more) values.set(name, value);
  return values;
}

TEST(NetworkTraffic, EveryShapeRunsASweepWithBothSwitchings) {
  for (const ParamValues& shape : kShapes) {
    for (const double switching : {0.0, 1.0}) {
      const Result r = run(with(shape, {{"switching", switching},
                                        {"injection_rate", 0.05},
                                        {"sweep_rates", std::vector<double>{0.05, 0.1}},
                                        {"warmup_cycles", 200},
                                        {"max_cycles", 2000}}));
      const std::string what = "topology " + std::to_string(shape.number("topology")) +
                               " switching " + std::to_string(switching);
      const Series& accepted = r.find_series("accepted_vs_offered");
      ASSERT_EQ(accepted.x.size(), 2u) << what;
      for (std::size_t i = 0; i < 2; ++i) {
        // Far below every shape's bound: the offered load comes out.
        EXPECT_NEAR(accepted.y[i], accepted.x[i], 0.35 * accepted.x[i]) << what;
      }
      EXPECT_GT(r.scalar("measured_packets"), 0) << what;
      // Wormhole switching and circuits that hold drop nothing.
      EXPECT_EQ(r.find_series("acceptance_vs_offered").y, (std::vector<double>{1, 1})) << what;
      EXPECT_EQ(r.scalar("acceptance"), 1) << what;
      if (switching == 1) {
        EXPECT_EQ(r.find_series("blocking_vs_offered").y.size(), 2u) << what;
      } else {
        EXPECT_THROW(r.find_series("blocking_vs_offered"), std::exception) << what;
      }
    }
  }
}

TEST(NetworkTraffic, OffACubeUtilizationIsTheGraphOfChannels) {
  // A 2-ary 3-fly: 3 stages of 4 switches with 2 outputs each, all leading somewhere.
  const Result r = run({{"topology", 2},
                        {"fly_radix", 2},
                        {"fly_stages", 3},
                        {"sweep_rates", std::vector<double>{0.1}}});
  const NetworkMap& n = r.find_network("channel_util");
  EXPECT_EQ(n.shape, "fly");
  const std::vector<double>& util = n.channels.reals("utilization");
  ASSERT_EQ(util.size(), 24u);
  const Fly fly(2, 3, FlyWiring::kOmega);
  double sum = 0;
  for (std::size_t i = 0; i < util.size(); ++i) {
    const int router = n.channels.ints("router")[i];
    const int port = n.channels.ints("port")[i];
    const PortTarget t = fly.output(router, port);
    EXPECT_EQ(n.channels.ints("to_router")[i], t.router);
    EXPECT_EQ(n.channels.ints("to_terminal")[i], t.terminal);
    EXPECT_EQ(n.channels.ints("stage")[i], router / 4);
    EXPECT_GE(util[i], 0);
    EXPECT_LE(util[i], 1);
    sum += util[i];
  }
  // Every flit crosses 3 switch outputs: the mean utilization is the accepted load
  // (up to the flits on their way as the window opens and closes).
  EXPECT_NEAR(sum / 24, r.scalar("accepted_flits_per_node_cycle"), 0.002);
}

TEST(NetworkTraffic, ModelSeriesAreTheAnalyticValues) {
  const Result cube = run({{"dims", std::vector<double>{8, 8}},
                           {"route_cycles", 1},
                           {"router_delay_cycles", 2},
                           {"sweep_rates", std::vector<double>{0.05}}});
  NetworkConfig c;
  c.route_cycles = 1;
  c.router_delay_cycles = 2;
  const KNCube mesh({8, 8}, false);
  EXPECT_EQ(cube.scalar("model_zero_load_latency_cycles"),
            cube_zero_load_latency_cycles(mesh, c, 8));
  EXPECT_EQ(cube.scalar("model_capacity_bound"), cube_channel_load_bound(mesh, c));

  const Result crossbar =
      run({{"topology", 3}, {"crossbar_ports", 4}, {"sweep_rates", std::vector<double>{0.05}}});
  EXPECT_EQ(crossbar.scalar("model_fifo_saturation"), iq_crossbar_saturation(4));
  EXPECT_EQ(crossbar.scalar("model_capacity_bound"), 1);

  const Result fly = run({{"topology", 2},
                          {"fly_radix", 4},
                          {"fly_stages", 2},
                          {"switching", 1},
                          {"circuit_policy", 2},
                          {"packet_flits", 1},
                          {"setup_cycles_per_hop", 0},
                          {"sweep_rates", std::vector<double>{0.25, 0.5, 1}}});
  const Series& patel = fly.find_series("model_patel_acceptance");
  const Series& simulated = fly.find_series("acceptance_vs_offered");
  ASSERT_EQ(patel.x, (std::vector<double>{0.25, 0.5, 1}));
  ASSERT_EQ(simulated.x, patel.x);
  for (std::size_t i = 0; i < patel.x.size(); ++i) {
    EXPECT_EQ(patel.y[i], patel_acceptance(4, 2, patel.x[i]));
    // Unit requests, no set-up time, drop on conflict: Patel's own network, within 2 %.
    EXPECT_NEAR(simulated.y[i], patel.y[i], 0.02 * patel.y[i]) << patel.x[i];
  }
  // The other shapes' models are absent rather than a placeholder.
  EXPECT_THROW(fly.scalar("model_zero_load_latency_cycles"), std::exception);
  EXPECT_THROW(cube.find_series("model_patel_acceptance"), std::exception);
}

TEST(NetworkTraffic, SweepLoadsCanBeFractionsOfTheCapacityBound) {
  const Result r = run({{"dims", std::vector<double>{8, 8}},
                        {"sweep_scale", 1},
                        {"sweep_rates", std::vector<double>{0.25, 0.5}},
                        {"max_cycles", 2000}});
  const double bound = r.scalar("model_capacity_bound");
  EXPECT_EQ(r.find_series("accepted_vs_offered").x,
            (std::vector<double>{0.25 * bound, 0.5 * bound}));
}

TEST(NetworkTraffic, TheModelsAndTheCurvesLoadsFollowThePattern) {
  // Light, short points: only the models and the curve's loads are read.
  const ParamValues light = {{"dims", std::vector<double>{8, 8}},
                             {"injection_rate", 0.02},
                             {"warmup_cycles", 100},
                             {"max_cycles", 1000},
                             {"sweep_scale", 1},
                             {"sweep_rates", std::vector<double>{0.5}}};
  auto with = [&](ParamValues p, const std::vector<std::pair<std::string, ParamValue>>& more) {
    for (const auto& [name, value] : more) p.set(name, value);
    return p;
  };
  // Transpose and bit complement on the 8x8 mesh (PatternLoad's hand-computed 1/7 and 1/4).
  const Result transpose = run(with(light, {{"pattern", 1}}));
  const Result complement = run(with(light, {{"pattern", 2}}));
  EXPECT_NEAR(transpose.scalar("model_capacity_bound"), 1.0 / 7, 1e-12);
  EXPECT_NEAR(complement.scalar("model_capacity_bound"), 1.0 / 4, 1e-12);
  EXPECT_NEAR(transpose.scalar("model_zero_load_latency_cycles"), 13.25, 1e-12);
  EXPECT_NEAR(complement.scalar("model_zero_load_latency_cycles"), 16, 1e-12);
  // The curve's half of the bound is half of the pattern's bound.
  EXPECT_EQ(transpose.find_series("accepted_vs_offered").x, (std::vector<double>{0.5 / 7}));
  // Tornado on a ring of 8.
  const Result tornado =
      run(with(light, {{"topology", 1}, {"dims", std::vector<double>{8}}, {"vcs", 2},
                       {"pattern", 7}}));
  EXPECT_NEAR(tornado.scalar("model_capacity_bound"), 1.0 / 3, 1e-12);
}

TEST(NetworkTraffic, AnAdaptiveRoutingsBoundSaysItIsDimensionOrders) {
  const ParamValues light = {{"dims", std::vector<double>{8, 8}}, {"pattern", 1},
                             {"vcs", 2},
                             {"injection_rate", 0.02}, {"warmup_cycles", 100},
                             {"max_cycles", 1000}, {"sweep_rates", std::vector<double>{0.02}}};
  ParamValues adaptive = light;
  adaptive.set("routing", 5);
  const Result order = run(light);
  const Result minimal = run(adaptive);
  EXPECT_FALSE(has_scalar(order, "model_bound_dimension_order"));
  EXPECT_EQ(minimal.scalar("model_bound_dimension_order"), 1);
  // The same bound: minimal adaptive's routes walked in dimension order.
  EXPECT_EQ(minimal.scalar("model_capacity_bound"), order.scalar("model_capacity_bound"));
}

TEST(NetworkTraffic, AnAdaptiveRoutingsCurveReadsItsFractionsAgainstTheMinimalCutBound) {
  // Transpose on an 8x8 mesh: dimension order's bound 1/7, the minimal cut's 0.5
  // (MinimalCutBound), and minimal adaptive saturates near 0.33: a curve to 0.9 of 1/7 would end
  // before it does.
  const ParamValues light = {{"dims", std::vector<double>{8, 8}}, {"pattern", 1},
                             {"vcs", 2}, {"routing", 5}, {"sweep_scale", 1},
                             {"injection_rate", 0.02}, {"warmup_cycles", 100},
                             {"max_cycles", 1000}, {"sweep_rates", std::vector<double>{0.9}}};
  const Result minimal = run(light);
  EXPECT_NEAR(minimal.scalar("model_minimal_cut_bound"), 0.5, 1e-12);
  EXPECT_EQ(minimal.find_series("accepted_vs_offered").x, (std::vector<double>{0.9 * 0.5}));
  // Dimension order keeps its own bound, and reports no cut.
  ParamValues order = light;
  order.set("routing", 0);
  const Result dor = run(order);
  EXPECT_FALSE(has_scalar(dor, "model_minimal_cut_bound"));
  EXPECT_EQ(dor.find_series("accepted_vs_offered").x, (std::vector<double>{0.9 * dor.scalar("model_capacity_bound")}));
}

TEST(NetworkTraffic, TheSaturationSearchBisectsBetweenTheCurvesLoads) {
  const ParamValues curve = {{"dims", std::vector<double>{4, 4}},
                             {"injection_rate", 0.2},
                             {"sweep_rates", std::vector<double>{0.2, 0.9}},
                             {"max_cycles", 3000}};
  ParamValues searched = curve;
  searched.set("saturation_steps", 6);
  const Result plain = run(curve);
  const Result r = run(searched);
  EXPECT_FALSE(has_scalar(plain, "saturation_bisected"));
  // The curve's points are the same runs with or without the search.
  EXPECT_EQ(r.find_series("latency_vs_offered").y, plain.find_series("latency_vs_offered").y);
  ASSERT_EQ(r.scalar("latency_vs_offered_saturation"), 0.9);
  // Six steps halve [0, 0.9] six times; the middle of the last interval is reported.
  EXPECT_NEAR(r.scalar("saturation_bisected_error"), 0.9 / 128, 1e-12);
  const double found = r.scalar("saturation_bisected");
  EXPECT_GT(found, 0.2);
  EXPECT_LT(found, 0.9);
  // Its cycles count with the run's.
  EXPECT_GT(r.scalar("total_simulated_cycles"), plain.scalar("total_simulated_cycles"));
  // A highest load that is sustained leaves nothing to find.
  ParamValues light = searched;
  light.set("sweep_rates", std::vector<double>{0.05});
  EXPECT_FALSE(has_scalar(run(light), "saturation_bisected"));
}

TEST(NetworkTraffic, ComparingRoutingsDrawsEveryRoutingOfTheShapesCurve) {
  const ParamValues curve = {{"dims", std::vector<double>{4, 4}}, {"vcs", 2},
                             {"injection_rate", 0.05},
                             {"sweep_rates", std::vector<double>{0.05, 0.1}},
                             {"warmup_cycles", 200}, {"max_cycles", 2000}};
  ParamValues compared = curve;
  compared.set("compare_routings", 1);
  const Result plain = run(curve);
  const Result r = run(compared);
  std::vector<std::string> names;
  for (const Series& s : r.series) {
    if (s.name.rfind("latency_vs_offered_routing_", 0) == 0) names.push_back(s.name);
  }
  // Every routing a 2-VC mesh takes; UGAL is a dragonfly's and a flattened butterfly's.
  EXPECT_EQ(names, (std::vector<std::string>{
                       "latency_vs_offered_routing_dimension_order",
                       "latency_vs_offered_routing_random_tie_break",
                       "latency_vs_offered_routing_valiant", "latency_vs_offered_routing_romm",
                       "latency_vs_offered_routing_o1turn",
                       "latency_vs_offered_routing_minimal_adaptive",
                       "latency_vs_offered_routing_west_first",
                       "latency_vs_offered_routing_negative_first",
                       "latency_vs_offered_routing_north_last"}));
  // The chosen routing's is the curve's own, which the comparison leaves as it was.
  const Series& chosen = r.find_series("latency_vs_offered_routing_dimension_order");
  EXPECT_EQ(chosen.label, "dimension order (chosen)");
  EXPECT_EQ(chosen.y, plain.find_series("latency_vs_offered").y);
  EXPECT_EQ(r.find_series("latency_vs_offered").y, plain.find_series("latency_vs_offered").y);
  // Valiant's detour through a random node costs it hops, so latency, at light load.
  const Series& valiant = r.find_series("latency_vs_offered_routing_valiant");
  ASSERT_EQ(valiant.x, chosen.x);
  EXPECT_GT(valiant.y[0], chosen.y[0]);
  EXPECT_FALSE(has_scalar(plain, "latency_vs_offered_routing_valiant"));
}

TEST(NetworkTraffic, TheModelsChannelLoadIsWhatTheChannelsCarryBelowTheBound) {
  // Transpose on the 8x8 mesh under dimension order: its busiest channels carry 7 sources' load
  // (the bound 1/7), so 0.7 of their rate at 0.1 offered.
  const Result r = run({{"dims", std::vector<double>{8, 8}}, {"pattern", 1},
                        {"injection_rate", 0.1}, {"sweep_rates", std::vector<double>{0.1}}});
  const NetworkMap& map = r.find_network("channel_util");
  const std::vector<double>& model = map.channels.reals("model_utilization");
  const std::vector<double>& used = map.channels.reals("utilization");
  ASSERT_EQ(model.size(), used.size());
  EXPECT_NEAR(*std::max_element(model.begin(), model.end()), 0.7, 1e-12);
  // Below the bound the channels carry their shares: none off the routes, and in all what the
  // model expects, to within a window's chance.
  double expected = 0;
  double carried = 0;
  for (std::size_t i = 0; i < model.size(); ++i) {
    if (model[i] == 0) {
      EXPECT_EQ(used[i], 0) << i;
    }
    expected += model[i];
    carried += used[i];
  }
  EXPECT_NEAR(carried / expected, 1, 0.05);
}

TEST(NetworkTraffic, MarksEveryHotSpotAndRefusesOneThatIsNoTerminal) {
  const Result r = chosen({{"dims", std::vector<double>{4, 4}},
                           {"pattern", 4},
                           {"hotspots", std::vector<double>{3, 12}},
                           {"injection_rate", 0.02},
                           {"max_cycles", 1000}},
                          1);
  std::vector<std::int32_t> expected(16, 0);
  expected[3] = 1;
  expected[12] = 1;
  EXPECT_EQ(r.find_network("channel_util").terminals.ints("hotspot"), expected);
  try {
    run({{"dims", std::vector<double>{4, 4}},
         {"pattern", 4},
         {"hotspots", std::vector<double>{16}}});
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "hotspots");
    EXPECT_NE(std::string(e.what()).find("from 0 to 15"), std::string::npos) << e.what();
  }
}

TEST(NetworkTraffic, OnOffBurstsWaitLongerThanBernoulliPacketsAtTheSameLoad) {
  // A 4x4 mesh at 0.2 flits/node/cycle, far under its bound (0.53): Bernoulli packets seldom
  // queue; bursts of 16 packets offered back to back queue behind each other at their source.
  const ParamValues base = {{"dims", std::vector<double>{4, 4}}, {"injection_rate", 0.2}};
  ParamValues bursty = base;
  bursty.set("injection", 1);
  bursty.set("burst_length", 16);
  const Result bernoulli = chosen(base, 2);
  const Result onoff = chosen(bursty, 2);
  EXPECT_NEAR(onoff.scalar("accepted_flits_per_node_cycle"), 0.2, 0.02);
  EXPECT_GT(onoff.scalar("latency_mean_cycles"), 3 * bernoulli.scalar("latency_mean_cycles"));
  std::printf("4x4 mesh at 0.2: mean latency %.1f cycles Bernoulli, %.1f on/off (bursts of 16)\n",
              bernoulli.scalar("latency_mean_cycles"), onoff.scalar("latency_mean_cycles"));
}

// The dragonfly's classic result (Kim et al. 2008, fig. 7): under uniform traffic the minimal
// route carries the most and Valiant about half; under group shift, where a group's terminals
// share one global channel, Valiant and UGAL carry some 2.5 times minimal's. UGAL keeps close to
// the better of the two under both, and its unloaded latency is minimal's.
TEST(NetworkTraffic, OnADragonflyUgalFollowsTheBetterOfMinimalAndValiant) {
  const auto accepted = [](double routing, double pattern, double rate) {
    const Result r = chosen({{"topology", 5}, {"vcs", 3}, {"routing", routing},
                             {"pattern", pattern}, {"packet_flits", 4},
                             {"sweep_scale", 0}, {"injection_rate", rate}},
                            1);
    return std::pair{r.scalar("accepted_flits_per_node_cycle"), r.scalar("hops_mean")};
  };
  const double kMinimal = 0;
  const double kValiant = 2;
  const double kUgal = 9;
  const double kUniform = 0;
  const double kShift = 9;
  const auto [min_uniform, min_uniform_hops] = accepted(kMinimal, kUniform, 0.45);
  const auto [val_uniform, val_uniform_hops] = accepted(kValiant, kUniform, 0.45);
  const auto [ugal_uniform, ugal_uniform_hops] = accepted(kUgal, kUniform, 0.45);
  EXPECT_NEAR(min_uniform, 0.45, 0.02);
  EXPECT_LT(val_uniform, 0.38);
  EXPECT_GT(ugal_uniform, 0.42);
  EXPECT_GT(val_uniform_hops, min_uniform_hops + 1);
  const auto [min_shift, min_shift_hops] = accepted(kMinimal, kShift, 0.3);
  const auto [val_shift, val_shift_hops] = accepted(kValiant, kShift, 0.3);
  const auto [ugal_shift, ugal_shift_hops] = accepted(kUgal, kShift, 0.3);
  EXPECT_LT(min_shift, 0.13);
  EXPECT_GT(val_shift, 0.28);
  EXPECT_GT(ugal_shift, 0.28);
  EXPECT_GT(ugal_shift_hops, min_shift_hops + 0.5);
  const auto [ugal_light, ugal_light_hops] = accepted(kUgal, kShift, 0.01);
  const auto [min_light, min_light_hops] = accepted(kMinimal, kShift, 0.01);
  EXPECT_NEAR(ugal_light_hops, min_light_hops, 0.05);
  std::printf("dragonfly p2 a4 h2, accepted: uniform at 0.45 min %.3f Valiant %.3f UGAL %.3f; "
              "group shift at 0.3 min %.3f Valiant %.3f UGAL %.3f\n",
              min_uniform, val_uniform, ugal_uniform, min_shift, val_shift, ugal_shift);
}

// With BookSim2's dragonfly channels (10 and 100 cycles) the zero-load model, walked route by
// route with each link's cycles, is what a lightly loaded run measures.
TEST(NetworkTraffic, TheDragonflysZeroLoadModelCountsItsLongChannels) {
  const Result r = chosen({{"topology", 5}, {"vcs", 3}, {"routing", 0}, {"pattern", 9},
                           {"packet_flits", 4}, {"buffer_flits", 64}, {"local_link_cycles", 10},
                           {"global_link_cycles", 100}, {"sweep_scale", 0},
                           {"injection_rate", 0.005}},
                          1);
  const double model = r.scalar("model_zero_load_latency_cycles");
  EXPECT_GT(model, 100);
  EXPECT_NEAR(r.scalar("latency_mean_cycles"), model, 0.03 * model);
}

// A fat tree's models: every routing's zero-load latency, walked route by route, is what a
// lightly loaded run measures, and uniform traffic is bounded by the terminals' channels alone.
TEST(NetworkTraffic, TheFatTreesModelsAreWhatALightRunMeasures) {
  for (const double routing : {0.0, 1.0, 5.0}) {
    const Result r = chosen({{"topology", 6}, {"routing", routing}, {"packet_flits", 4},
                             {"sweep_scale", 0}, {"injection_rate", 0.005}},
                            1);
    const double model = r.scalar("model_zero_load_latency_cycles");
    EXPECT_NEAR(r.scalar("latency_mean_cycles"), model, 0.03 * model) << routing;
    EXPECT_EQ(r.scalar("model_capacity_bound"), 1.0);
    std::printf("fat tree k4 n3, routing %g: zero-load model %.2f, measured %.2f cycles\n",
                routing, model, r.scalar("latency_mean_cycles"));
  }
}

TEST(NetworkTraffic, RequestReplyReportsEachClassAndTheRoundTrip) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"vcs", 2},
                        {"request_reply", 1},
                        {"injection_rate", 0.1},
                        {"sweep_rates", std::vector<double>{0.05, 0.1}},
                        {"sweep_scale", 0}});
  EXPECT_EQ(r.scalar("saturated"), 0);
  // Reads of 1 flit answered by 8 and writes of 8 answered by 1, half each: both classes carry
  // half the flits.
  EXPECT_NEAR(r.scalar("request_accepted_flits_per_node_cycle"), 0.05, 0.005);
  EXPECT_NEAR(r.scalar("reply_accepted_flits_per_node_cycle"), 0.05, 0.005);
  EXPECT_GT(r.scalar("round_trip_latency_mean_cycles"),
            r.scalar("request_latency_mean_cycles") + r.scalar("reply_latency_mean_cycles") - 1);
  EXPECT_GE(r.scalar("round_trip_latency_p99_cycles"), r.scalar("round_trip_latency_mean_cycles"));
  EXPECT_LE(r.scalar("reply_network_latency_mean_cycles"), r.scalar("reply_latency_mean_cycles"));
  for (const char* name : {"request_latency_vs_offered", "reply_latency_vs_offered",
                           "round_trip_latency_vs_offered", "request_accepted_vs_offered",
                           "reply_accepted_vs_offered"}) {
    EXPECT_EQ(r.find_series(name).x.size(), 2u) << name;
  }
  // The zero-load model is the four sizes' mean: a request's or a reply's, 4.5 flits.
  EXPECT_GT(r.scalar("model_zero_load_latency_cycles"), 0);
  EXPECT_EQ(r.find_series("latency_vs_offered").label, "requests and replies");
}

TEST(NetworkTraffic, WithoutAMixOrRepliesNoClassOutputAppears) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"sweep_rates", std::vector<double>{0.05}}});
  for (const Scalar& s : r.scalars) {
    EXPECT_EQ(s.name.find("request"), std::string::npos) << s.name;
    EXPECT_EQ(s.name.find("round_trip"), std::string::npos) << s.name;
  }
  for (const Series& s : r.series) {
    EXPECT_EQ(s.name.find("request"), std::string::npos) << s.name;
    EXPECT_NE(s.name, "latency_by_packet_size");
  }
}

TEST(NetworkTraffic, AMixOfSizesGivesEachSizesLatency) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"packet_sizes", std::vector<double>{1, 8}},
                        {"packet_size_shares", std::vector<double>{1, 1}},
                        {"injection_rate", 0.1},
                        {"sweep_rates", std::vector<double>{0.1}},
                        {"sweep_scale", 0}});
  const Series& by_size = r.find_series("latency_by_packet_size");
  ASSERT_EQ(by_size.x, (std::vector<double>{1, 8}));
  EXPECT_GT(by_size.y[1], by_size.y[0] + 5);
  EXPECT_EQ(r.find_series("latency_vs_offered").label, "packets of 1, 8 flits");
  // The zero-load model is the sizes' mean: 3.5 cycles of serialization more than 1-flit
  // packets' alone.
  const Result one = run({{"dims", std::vector<double>{4, 4}},
                          {"packet_flits", 1},
                          {"sweep_rates", std::vector<double>{0.1}}});
  EXPECT_NEAR(r.scalar("model_zero_load_latency_cycles") -
                  one.scalar("model_zero_load_latency_cycles"),
              3.5, 1e-9);
}

TEST(NetworkTraffic, ABadMixOrRequestReplyNamesItsParameter) {
  const std::vector<std::pair<ParamValues, std::string>> bad = {
      {{{"packet_sizes", std::vector<double>{0, 8}}}, "packet_sizes"},
      {{{"packet_sizes", std::vector<double>{1, 65}}}, "packet_sizes"},
      {{{"packet_sizes", std::vector<double>{1, 8}},
        {"packet_size_shares", std::vector<double>{1, 2, 3}}},
       "packet_size_shares"},
      {{{"packet_sizes", std::vector<double>{1, 8}},
        {"packet_size_shares", std::vector<double>{1, 0}}},
       "packet_size_shares"},
      {{{"packet_size_shares", std::vector<double>{1, 1}}}, "packet_size_shares"},
      {{{"request_reply", 1}}, "vcs"},
      {{{"request_reply", 1}, {"vcs", 3}}, "vcs"},
      {{{"request_reply", 1}, {"topology", 1}, {"vcs", 2}}, "vcs"},
      {{{"request_reply", 1}, {"vcs", 2}, {"switching", 1}}, "request_reply"},
      {{{"packet_sizes", std::vector<double>{1, 8}}, {"switching", 1}}, "packet_sizes"},
      {{{"request_reply", 1}, {"vcs", 2}, {"packet_sizes", std::vector<double>{1, 8}}},
       "packet_sizes"},
      {{{"request_reply", 1}, {"vcs", 2}, {"read_reply_flits", 65}}, "read_reply_flits"},
  };
  for (const auto& [values, param] : bad) {
    try {
      run(values);
      FAIL() << param;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), param) << e.what();
    }
  }
}

TEST(NetworkTraffic, BadCombinationsNameTheParameterAndTheValidChoices) {
  // A 16-port crossbar: nearest neighbour and tornado need a cube; transpose and bit complement
  // move its terminals' four bits.
  for (const double pattern : {3.0, 7.0}) {
    try {
      run({{"topology", 3}, {"pattern", pattern}});
      FAIL() << pattern;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "pattern");
      EXPECT_NE(std::string(e.what()).find("uniform, hotspot"), std::string::npos) << e.what();
    }
  }
  const auto past = static_cast<double>(topology_parts().size());
  const auto flatfly = static_cast<double>(topology_index("flattened butterfly"));
  const std::vector<std::pair<ParamValues, std::string>> bad = {
      {{{"topology", 2}, {"fly_radix", 16}, {"fly_stages", 5}}, "fly_stages"},
      {{{"topology", 3}, {"crossbar_ports", 65}}, "crossbar_ports"},
      {{{"topology", 4}, {"router_network", 2}, {"clos_per_leaf", 30}, {"clos_spines", 3}},
       "router_network"},
      {{{"topology", past}}, "topology"},
      {{{"switching", 1}, {"circuit_policy", 3}}, "circuit_policy"},
      {{{"topology", 5}, {"routing", 9}, {"vcs", 2}}, "vcs"},
      {{{"topology", 5}, {"routing", 3}, {"vcs", 3}}, "routing"},
      {{{"topology", 5}, {"switching", 1}}, "switching"},
      {{{"topology", 0}, {"pattern", 9}}, "pattern"},
      {{{"topology", 3}, {"crossbar_ports", 8}, {"pattern", 1}}, "pattern"},
      {{{"topology", 0}, {"routing", 9}, {"vcs", 3}}, "routing"},
      {{{"topology", flatfly}, {"routing", 9}, {"vcs", 1}}, "vcs"},
      {{{"topology", flatfly}, {"routing", 5}, {"vcs", 2}}, "routing"},
      {{{"topology", flatfly}, {"flatfly_dimensions", 3}, {"flatfly_arity", 9}},
       "flatfly_dimensions"},
      {{{"topology", flatfly}, {"switching", 1}}, "switching"},
  };
  for (const auto& [values, param] : bad) {
    try {
      run(values);
      FAIL() << param;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), param) << e.what();
    }
  }
}

// Results as the engine gave them before blocked virtual channels were let sleep: a pipelined
// router freeing output VCs on the tail's credit (wakes at the end of a cycle), and on/off flow
// control with 4 VCs on a torus (no sleeping on credits).
TEST(NetworkTraffic, ResultsAreThoseOfAnEngineThatLooksAtEveryChannelEveryCycle) {
  const ModelRegistry registry = builtin_registry();
  const Result pipelined = Simulation(registry, "network_traffic",
                                      {{"dims", std::vector<double>{4, 4}},
                                       {"route_cycles", 1},
                                       {"vc_alloc_cycles", 2},
                                       {"switch_alloc_cycles", 1},
                                       {"credit_delay_cycles", 2},
                                       {"vc_release", 1},
                                       {"vcs", 2}},
                                      1)
                               .run();
  EXPECT_EQ(pipelined.scalar("latency_mean_cycles"), 27.22222222222222);
  EXPECT_EQ(pipelined.scalar("accepted_flits_per_node_cycle"), 0.099140625);
  EXPECT_EQ(pipelined.scalar("total_simulated_cycles"), 32839);
  const Result onoff = Simulation(registry, "network_traffic",
                                  {{"topology", 1},
                                   {"vcs", 4},
                                   {"dims", std::vector<double>{4, 4, 4}},
                                   {"pattern", 2},
                                   {"flow_control", 1},
                                   {"buffer_flits", 4}},
                                  1)
                           .run();
  EXPECT_EQ(onoff.scalar("latency_mean_cycles"), 11.395604395604396);
  EXPECT_EQ(onoff.scalar("latency_ci_cycles"), 0.04460279887552919);
  // Its curve's point at the chosen load (0.1) is the chosen point's run, 2 cycles shorter than
  // the run of its own stream the old engine made.
  EXPECT_EQ(onoff.scalar("total_simulated_cycles"), 26133);
}

// AddressSanitizer's allocator aborts when a capped address space refuses it, instead of letting
// operator new throw, so the sanitizer build skips the tests that cap it (the plain build runs
// them).
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

// Runs point 0 with this process's address space capped at what it maps now plus `extra` bytes,
// and exits 2 printing why it ran out of memory, or 0. Called in a death test's child, so the cap
// stays there and the run fails in a fraction of a second, not after filling 2 GB.
[[noreturn]] void run_capped(const ParamValues& params, std::size_t extra) {
  std::size_t pages = 0;
  std::ifstream("/proc/self/statm") >> pages;
  const auto now = static_cast<rlim_t>(pages) * static_cast<rlim_t>(sysconf(_SC_PAGESIZE));
  const rlimit limit{now + extra, now + extra};
  setrlimit(RLIMIT_AS, &limit);
  try {
    const ModelRegistry registry = builtin_registry();
    Simulation(registry, "network_traffic", params, 1, 0).run();
  } catch (const OutOfMemory& e) {
    std::fprintf(stderr, "%s\n", e.what());
    std::exit(2);
  }
  std::exit(0);
}

TEST(NetworkTrafficDeathTest, QueuesThatFillTheMemorySayHowManyAndWhatToChange) {
  if (kAddressSanitizer) GTEST_SKIP() << "the address-space cap needs the plain build";
  // Load 1 on a 32x32 mesh that accepts 0.125: packets pile up at the sources.
  const ParamValues params = {{"dims", std::vector<double>{32, 32}},
                              {"packet_flits", 1},
                              {"injection_rate", 1},
                              {"warmup_cycles", 100000}};
  EXPECT_EXIT(run_capped(params, 64u << 20), testing::ExitedWithCode(2),
              "^Out of memory while running\\. [0-9,]+ packets \\([0-9,]+ per node\\) were "
              "waiting at the sources of the 1,024 nodes, offered 1 flits/node/cycle where the "
              "network accepts about 0\\.125 \\(its capacity bound\\)\\. Lower the offered "
              "load");
}

TEST(NetworkTrafficDeathTest, ANetworkTooBigToBuildSaysWhatItsBuffersTake) {
  if (kAddressSanitizer) GTEST_SKIP() << "the address-space cap needs the plain build";
  const ParamValues params = {{"dims", std::vector<double>{32, 32, 32}},
                              {"vcs", 4},
                              {"buffer_flits", 64}};
  EXPECT_EXIT(run_capped(params, 64u << 20), testing::ExitedWithCode(2),
              "^The network of 32,768 nodes needs more memory than there is: its buffers alone, "
              "4 virtual channels of 64 flits at each of its 229,376 router ports, take about "
              "448 MB\\. Use fewer nodes");
}

}  // namespace
}  // namespace archex
