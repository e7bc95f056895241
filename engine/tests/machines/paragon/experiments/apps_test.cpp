#include "machines/paragon/experiments/apps.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/paragon/experiments/run.h"

namespace archex {
namespace {

using paragon_test::run;

TEST(ParagonApp, SampleSortOnSixtyFourProcessors) {
  // Fig. 8 at 1K and 16K keys per processor: the original BPRAM version loses to BSP with few
  // keys and wins with many; the butterfly beats BSP at both.
  const Result r = run("paragon_app", {{"app", 1},
                                       {"processors", std::vector<double>{64}},
                                       {"sizes", std::vector<double>{1024, 16384}},
                                       {"flit_bytes", 64}});
  EXPECT_GT(r.scalar("bpram_over_bsp_fewest_p64"), 1);
  EXPECT_LT(r.scalar("bpram_over_bsp_most_p64"), 1);
  EXPECT_LT(r.scalar("butterfly_over_bsp_worst_p64"), 1);
  // The BPRAM predictions from the fitted sigma and l stay within 10 % at 16K keys.
  EXPECT_LT(std::abs(r.scalar("pred_error_bpram_p64")), 0.1);
  EXPECT_LT(std::abs(r.scalar("pred_error_butterfly_p64")), 0.1);
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
