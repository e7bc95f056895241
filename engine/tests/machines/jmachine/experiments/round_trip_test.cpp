#include "machines/jmachine/experiments/round_trip.h"

#include <gtest/gtest.h>

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

TEST(JMachineRoundTrip, EachHopAddsOneCycleEachWay) {
  const Result r = run("jmachine_round_trip", {});
  const Series& rpc = r.find_series("round_trip_null_rpc");
  ASSERT_EQ(rpc.x.size(), 22u);  // distances 0..21 on the 8x8x8 mesh
  for (std::size_t d = 1; d < rpc.y.size(); ++d) EXPECT_EQ(rpc.y[d] - rpc.y[d - 1], 2);
}

TEST(JMachineRoundTrip, LongerRepliesAndExternalMemoryCostMore) {
  const Result r = run("jmachine_round_trip", {{"dims", std::vector<double>{4, 4}}});
  const double one = r.find_series("round_trip_read1_internal").y[1];
  const double six = r.find_series("round_trip_read6_internal").y[1];
  const double six_external = r.find_series("round_trip_read6_external").y[1];
  // Five more data words: 2 cycles each to read, 2 more each through the 0.5 word/cycle channel.
  EXPECT_EQ(six - one, 5 * 2 + 5 * 2);
  EXPECT_EQ(six_external - six, 6 * (8 - 2));
}

// advance()'s unit is one machine cycle, so a cancel never waits for a whole point.
TEST(JMachineRoundTrip, OneUnitOfWorkIsOneCycleNotAWholeRoundTrip) {
  const ModelRegistry registry = builtin_registry();
  for (const char* model : {"jmachine_round_trip", "jmachine_terminal"}) {
    Simulation sim(registry, model, {}, 1);
    EXPECT_FALSE(sim.advance(1)) << model;
    for (const Series& s : sim.result().series) EXPECT_TRUE(s.y.empty()) << model << " " << s.name;
    EXPECT_LT(sim.progress(), 0.01) << model;
  }
}

}  // namespace
}  // namespace archex
