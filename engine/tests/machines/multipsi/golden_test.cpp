// The Multi-PSI's models against the runs recorded before the last refactor
// (tests/machines/golden.h).
#include <gtest/gtest.h>

#include <vector>

#include "machines/golden.h"

namespace archex {
namespace {

TEST(MultiPsiGolden, RunsAsRecorded) {
  expect_golden("machines/multipsi", {
                                {"multipsi_perf", {}},
                                {"multipsi_queens", {}},
                                {"multipsi_queens", {{"program", 1}}},
                                {"multipsi_queens", {}, 1, 0, TraceRequest{0, 200}},
                                {"multipsi_logp", {}},
                            });
}

}  // namespace
}  // namespace archex
