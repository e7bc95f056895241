#include "machines/paragon/experiments/apps.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/paragon/experiments/run.h"

namespace archex {
namespace {

using paragon_test::run;

// Sample sort on 4x2: the original BPRAM version pays a barrier a permutation step, which weighs
// most with few keys, and moves whole blocks, which pays with many: its time over BSP's falls as
// the keys grow. The ratios are those of the times per key; the predictions, from the fitted
// sigma and l (g and L), track the simulation where the blocks are long.
TEST(ParagonApp, SampleSortsBpramVersionGainsOnBspAsTheKeysGrow) {
  const Result r = run("paragon_app", {{"app", 1},
                                       {"processors", std::vector<double>{8}},
                                       {"sizes", std::vector<double>{256, 4096}},
                                       {"flit_bytes", 64}});
  const Series& bsp = r.find_series("us_per_key_bsp_p8");
  const Series& bpram = r.find_series("us_per_key_bpram_p8");
  EXPECT_DOUBLE_EQ(r.scalar("bpram_over_bsp_fewest_p8"), bpram.y.front() / bsp.y.front());
  EXPECT_DOUBLE_EQ(r.scalar("bpram_over_bsp_most_p8"), bpram.y.back() / bsp.y.back());
  EXPECT_LT(r.scalar("bpram_over_bsp_most_p8"), 0.8 * r.scalar("bpram_over_bsp_fewest_p8"));
  for (const char* v : {"bsp", "bpram", "butterfly"}) {
    const std::string key = std::string(v) + "_p8";
    EXPECT_EQ(r.scalar("pred_error_" + key), r.find_series("error_" + key).y.back()) << v;
    EXPECT_LT(std::abs(r.scalar("pred_error_" + key)), 0.05) << v;
  }
}

TEST(ParagonApp, KeysAConfigurationAlikeInEveryChartAndItsPrediction) {
  const Result r = run("paragon_app", {{"app", 0},
                                       {"processors", std::vector<double>{8}},
                                       {"sizes", std::vector<double>{64, 128}}});
  for (const char* key : {"bsp_p8", "bpram_p8"}) {
    for (const char* prefix : {"mflops_", "mflops_pred_", "comm_share_", "error_"}) {
      EXPECT_EQ(r.find_series(std::string(prefix) + key).key, key) << prefix << key;
    }
  }
}

TEST(ParagonApp, BitonicSortIsOverPredictedMoreOnMoreProcessors) {
  // Fig. 7: at small n/p BSP over-predicts (L pays p - 1 startups, a one-to-one superstep
  // 2 + log p), and more so on more processors.
  const Result r = run("paragon_app", {{"app", 2},
                                       {"processors", std::vector<double>{8, 32}},
                                       {"sizes", std::vector<double>{64, 1024}},
                                       {"flit_bytes", 64}});
  EXPECT_GT(r.scalar("pred_error_smallest_bsp_p8"), 0.1);
  EXPECT_GT(r.scalar("pred_error_smallest_bsp_p32"), 2 * r.scalar("pred_error_smallest_bsp_p8"));
  EXPECT_LT(r.scalar("pred_error_bsp_p8"), r.scalar("pred_error_smallest_bsp_p8"));
}

}  // namespace
}  // namespace archex
