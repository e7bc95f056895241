#include "machines/jmachine/experiments/programs.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

// Paper: Noakes, Wallach & Dally, ISCA 1993 (seed 001), sec. 3.2 and 4. Each test moves one
// mechanism's parameter and checks the outcome moves the way the mechanism says.

Result run(ParamValues overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, "jmachine_programs", overrides, 1).run();
}

ParamValue list(std::vector<double> v) { return ParamValue(std::move(v)); }

TEST(JMachinePrograms, TheRouterDelayLengthensEveryBarrierWave) {
  // 64 nodes are 4x4x4: six waves of 1 or 2 hops (2 or 3 routers), 15 routers in a row. The
  // barrier waits at least one router a wave (a message's latency can hide behind handlers), at
  // most all 15, and more the longer the delay. Without the routing header: with 1-flit buffers a
  // delay also spaces the flits behind a head (a credit takes it back), which the header's word
  // behind the head would add to the head's latency this bound counts.
  const auto barrier = [](int delay) {
    return run({{"programs", list({0})},
                {"nodes", list({64})},
                {"header_words", 0},
                {"router_delay_cycles", delay}})
        .scalar("barrier_us_n64");
  };
  const double base = barrier(0);
  const double extra3 = (barrier(3) - base) * 12.5;
  const double extra6 = (barrier(6) - base) * 12.5;
  EXPECT_GE(extra3, 6 * 3);
  EXPECT_LE(extra3, 15 * 3);
  EXPECT_GE(extra6, 6 * 6);
  EXPECT_LE(extra6, 15 * 6);
  EXPECT_GT(extra6, 1.5 * extra3);
}

TEST(JMachinePrograms, PresenceTagsMakeTheBarrierFaster) {
  // Without the routing header: with it the 512-node barrier takes 27.6 us with tags and with flag
  // words alike (each wave's message a word longer, the few cycles' difference no longer shows).
  const auto barrier = [](int tags) {
    return run({{"programs", list({0})},
                {"nodes", list({512})},
                {"header_words", 0},
                {"presence_tags", tags}})
        .scalar("barrier_us_n512");
  };
  EXPECT_LT(barrier(1), barrier(0));
}

TEST(JMachinePrograms, ASlowerChannelSlowsTheLargeRadixSortNotTheSmall) {
  // 8 nodes are bound by their processors, 128 by the network.
  const auto times = [](double rate) {
    const Result r = run({{"programs", list({2})},
                          {"nodes", list({8, 128})},
                          {"breakdown_nodes", 8},
                          {"radix_keys", 16384},
                          {"channel_words_per_cycle", rate}});
    return std::vector<double>{r.scalar("radix_run_ms_n8"), r.scalar("radix_run_ms_n128")};
  };
  const std::vector<double> fast = times(0.5);
  const std::vector<double> slow = times(0.125);
  EXPECT_LT(slow[0] / fast[0], 1.05);
  EXPECT_GT(slow[1] / fast[1], 1.3);
}

TEST(JMachinePrograms, TheFaultPeakIsTheBusiestNodesSendFaultsOverTheMean) {
  // Sec. 4.3.2: "certain nodes experience fault rates ... two orders of magnitude higher than
  // average"; the model's peak node against the mean over all 128.
  const Result r = run({{"programs", list({2})},
                        {"nodes", list({128})},
                        {"breakdown_nodes", 128},
                        {"radix_keys", 16384}});
  const double total = r.scalar("radix_send_faults_n128");
  ASSERT_GT(total, 0);
  EXPECT_DOUBLE_EQ(r.scalar("radix_fault_peak_ratio_n128"),
                   r.scalar("radix_max_node_send_faults_n128") * 128 / total);
  EXPECT_GE(r.scalar("radix_fault_peak_ratio_n128"), 1);
}

// Priority-0 writes wait in the queue behind the Sort thread, so the queue's size decides how
// often it overflows (priority-1 handlers keep up with the arrivals and never let it fill).
TEST(JMachinePrograms, ASmallerQueueOverflowsMoreAndEveryKeyStillArrives) {
  const auto faults = [](int words) {
    const Result r = run({{"programs", list({2})},
                          {"nodes", list({2})},
                          {"breakdown_nodes", 2},
                          {"radix_keys", 8192},
                          {"radix_write_priority", 0},
                          {"receive_queue_words", words}});
    EXPECT_EQ(r.scalar("radix_correct"), 1) << words;
    return r.scalar("radix_queue_faults_n2");
  };
  EXPECT_GT(faults(128), faults(512));
  EXPECT_EQ(faults(8192), 0);
}

TEST(JMachinePrograms, EveryProgramGetsItsAnswerAndTheSweepKeepsOneRunPerSize) {
  const Result r = run({{"programs", list({1, 2, 3, 4})},
                        {"nodes", list({1, 4})},
                        {"breakdown_nodes", 4},
                        {"tsp_runs", 2},
                        {"lcs_b_chars", 256},
                        {"radix_keys", 2048},
                        {"queens_n", 8},
                        {"tsp_cities", 9}});
  for (const char* k : {"lcs", "radix", "queens", "tsp"}) {
    EXPECT_EQ(r.scalar(std::string(k) + "_correct"), 1) << k;
  }
  EXPECT_EQ(r.scalar("queens_answer"), 92);
  EXPECT_EQ(r.find_series("speedup_tsp_run2").x, (std::vector<double>{1, 4}));
  EXPECT_EQ(r.find_series("speedup_lcs").y.front(), 1);
}

