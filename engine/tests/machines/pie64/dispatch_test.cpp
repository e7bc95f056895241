#include "machines/pie64/dispatch.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/param_spec.h"

namespace archex {
namespace pie64 {
namespace {

TEST(Pie64Pan, RequestsReachTheLeastLoadedIuOnceTheLoadsHavePropagated) {
  Pan pan(16, 1, 2, 1);
  std::vector<int> loads(16, 5);
  loads[11] = 1;
  // Three stages of two clocks each: before that the sources see stale values.
  for (int t = 0; t < 6; ++t) pan.step(loads);
  for (int src = 0; src < 16; ++src) EXPECT_EQ(pan.least_loaded(src), 11);
  // The change reaches the sources only after the propagation delay.
  loads[11] = 9;
  loads[3] = 0;
  pan.step(loads);
  EXPECT_EQ(pan.least_loaded(0), 11);
  for (int t = 0; t < 6; ++t) pan.step(loads);
  EXPECT_EQ(pan.least_loaded(0), 3);
}

TEST(Pie64Pan, NeverPicksAnUnusedPort) {
  Pan pan(54, 1, 1, 7);
  std::vector<int> loads(54, 2);
  for (int t = 0; t < 3; ++t) pan.step(loads);
  for (int src = 0; src < 54; ++src) EXPECT_LT(pan.least_loaded(src), 54);
}

TEST(Pie64Pan, RejectsAZeroPropagationDelay) {
  try {
    Pan pan(16, 1, 0, 1);
    FAIL() << "propagation 0 accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "propagation_clocks");
  }
}

}  // namespace
}  // namespace pie64
}  // namespace archex
