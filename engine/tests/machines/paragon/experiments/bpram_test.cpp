#include "machines/paragon/experiments/bpram.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "machines/paragon/costs.h"
#include "machines/paragon/experiments/run.h"

namespace archex {
namespace {

using paragon_test::run;

// On two nodes a BPRAM step is the ping-pong double's program (post, send, wait) and a barrier
// of one round: sigma is the double's time per byte, and l its startup, the call and the round.
TEST(ParagonBpram, TwoNodesStepIsTheDoublePingPongAndTheBarrier) {
  const std::vector<double> bytes = {1024, 16384, 32768};
  const Result step = run("paragon_bpram", {{"processors", std::vector<double>{2}},
                                            {"block_bytes", bytes},
                                            {"permutations", 1}});
  const Result pp = run("paragon_pingpong",
                        {{"dims", std::vector<double>{2, 2}}, {"message_bytes", bytes}});
  EXPECT_NEAR(step.scalar("sigma_us_per_byte"), pp.scalar("tpp2_per_byte_us"),
              1e-3 * pp.scalar("tpp2_per_byte_us"));
  const paragon::MachineParams m = paragon::default_params();
  EXPECT_NEAR(step.scalar("l_us"),
              pp.scalar("tpp2_startup_us") + m.barrier_call_us + m.barrier_round_us, 0.5);
}

// The barrier ends every step once, three rounds on eight nodes: a longer round moves l by three
// times as much and leaves sigma.
TEST(ParagonBpram, TheBarrierIsPaidOnceAStep) {
  const auto fit = [](double round_us) {
    return run("paragon_bpram", {{"processors", std::vector<double>{8}},
                                 {"block_bytes", std::vector<double>{0, 16384, 32768}},
                                 {"permutations", 2},
                                 {"barrier_round_us", round_us}});
  };
  const Result base = fit(250);
  const Result slower = fit(250 + 200);
  EXPECT_NEAR(slower.scalar("l_us") - base.scalar("l_us"), 3 * 200, 0.5);
  EXPECT_NEAR(slower.scalar("sigma_us_per_byte"), base.scalar("sigma_us_per_byte"), 1e-9);
  // The call's own time once, whatever the rounds.
  const Result call = run("paragon_bpram", {{"processors", std::vector<double>{8}},
                                            {"block_bytes", std::vector<double>{0, 16384, 32768}},
                                            {"permutations", 2},
                                            {"barrier_round_us", 250},
                                            {"barrier_call_us", 200}});
  const double without = run("paragon_bpram", {{"processors", std::vector<double>{8}},
                                               {"block_bytes", std::vector<double>{0, 16384, 32768}},
                                               {"permutations", 2},
                                               {"barrier_round_us", 250},
                                               {"barrier_call_us", 0}})
                             .scalar("l_us");
  EXPECT_NEAR(call.scalar("l_us") - without, 200, 0.5);
}

// On a larger mesh the permutation's paths share links, so a byte takes longer than where no
// path shares one (the same seed and permutations on 4x2 and 8x8).
TEST(ParagonBpram, SigmaGrowsWhereThePathsShareLinks) {
  const Result r = run("paragon_bpram", {{"processors", std::vector<double>{8, 64}},
                                         {"block_bytes", std::vector<double>{0, 32768}},
                                         {"permutations", 2}});
  EXPECT_GT(r.scalar("sigma_us_per_byte_8x8"), 1.2 * r.scalar("sigma_us_per_byte_4x2"));
  const Series& sigma = r.find_series("sigma_vs_p");
  ASSERT_EQ(sigma.y.size(), 2u);
  EXPECT_EQ(sigma.y[1], r.scalar("sigma_us_per_byte_8x8"));
}

// A point's time is the mean over its permutations: where no link is shared (a 2x1 mesh, one
// path each way) every permutation takes the same time, and three give one's sigma and l.
TEST(ParagonBpram, APointIsTheMeanOfItsPermutations) {
  const auto fit = [](double permutations) {
    return run("paragon_bpram", {{"processors", std::vector<double>{2}},
                                 {"block_bytes", std::vector<double>{0, 32768, 65536}},
                                 {"permutations", permutations}});
  };
  const Result one = fit(1);
  const Result three = fit(3);
  EXPECT_NEAR(three.scalar("sigma_us_per_byte"), one.scalar("sigma_us_per_byte"),
              1e-3 * one.scalar("sigma_us_per_byte"));
  EXPECT_NEAR(three.scalar("l_us"), one.scalar("l_us"), 1e-3 * one.scalar("l_us"));
}

// Where links are shared, how long a permutation takes depends on which one it is (the busiest
// link on its paths): on 8x8 one permutation's sigma spreads by more than a tenth over seeds,
// which is why a point averages several.
TEST(ParagonBpram, OnePermutationsSigmaDependsOnWhichItIs) {
  const auto sigma = [](int seed, double permutations) {
    return Simulation(builtin_registry(), "paragon_bpram",
                      {{"processors", std::vector<double>{64}},
                       {"block_bytes", std::vector<double>{0, 16384}},
                       {"permutations", permutations}},
                      static_cast<std::uint64_t>(seed))
        .run()
        .scalar("sigma_us_per_byte");
  };
  double lo = 1, hi = 0;
  for (int seed = 1; seed <= 4; ++seed) {
    lo = std::min(lo, sigma(seed, 1));
    hi = std::max(hi, sigma(seed, 1));
  }
  EXPECT_GT(hi - lo, 0.1 * lo);
}

}  // namespace
}  // namespace archex
