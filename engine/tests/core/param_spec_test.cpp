#include "core/param_spec.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>

namespace archex {
namespace {

using List = std::vector<double>;

const std::vector<ParamSpec> kSpecs = {
    {"pes", "PEs", "PEs", 6, 1, 64, 1, true, ""},
    {"rate", "Rate", "messages/reduction", 0.05, 0, 2, 0.001, false, ""},
    {"rates", "Rates", "fraction", 1, 0.01, 1, 0.01, false, "", 6, {1, 0.75, 0.5}},
    {"depths", "Depths", "", 1, 1, 16, 1, true, "", 3, {2, 4}},
};

std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const ParamError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ResolveParams, FillsDefaultsAndAppliesOverrides) {
  const ParamValues v = resolve_params("m", kSpecs, {{"rate", 0.5}});
  EXPECT_EQ(v.number("pes"), 6);
  EXPECT_EQ(v.number("rate"), 0.5);
  EXPECT_EQ(v.list("rates"), (List{1, 0.75, 0.5}));
  EXPECT_EQ(v.list("depths"), (List{2, 4}));
}

TEST(ResolveParams, OutOfRangeNamesParameterValueAndRange) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"pes", 0}}); }),
            "parameter 'pes' = 0 is out of range; valid range [1, 64] PEs");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rate", 2.5}}); }),
            "parameter 'rate' = 2.5 is out of range; valid range [0, 2] messages/reduction");
}

TEST(ResolveParams, RejectsNonFiniteValues) {
  EXPECT_EQ(message_of([] {
              resolve_params("m", kSpecs, {{"rate", std::numeric_limits<double>::quiet_NaN()}});
            }),
            "parameter 'rate' = NaN is not a finite number; valid range [0, 2] messages/reduction");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"pes", INFINITY}}); }),
            "parameter 'pes' = Infinity is not a finite number; valid range [1, 64] PEs");
}

TEST(ResolveParams, NamesTheUnitItsChoiceNames) {
  ParamSpec loads = number_param("loads", "Loads")
                        .unit("flits/node/cycle").unit_from("scale").value(0.1).range(0.001, 1)
                        .max_items(4).default_list({0.1});
  const std::vector<ParamSpec> specs = {
      loads, choice_param("scale", "Scale").choices({"flits/node/cycle", "fractions of the bound"})};
  EXPECT_EQ(message_of([&] { resolve_params("m", specs, {{"loads", List{2}}}); }),
            "parameter 'loads' item 1 = 2 is out of range; valid range [0.001, 1] "
            "flits/node/cycle");
  EXPECT_EQ(message_of([&] { resolve_params("m", specs, {{"loads", List{2}}, {"scale", 1}}); }),
            "parameter 'loads' item 1 = 2 is out of range; valid range [0.001, 1] fractions of "
            "the bound");
}

TEST(ResolveParams, RejectsFractionForIntegerParameter) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"pes", 2.5}}); }),
            "parameter 'pes' = 2.5 must be a whole number; valid range [1, 64] PEs");
}

TEST(ResolveParams, UnknownParameterListsValidNames) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"nodes", 4}}); }),
            "unknown parameter 'nodes' for model 'm'; valid: pes, rate, rates, depths");
}

TEST(ResolveParams, ErrorCarriesParameterName) {
  try {
    resolve_params("m", kSpecs, {{"rate", -1}});
    FAIL() << "expected ParamError";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "rate");
  }
}

TEST(ResolveParams, ListOverrideReplacesTheWholeDefaultList) {
  const ParamValues v =
      resolve_params("m", kSpecs, {{"rates", List{0.2}}, {"depths", List{16, 1, 8}}});
  EXPECT_EQ(v.list("rates"), (List{0.2}));
  EXPECT_EQ(v.list("depths"), (List{16, 1, 8}));
}

