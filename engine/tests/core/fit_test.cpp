#include "core/fit.h"

#include <gtest/gtest.h>

namespace archex {
namespace {

TEST(FitLine, RecoversALine) {
  const Line l = fit_line({1, 2, 3, 4}, {5, 7, 9, 11});
  EXPECT_DOUBLE_EQ(l.slope, 2);
  EXPECT_DOUBLE_EQ(l.intercept, 3);
}

TEST(FitLine, MinimisesTheSquaredErrorOfScatteredPoints) {
  // y = 1 + x with residuals +1, -1, -1, +1: the symmetric scatter leaves the line in place.
  const Line l = fit_line({0, 1, 2, 3}, {2, 1, 2, 5});
  EXPECT_DOUBLE_EQ(l.slope, 1);
  EXPECT_DOUBLE_EQ(l.intercept, 1);
}

TEST(FitLine, DegenerateInputs) {
  const Line one = fit_line({4}, {9});
  EXPECT_EQ(one.slope, 0);
  EXPECT_EQ(one.intercept, 0);
  const Line mismatched = fit_line({1, 2, 3}, {1, 2});
  EXPECT_EQ(mismatched.slope, 0);
  EXPECT_EQ(mismatched.intercept, 0);
  // All x equal: no slope to fit, the mean of y.
  const Line vertical = fit_line({2, 2, 2}, {1, 2, 6});
  EXPECT_EQ(vertical.slope, 0);
  EXPECT_DOUBLE_EQ(vertical.intercept, 3);
}

}  // namespace
}  // namespace archex
