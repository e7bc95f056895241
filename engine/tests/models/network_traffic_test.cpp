#include "models/network_traffic.h"

#include <gtest/gtest.h>

#include "core/simulation.h"
#include "models/builtin_models.h"

namespace archex {
namespace {

Result run(const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, "network_traffic", overrides, 3).run();
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

TEST(NetworkTraffic, OverloadIsReportedAsSaturated) {
  const Result r = run({{"dims", std::vector<double>{4, 4}},
                        {"injection_rate", 0.9},
                        // At 0.05 a 4x4 mesh measures too few packets for its accepted load to
                        // stay within the 10 % saturation margin on every seed.
                        {"sweep_rates", std::vector<double>{0.1, 0.9}},
                        {"max_cycles", 3000}});
  EXPECT_EQ(r.scalar("saturated"), 1);
  EXPECT_LT(r.scalar("accepted_flits_per_node_cycle"), 0.9 * 0.9);
  EXPECT_EQ(r.scalar("latency_vs_offered_saturation"), 0.9);
  EXPECT_EQ(r.find_series("latency_vs_offered").x.size(), 1u);
}

TEST(NetworkTraffic, ReportsUtilizationOfEveryChannelDirection) {
  const Result r = run({{"dims", std::vector<double>{4, 4, 2}},
                        {"topology", 1},
                        {"vcs", 2},
                        {"pattern", 3},
                        {"sweep_rates", std::vector<double>{0.1}}});
  for (const char* d : {"xp", "xm", "yp", "ym", "zp", "zm"}) {
    const Series& s = r.find_series(std::string("channel_util_") + d);
    ASSERT_EQ(s.y.size(), 32u) << d;
    for (const double u : s.y) {
      EXPECT_GE(u, 0) << d;
      EXPECT_LE(u, 1) << d;
    }
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

}  // namespace
}  // namespace archex
