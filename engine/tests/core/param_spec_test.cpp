#include "core/param_spec.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace archex {
namespace {

const std::vector<ParamSpec> kSpecs = {
    {"pes", "PEs", "PEs", 6, 1, 64, 1, true, ""},
    {"rate", "Rate", "messages/reduction", 0.05, 0, 2, 0.001, false, ""},
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
  EXPECT_EQ(v.at("pes"), 6);
  EXPECT_EQ(v.at("rate"), 0.5);
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

TEST(ResolveParams, RejectsFractionForIntegerParameter) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"pes", 2.5}}); }),
            "parameter 'pes' = 2.5 must be a whole number; valid range [1, 64] PEs");
}

TEST(ResolveParams, UnknownParameterListsValidNames) {
  EXPECT_EQ(message_of([] { resolve_params("m", kSpecs, {{"nodes", 4}}); }),
            "unknown parameter 'nodes' for model 'm'; valid: pes, rate");
}

TEST(ResolveParams, ErrorCarriesParameterName) {
  try {
    resolve_params("m", kSpecs, {{"rate", -1}});
    FAIL() << "expected ParamError";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "rate");
  }
}

TEST(FormatNumber, UsesShortestExactForm) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(36.07), "36.07");
  EXPECT_EQ(format_number(1e6), "1000000");
  EXPECT_EQ(format_number(1.0 / 3.0), "0.3333333333333333");
}

}  // namespace
}  // namespace archex
