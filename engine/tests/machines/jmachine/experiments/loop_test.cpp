#include "machines/jmachine/experiments/loop.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

// Paper numbers in these tests: Noakes, Wallach & Dally, ISCA 1993 (seed 001), sec. 2-3.

Result run(const std::string& model, const ParamValues& overrides) {
  const ModelRegistry registry = builtin_registry();
  return Simulation(registry, model, overrides, 1).run();
}

TEST(JMachineLoop, EfficiencyRisesWithGrainAndLatencyWithLoad) {
  const Result r = run("jmachine_loop", {{"dims", std::vector<double>{4, 4, 4}},
                                         {"message_words", std::vector<double>{4}},
                                         {"grain_cycles", std::vector<double>{0, 50, 200, 800}}});
  const Series& eff = r.find_series("efficiency_vs_grain_n4");
  ASSERT_EQ(eff.y.size(), 4u);
  EXPECT_EQ(eff.y[0], 0);
  for (std::size_t i = 1; i < eff.y.size(); ++i) EXPECT_GT(eff.y[i], eff.y[i - 1]);
  const Series& lat = r.find_series("latency_vs_bisection_n4");
  // The smallest grain loads the network most and waits longest.
  EXPECT_GT(lat.x.front(), lat.x.back());
  EXPECT_GT(lat.y.front(), lat.y.back());
  const double half = r.scalar("half_power_cycles_n4");
  EXPECT_GT(half, 50);
  EXPECT_LT(half, 200);
}

TEST(JMachineLoop, TheFirstPointsSampleEveryMessageLengthAndTheGrainRange) {
  // Points of long messages and grains take longest; run in order, the first third of a sweep
  // would hold only the quick ones and the time per point so far would say far too little left.
  const ModelRegistry registry = builtin_registry();
  Simulation sim(registry, "jmachine_loop",
                 {{"dims", std::vector<double>{4, 4}},
                  {"message_words", std::vector<double>{2, 8}},
                  {"grain_cycles", std::vector<double>{0, 10, 50, 100, 200, 400, 800, 1600}}},
                 1);
  const auto points = [&sim](const char* name) { return sim.result().find_series(name).x; };
  while (points("efficiency_vs_grain_n2").size() + points("efficiency_vs_grain_n8").size() < 4)
    ASSERT_FALSE(sim.advance(500));
  // Two rounds: the middle grain and the smallest, for both message lengths, in grain order.
  EXPECT_EQ(points("efficiency_vs_grain_n2"), (std::vector<double>{0, 200}));
  EXPECT_EQ(points("efficiency_vs_grain_n8"), (std::vector<double>{0, 200}));
  EXPECT_NEAR(sim.progress(), 4.0 / 16, 1.0 / 16);
}

TEST(JMachineLoop, SameSeedSameNumbers) {
  const ParamValues small = {{"dims", std::vector<double>{4, 4}},
                             {"message_words", std::vector<double>{2}},
                             {"grain_cycles", std::vector<double>{20}}};
  EXPECT_EQ(run("jmachine_loop", small).find_series("latency_vs_bisection_n2").y,
            run("jmachine_loop", small).find_series("latency_vs_bisection_n2").y);
}

// The loop's results as the engine gave them before blocked virtual channels and terminals were
// let sleep (skipped until what they wait for changes): skipping must not move a single bit.
TEST(JMachineLoop, ResultsAreThoseOfAnEngineThatLooksAtEveryChannelEveryCycle) {
  const ModelRegistry registry = builtin_registry();
  // Recorded with that engine's machine: no routing header, the handler costs fitted without it.
  const Result r = Simulation(registry, "jmachine_loop",
                              {{"message_words", std::vector<double>{2, 8}},
                               {"grain_cycles", std::vector<double>{0, 50, 300}},
                               {"header_words", 0},
                               {"handler_cycles", 13},
                               {"read_handler_cycles", 19}},
                              7)
                       .run();
  EXPECT_EQ(r.find_series("latency_vs_bisection_n2").y,
            (std::vector<double>{40.14727272727273, 34.72565157750343, 31.49531327084361}));
  EXPECT_EQ(r.find_series("latency_vs_bisection_n8").y,
            (std::vector<double>{152.58489842851668, 123.71440261865794, 63.42314836312979}));
  EXPECT_EQ(r.find_series("latency_vs_bisection_n8").x,
            (std::vector<double>{5.987531249999999, 5.8242, 4.278720000000001}));
  EXPECT_EQ(r.find_series("efficiency_vs_grain_n8").y,
            (std::vector<double>{0, 0.16023177083333334, 0.6758192708333334}));
}

// A point's result is its record alone (latency, bisection traffic, efficiency; the combine takes
// its message length and grain from the plan); a record of another shape is refused, naming the
// point.
TEST(JMachineLoop, APointGivesItsRecordAndTheCombineRefusesAWrongOne) {
  const ModelRegistry registry = builtin_registry();
  const ParamValues params = {{"dims", std::vector<double>{4, 4}},
                              {"message_words", std::vector<double>{2, 8}},
                              {"grain_cycles", std::vector<double>{0, 100}}};
  const Result point = Simulation(registry, "jmachine_loop", params, 1, 3).run();
  EXPECT_TRUE(point.scalars.empty());
  EXPECT_TRUE(point.series.empty());
  ASSERT_EQ(point.record.size(), 3u);
  const Simulation whole(registry, "jmachine_loop", params, 1);
  // Point 3 is the second round's 8-word point, at the grain the plan gives it.
  const Result r = whole.combine({{3, point}});
  EXPECT_EQ(r.find_series("efficiency_vs_grain_n8").x, std::vector<double>{100});
  EXPECT_EQ(r.find_series("efficiency_vs_grain_n8").y, std::vector<double>{point.record[2]});
  EXPECT_TRUE(r.find_series("efficiency_vs_grain_n2").x.empty());
  Result shorter = point;
  shorter.record.pop_back();
  try {
    whole.combine({{3, shorter}});
    FAIL() << "a record of two numbers accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("partial 3"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace archex
