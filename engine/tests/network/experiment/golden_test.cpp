// The network engine's experiment against the runs recorded before the last refactor
// (tests/machines/golden.h): a mesh and a torus, wormhole and circuit, and a traced point.
#include <gtest/gtest.h>

#include <vector>

#include "machines/golden.h"

namespace archex {
namespace {

TEST(NetworkGolden, RunsAsRecorded) {
  expect_golden("network/experiment", {
                               {"network_traffic", {}},
                               {"network_traffic", {{"topology", 1}, {"vcs", 2}}},
                               {"network_traffic", {{"switching", 1}}},
                               {"network_traffic", {{"dims", std::vector<double>{4, 4}}}, 1, 3, TraceRequest{0, 300}},
                           });
}

}  // namespace
}  // namespace archex
