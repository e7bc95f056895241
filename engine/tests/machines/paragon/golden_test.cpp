// The Paragon's models, each at small sizes, against the runs recorded before the last refactor
// (tests/machines/golden.h).
#include <gtest/gtest.h>

#include <vector>

#include "machines/golden.h"

namespace archex {
namespace {

TEST(ParagonGolden, RunsAsRecorded) {
  expect_golden(
      "machines/paragon",
      {
          {"paragon_pingpong", {}},
          {"paragon_bisection", {}},
          {"paragon_bsp",
           {{"processors", std::vector<double>{8, 16}}, {"h_values", std::vector<double>{100, 500}}, {"naive_h_values", std::vector<double>{10, 40}}}},
          {"paragon_bpram", {{"processors", std::vector<double>{8, 16}}, {"block_bytes", std::vector<double>{0, 8192, 65536}}}},
          {"paragon_app", {{"app", 0}, {"processors", std::vector<double>{8}}, {"sizes", std::vector<double>{110, 220}}}},
          {"paragon_app", {{"app", 1}, {"processors", std::vector<double>{8}}, {"sizes", std::vector<double>{110, 220}}}},
          {"paragon_app", {{"app", 2}, {"processors", std::vector<double>{8}}, {"sizes", std::vector<double>{110, 220}}}},
          {"paragon_app", {{"app", 3}, {"processors", std::vector<double>{16}}, {"sizes", std::vector<double>{110}}}},
          {"paragon_logp", {}},
      });
}

}  // namespace
}  // namespace archex
