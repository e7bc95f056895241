// The J-Machine's models, each at small sizes, against the runs recorded before the last
// refactor (tests/machines/golden.h).
#include <gtest/gtest.h>

#include <vector>

#include "machines/golden.h"

namespace archex {
namespace {

TEST(JMachineGolden, RunsAsRecorded) {
  const ParamValues programs = {{"nodes", std::vector<double>{1, 8}},   {"lcs_a_chars", 128}, {"lcs_b_chars", 256},
                                {"queens_n", 8},        {"radix_keys", 4096}, {"tsp_cities", 9},
                                {"tsp_runs", 1},        {"breakdown_nodes", 8}};
  std::vector<GoldenRun> runs = {
      {"jmachine_round_trip", {}},
      {"jmachine_loop",
       {{"dims", std::vector<double>{4, 4, 4}}, {"message_words", std::vector<double>{2, 8}}, {"grain_cycles", std::vector<double>{0, 100, 1000}},
        {"max_cycles", 3000}}},
      {"jmachine_loop", {{"dims", std::vector<double>{4, 4, 4}}, {"max_cycles", 2000}}, 1, 5, TraceRequest{0, 500}},
      {"jmachine_terminal",
       {{"dims", std::vector<double>{4, 4, 4}}, {"message_words", std::vector<double>{1, 8, 32}}, {"window_cycles", 2000}}},
      {"jmachine_logp", {}},
  };
  for (double program : {0, 1, 2, 3, 4}) {
    ParamValues params = programs;
    params.set("programs", std::vector<double>{program});
    runs.push_back({"jmachine_programs", params});
  }
  expect_golden("machines/jmachine", runs);
}

}  // namespace
}  // namespace archex
