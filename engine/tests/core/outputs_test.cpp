#include "core/outputs.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "core/simulation.h"
#include "machines/builtin_models.h"

namespace archex {
namespace {

constexpr ScalarOutput kLatency{"latency_cycles", "cycles", "Mean latency"};
constexpr ScalarOutput kSpeedup{"speedup_n*", "x", "Speedup on the nodes the name ends with"};
constexpr ScalarOutput kSpeedupOne{"speedup_n1", "x", "Speedup on one node"};
constexpr SeriesOutput kTime{"time_ms_*", "ms", "Run time against nodes, one per program"};
constexpr NetworkOutput kUtil{"channel_util", "fraction",
                              "The network with its channels' utilization"};
const std::vector<OutputSpec> kOutputs = {kLatency, kSpeedup, kSpeedupOne, kTime, kUtil};

TEST(Outputs, ADeclaredOutputMakesItsScalarsAndCurvesUnderItsNameAndUnit) {
  const Scalar latency = kLatency(12);
  EXPECT_EQ(latency.name, "latency_cycles");
  EXPECT_EQ(latency.unit, "cycles");
  const Scalar speedup = kSpeedup({"64"}, 40, "Speedup on 64 nodes");
  EXPECT_EQ(speedup.name, "speedup_n64");
  EXPECT_EQ(speedup.description, "Speedup on 64 nodes");
  const Series time = kTime({"lcs"}, "LCS", "nodes", "nodes", "run time");
  EXPECT_EQ(time.name, "time_ms_lcs");
  EXPECT_EQ(time.y_unit, "ms");
  EXPECT_EQ(kUtil.name(), "channel_util");
}

TEST(Outputs, AFamilyIsNamedOnlyByAsManyItemsAsItHasStars) {
  EXPECT_THROW(kSpeedup(3), std::logic_error);
  EXPECT_THROW(kSpeedup({"1", "2"}, 3), std::logic_error);
  EXPECT_THROW(kLatency({"1"}, 3), std::logic_error);
  constexpr SeriesOutput ratio{"ratio_t*_t*", "x", "A ratio"};
  EXPECT_EQ(ratio.name({"8", "9"}), "ratio_t8_t9");
}

TEST(Outputs, AFamilyMatchesAnyTextForItsStar) {
  EXPECT_TRUE(output_name_matches("speedup_n*", "speedup_n64"));
  EXPECT_TRUE(output_name_matches("*_run_ms_n*", "lcs_run_ms_n64"));
  EXPECT_FALSE(output_name_matches("*_run_ms_n*", "lcs_run_ms"));
  EXPECT_FALSE(output_name_matches("speedup_n*", "time_speedup_n2"));
}

TEST(Outputs, TheMostSpecificDeclarationOfTheKindWins) {
  EXPECT_EQ(find_output(kOutputs, OutputKind::kScalar, "speedup_n1")->description,
            "Speedup on one node");
  EXPECT_EQ(find_output(kOutputs, OutputKind::kScalar, "speedup_n8")->name, "speedup_n*");
  // A series is not a scalar of the same name.
  EXPECT_EQ(find_output(kOutputs, OutputKind::kScalar, "time_ms_lcs"), nullptr);
  EXPECT_NE(find_output(kOutputs, OutputKind::kSeries, "time_ms_lcs"), nullptr);
}

TEST(Outputs, AResultTakesItsUnitsAndDescriptionsFromTheDeclarations) {
  Result r;
  r.scalars = {{"latency_cycles", 12}, {"speedup_n8", 7, "", "Speedup on 8 nodes"}};
  r.series.push_back({"time_ms_lcs", "LCS", "nodes", "nodes", "run time", "", {1}, {2}});
  describe_outputs("m", kOutputs, r);
  EXPECT_EQ(r.scalars[0].unit, "cycles");
  EXPECT_EQ(r.scalars[0].description, "Mean latency");
  EXPECT_EQ(r.scalars[1].unit, "x");
  EXPECT_EQ(r.scalars[1].description, "Speedup on 8 nodes");
  EXPECT_EQ(r.series[0].y_unit, "ms");
}

TEST(Outputs, AnUndeclaredOutputOrAnotherUnitIsRefusedByName) {
  Result r;
  r.scalars = {{"latency_ns", 12}};
  try {
    describe_outputs("m", kOutputs, r);
    FAIL();
  } catch (const std::logic_error& e) {
    EXPECT_STREQ(e.what(),
                 "model 'm' reports the scalar 'latency_ns', which its outputs do not declare");
  }
  r.scalars = {{"latency_cycles", 12, "ns", ""}};
  EXPECT_THROW(describe_outputs("m", kOutputs, r), std::logic_error);
  Result map;
  map.networks.push_back({});
  map.networks[0].name = "channel_load";
  EXPECT_THROW(describe_outputs("m", kOutputs, map), std::logic_error);
}

TEST(Outputs, ADeclarationTwiceOrWithoutDescriptionIsRefused) {
  EXPECT_THROW(check_outputs("m", {ScalarOutput("a", "", "A"), SeriesOutput("a", "", "A")}),
               std::invalid_argument);
  EXPECT_THROW(check_outputs("m", {ScalarOutput("a", "", "")}), std::invalid_argument);
  EXPECT_THROW(check_outputs("m", {ScalarOutput("*", "", "Anything")}), std::invalid_argument);
}

TEST(Outputs, EveryBuiltinModelDeclaresItsOutputsAndDescribesItsMachine) {
  const ModelRegistry registry = builtin_registry();
  for (const ModelInfo& m : registry.models()) {
    EXPECT_FALSE(m.outputs.empty()) << m.name;
    ASSERT_TRUE(m.machine) << m.name;
    for (const NetworkMap& n : describe_machine(registry, m.name, {})) {
      EXPECT_GT(n.terminals.rows(), 0u) << m.name;
      EXPECT_LE(n.nodes, static_cast<int>(n.terminals.rows())) << m.name;
    }
  }
}

}  // namespace
}  // namespace archex