TEST(ResolveParams, ListItemsAreCheckedLikeSingleValuesAndCountedFromOne) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rates", List{1, 0.5, 1.5}}}); }),
            "parameter 'rates' item 3 = 1.5 is out of range; valid range [0.01, 1] fraction");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rates", List{0}}}); }),
            "parameter 'rates' item 1 = 0 is out of range; valid range [0.01, 1] fraction");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"depths", List{2, 2.5}}}); }),
            "parameter 'depths' item 2 = 2.5 must be a whole number; valid range [1, 16]");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rates", List{0.5, NAN}}}); }),
            "parameter 'rates' item 2 = NaN is not a finite number; valid range [0.01, 1] "
            "fraction");
}

TEST(ResolveParams, ListCountMustBeOneToMaxItems) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rates", List(7, 0.5)}}); }),
            "parameter 'rates' has 7 items; at most 6");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rates", List{}}}); }),
            "parameter 'rates' is an empty list; at least one item is required");
  EXPECT_NO_THROW(resolve_params("m", kSpecs, {{"rates", List(6, 0.5)}}));
}

TEST(ResolveParams, KindMustMatchTheSpec) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"rates", 0.5}}); }),
            "parameter 'rates' requires a list of 1 to 6 numbers, not a single number");
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"pes", List{8}}}); }),
            "parameter 'pes' requires a single number, not a list");
}

TEST(ResolveParams, ListErrorCarriesParameterName) {
  try {
    resolve_params("m", kSpecs, {{"depths", List{1, 2, 3, 4}}});
    FAIL() << "expected ParamError";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "depths");
  }
}

TEST(ResolveParams, PowersOfARatioAreTheOnlyValuesAndAreListed) {
  ParamSpec nodes = number_param("nodes", "Nodes").unit("nodes").value(4).range(1, 64).whole()
                        .powers_of(2);
  EXPECT_EQ(nodes.ratio, 2);
  for (const double v : {1, 2, 32, 64}) EXPECT_NO_THROW(validate_param(nodes, v)) << v;
  EXPECT_EQ(message_of([&] { validate_param(nodes, 24); }),
            "parameter 'nodes' = 24 is not a power of 2; valid: 1, 2, 4, 8, 16, 32, 64 nodes");
  ParamSpec even = number_param("even", "Even").value(3).range(3, 30).whole().powers_of(3);
  EXPECT_EQ(message_of([&] { validate_param(even, 10); }),
            "parameter 'even' = 10 is not 3 times a power of 3; valid: 3, 9, 27");
}

TEST(ParamValue, KeepsItsKindApartFromItsCount) {
  EXPECT_FALSE(ParamValue(0.5).is_list());
  EXPECT_EQ(ParamValue(0.5).items(), (List{0.5}));
  EXPECT_TRUE(ParamValue(List{0.5}).is_list());
  EXPECT_TRUE(ParamValue(List{}).is_list());
}

TEST(ParamValues, NumberAndListRejectTheOtherKindAndMissingNames) {
  const ParamValues v = {{"pes", 6}, {"rates", List{1, 0.5}}};
  EXPECT_EQ(message_of([&] { v.number("rates"); }),
            "parameter 'rates' is a list, not a single number");
  EXPECT_EQ(message_of([&] { v.list("pes"); }), "parameter 'pes' is a single number, not a list");
  EXPECT_EQ(message_of([&] { v.number("nodes"); }), "no parameter 'nodes'; valid: pes, rates");
  EXPECT_TRUE(v.contains("pes"));
  EXPECT_FALSE(v.contains("nodes"));
}

TEST(ParamValues, SetReplacesAValueOfEitherKind) {
  ParamValues v = {{"x", 1}};
  v.set("x", List{2, 3});
  EXPECT_EQ(v.list("x"), (List{2, 3}));
  v.set("x", 4);
  EXPECT_EQ(v.number("x"), 4);
}

TEST(FormatNumber, UsesShortestExactForm) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(36.07), "36.07");
  EXPECT_EQ(format_number(1e6), "1000000");
  EXPECT_EQ(format_number(1.0 / 3.0), "0.3333333333333333");
}

}  // namespace
}  // namespace archex
