#include "network/traffic/batch_means.h"

#include <gtest/gtest.h>

#include <cmath>

namespace archex {
namespace {

TEST(BatchMeans, GivesNoIntervalBeforeItsMinimumOfBatches) {
  BatchMeans b(3);
  b.add(1);
  b.close_batch();
  b.add(3);
  b.close_batch();
  EXPECT_TRUE(std::isinf(b.half_width()));
  EXPECT_FALSE(b.converged(1.0));
  EXPECT_EQ(b.mean(), 2);
}

TEST(BatchMeans, IntervalIsStudentTOverTheBatchMeans) {
  BatchMeans b(2);
  // Batch means 1, 2, 3: sample sd 1, so the half-width is t(2) x 1 / sqrt(3).
  for (const double m : {1.0, 2.0, 3.0}) {
    b.add(m - 0.5);
    b.add(m + 0.5);
    b.close_batch();
  }
  b.close_batch();  // an empty batch is left out
  EXPECT_EQ(b.batches(), 3u);
  EXPECT_NEAR(b.half_width(), 4.303 / std::sqrt(3.0), 1e-12);
  EXPECT_TRUE(b.converged(1.5));
  EXPECT_FALSE(b.converged(1.0));
}

}  // namespace
}  // namespace archex