// A machine size that is no power of two is refused before any run, naming the parameter it was
// typed into.
TEST(JMachinePrograms, AMachineSizeThatIsNoPowerOfTwoNamesItsParameter) {
  const ModelRegistry registry = builtin_registry();
  const auto refused = [&](ParamValues p) -> std::string {
    try {
      Simulation(registry, "jmachine_programs", p, 1).point_weights();
    } catch (const ParamError& e) {
      return e.param() + ": " + e.what();
    }
    return "";
  };
  const std::string sizes = "valid: 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096 nodes";
  EXPECT_EQ(refused({{"breakdown_nodes", 65}}),
            "breakdown_nodes: parameter 'breakdown_nodes' = 65 is not a power of 2; " +
                sizes);
  EXPECT_EQ(refused({{"nodes", list({1, 3})}}),
            "nodes: parameter 'nodes' item 2 = 3 is not a power of 2; " + sizes);
  EXPECT_EQ(refused({{"breakdown_nodes", 128}}), "");
}

// A sweep weighs its runs by what simulating them costs, so its progress and time left follow the
// work: LCS's messages grow with the nodes; radix's 1-node run is the sequential sort, cheaper
// than any parallel one; 13-queens is its native search at every size.
TEST(JMachinePrograms, RunsAreWeighedByTheirSimulationsWork) {
  const ModelRegistry registry = builtin_registry();
  const auto weights = [&](double program) {
    return Simulation(registry, "jmachine_programs",
                      {{"programs", list({program})},
                       {"nodes", list({1, 2, 64, 512})},
                       {"breakdown_nodes", 64},
                       {"tsp_runs", 1}},
                      1)
        .point_weights();
  };
  const std::vector<double> lcs = weights(1);
  EXPECT_GT(lcs[3], 100 * lcs[1]);
  EXPECT_GT(lcs[3], 5 * lcs[2]);
  const std::vector<double> radix = weights(2);
  EXPECT_LT(radix[0], radix[1] / 10);
  EXPECT_LT(radix[3], 3 * radix[2]);
  const std::vector<double> queens = weights(3);
  EXPECT_LT(queens[3], 2 * queens[0]);
  const std::vector<double> tsp = weights(4);
  EXPECT_GT(tsp[3], 3 * tsp[2]);
  EXPECT_GT(tsp[0], 10 * queens[0]);
}

// A run's partial follows its key, wherever its list puts it: radix's keys and TSP's victims
// are drawn from the run's own stream, so the same run in another list gives the same bits.
TEST(JMachinePrograms, ARunWithTheKeyOfARunInAnotherListGivesItsBits) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues small = {{"lcs_b_chars", 256}, {"radix_keys", 2048}, {"tsp_cities", 8}};
  const auto with = [&](ParamValues more) {
    ParamValues p = small;
    for (const auto& [name, value] : more) p.set(name, value);
    return p;
  };
  const ParamValues a = with({{"programs", list({2, 4})},
                              {"nodes", list({1, 4, 16})},
                              {"breakdown_nodes", 4},
                              {"tsp_runs", 2}});
  // Another program first (every index moves), a size gone, one added, another breakdown, a
  // paper table changed.
  const ParamValues b = with({{"programs", list({1, 2, 4})},
                              {"nodes", list({2, 4, 16})},
                              {"breakdown_nodes", 2},
                              {"tsp_runs", 2},
                              {"overhead_ts_us", list({1, 2})}});
  const auto keys = [&](const ParamValues& p) {
    return Simulation(registry, "jmachine_programs", p, 1).point_keys();
  };
  const std::vector<std::string> keys_a = keys(a);
  const std::vector<std::string> keys_b = keys(b);
  ASSERT_EQ(keys_a.size(), 9u);
  ASSERT_EQ(keys_b.size(), 12u);
  int same = 0;
  for (std::size_t j = 0; j < keys_b.size(); ++j) {
    for (std::size_t i = 0; i < keys_a.size(); ++i) {
      if (keys_a[i] != keys_b[j]) continue;
      ++same;
      const Result ra = Simulation(registry, "jmachine_programs", a, 1, i).run();
      const Result rb = Simulation(registry, "jmachine_programs", b, 1, j).run();
      ASSERT_EQ(ra.scalars.size(), rb.scalars.size()) << keys_b[j];
      for (std::size_t k = 0; k < ra.scalars.size(); ++k) {
        EXPECT_EQ(ra.scalars[k].name, rb.scalars[k].name);
        EXPECT_EQ(ra.scalars[k].value, rb.scalars[k].value) << keys_b[j] << ra.scalars[k].name;
      }
      EXPECT_EQ(ra.record, rb.record) << keys_b[j];
      EXPECT_EQ(ra.series.size(), rb.series.size()) << keys_b[j];
    }
  }
  // Radix on 4 and 16 nodes and TSP's two runs on each: the breakdown machine only chooses
  // among the runs.
  EXPECT_EQ(same, 6);
  // Another breakdown machine among the sizes runs nothing new.
  ParamValues other = a;
  other.set("breakdown_nodes", 16);
  EXPECT_EQ(keys(other), keys_a);
  // A parameter a run reads changes every key.
  const std::vector<std::string> more = keys(with({{"programs", list({2, 4})},
                                                   {"nodes", list({1, 4, 16})},
                                                   {"breakdown_nodes", 4},
                                                   {"tsp_runs", 2},
                                                   {"radix_keys", 4096}}));
  for (std::size_t i = 0; i < keys_a.size(); ++i) EXPECT_NE(more[i], keys_a[i]);
}

}  // namespace
}  // namespace archex
