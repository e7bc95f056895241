#include "core/result.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace archex
