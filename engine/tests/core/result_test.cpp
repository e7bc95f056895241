#include "core/result.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "core/result_json.h"

namespace archex {
namespace {

TEST(Result, ScalarAndSeriesFindByName) {
  Result r;
  r.scalars.push_back({"a", 1.5, "ms", ""});
  r.series.push_back({"curve", "", "", "", "", "", {0, 1}, {2, 3}});
  EXPECT_EQ(r.scalar("a"), 1.5);
  EXPECT_EQ(r.find_series("curve").y, (std::vector<double>{2, 3}));
}

TEST(Result, MissingNameListsTheOnesThereAre) {
  Result r;
  r.scalars.push_back({"a", 1, "", ""});
  r.scalars.push_back({"b", 2, "", ""});
  try {
    r.scalar("c");
    FAIL() << "expected std::out_of_range";
  } catch (const std::out_of_range& e) {
    EXPECT_STREQ(e.what(), "no result 'c'; valid: a, b");
  }
  EXPECT_THROW(r.find_series("c"), std::out_of_range);
}

TEST(ResultJson, WholeResultKeepsUnitsAxesAndNamesNonFiniteNumbers) {
  Result r;
  r.scalars.push_back({"a", std::nan(""), "ms", "what \"a\" is"});
  r.series.push_back({"c", "curve", "load", "", "latency", "cycles", {0.1}, {1e300}, {}, "k"});
  Timeline t;
  t.name = "busy";
  t.edges = {0, std::numeric_limits<double>::infinity()};
  r.timelines.push_back(t);
  ParamValues params;
  params.set("n", 2.0);
  EXPECT_EQ(result_full_json(params, r),
            R"({"params":{"n":2},"scalars":[{"name":"a","value":"NaN","unit":"ms",)"
            R"("description":"what \"a\" is"}],"series":[{"name":"c","label":"curve",)"
            R"("xName":"load","xUnit":"","yName":"latency","yUnit":"cycles",)"
            R"("x":[0.10000000000000001],"y":[1.0000000000000001e+300],"labels":[],"key":"k"}],)"
            R"("networks":[],"timelines":[{"name":"busy","label":"","timeUnit":"",)"
            R"("edges":[0,"Infinity"],"rows":[],"states":[],"shares":[]}]})");
}

}  // namespace
}  // namespace archex
