// PIE64's models against the runs recorded before the last refactor (tests/machines/golden.h).
#include <gtest/gtest.h>

#include <vector>

#include "machines/golden.h"

namespace archex {
namespace {

TEST(Pie64Golden, RunsAsRecorded) {
  expect_golden("machines/pie64", {
                             {"pie64_transfer", {}},
                             {"pie64_congestion", {}},
                             {"pie64_dispatch", {}},
                             {"pie64_logp", {}},
                         });
}

}  // namespace
}  // namespace archex
