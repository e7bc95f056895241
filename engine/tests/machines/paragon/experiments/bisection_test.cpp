#include "machines/paragon/experiments/bisection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/paragon/experiments/paper_check.h"

namespace archex {
namespace {

using paragon_test::check;
using paragon_test::defaults;

TEST(ParagonBisection, RisesLinearlyThenStaysFlat) {
  const Result& r = defaults("paragon_bisection");
  check(r, {"bisection_rise_2_to_6", 3, 0.15, "Fig. 2: about linear for p <= 6 (6/2 = 3)"});
  check(r, {"bisection_flat_8_to_16", 1, 0.2, "Fig. 2: constant for p >= 8, read off a lost figure"});
}

}  // namespace
}  // namespace archex
