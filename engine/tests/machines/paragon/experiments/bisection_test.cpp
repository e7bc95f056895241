#include "machines/paragon/experiments/bisection.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "machines/paragon/experiments/run.h"

namespace archex {
namespace {

using paragon_test::run;

constexpr double kBytes = 16 * 1024;

Result bisection(double link_mb_s = 175) {
  return run("paragon_bisection", {{"processors", std::vector<double>{2, 4, 6, 8, 16}},
                                   {"message_kb", kBytes / 1024},
                                   {"link_mb_s", link_mb_s}});
}

const Result& base() {
  static const Result r = bisection();
  return r;
}

// The data crossing the middle link can never cross faster than the link carries it both ways.
TEST(ParagonBisection, NoConfigurationCrossesFasterThanTheMiddleLink) {
  const Series& bw = base().find_series("bisection_sim");
  ASSERT_EQ(bw.y.size(), 5u);
  for (const double y : bw.y) EXPECT_LE(y, base().scalar("link_bound_mb_s"));
  EXPECT_DOUBLE_EQ(base().scalar("link_bound_mb_s"), 2 * 175);
}

// A pair of mirror nodes runs the ping-pong double's program (post, send, wait): on 2 x 1 the two
// messages cross in that time, and while the pairs' message processors bound the row, each pair
// adds as much again.
TEST(ParagonBisection, FewPairsCrossAsManyDoublePingPongs) {
  const Result pp = run("paragon_pingpong",
                        {{"dims", std::vector<double>{2, 2}},
                         {"message_bytes", std::vector<double>{kBytes / 2, kBytes}}});
  const double double_us = pp.find_series("pp2_sim").y[1];
  const Series& bw = base().find_series("bisection_sim");
  EXPECT_NEAR(bw.y[0], 2 * kBytes / double_us, 0.02 * bw.y[0]);
  EXPECT_NEAR(bw.y[1], 2 * bw.y[0], 0.03 * bw.y[1]);
  EXPECT_NEAR(bw.y[2], 3 * bw.y[0], 0.03 * bw.y[2]);
  EXPECT_NEAR(base().scalar("bisection_rise_2_to_6"), bw.y[2] / bw.y[0], 1e-12);
}

// Many pairs share the middle link: twice the pairs no longer cross twice as fast, and a slower
// link costs the many pairs a larger share than the one.
TEST(ParagonBisection, TheMiddleLinkFlattensTheRise) {
  EXPECT_LT(base().scalar("bisection_flat_8_to_16"), 1.5);
  const Result slow = bisection(175.0 / 2);
  const double kept_2 = slow.find_series("bisection_sim").y[0] /
                        base().find_series("bisection_sim").y[0];
  const double kept_16 = slow.scalar("bisection_mb_s_p16") / base().scalar("bisection_mb_s_p16");
  EXPECT_LT(kept_16, kept_2 - 0.1);
}

}  // namespace
}  // namespace archex
