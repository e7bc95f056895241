// The transputers' models against the runs recorded before the last refactor
// (tests/machines/golden.h).
#include <gtest/gtest.h>

#include <vector>

#include "machines/golden.h"

namespace archex {
namespace {

TEST(TransputerGolden, RunsAsRecorded) {
  expect_golden("machines/transputer", {
                                  {"transputer_ping", {}},
                                  {"transputer_sequential", {}},
                                  {"transputer_farm", {}},
                                  {"transputer_logp", {}},
                              });
}

}  // namespace
}  // namespace archex
