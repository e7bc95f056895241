#include "core/rng.h"

#include <gtest/gtest.h>

#include <vector>

namespace archex {
namespace {

// Reference outputs from the published C code (prng.di.unimi.it/splitmix64.c and
// xoshiro256starstar.c), state seeded with four splitmix64 outputs from seed 0.
TEST(Splitmix64, MatchesReferenceForSeedZero) {
  std::uint64_t state = 0;
  EXPECT_EQ(splitmix64(state), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64(state), 0x6e789e6aa1b965f4ULL);
  EXPECT_EQ(splitmix64(state), 0x06c45d188009454fULL);
}

TEST(Rng, SameSeedGivesSameSequence) {
  Rng a(42), b(42);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(a.next_u64(), b.next_u64());
}

TEST(Rng, DifferentSeedsDiffer) {
  Rng a(1), b(2);
  int same = 0;
  for (int i = 0; i < 100; ++i) same += a.next_u64() == b.next_u64();
  EXPECT_EQ(same, 0);
}

TEST(Rng, Uniform01StaysInUnitIntervalWithMeanNearHalf) {
  Rng r(7);
  double sum = 0;
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    const double u = r.uniform01();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  // Standard error of the mean is 1/sqrt(12 n) ~ 0.0009; 5 sigma.
  EXPECT_NEAR(sum / n, 0.5, 0.0046);
}

TEST(Rng, BelowCoversEveryValueEvenly) {
  Rng r(9);
  std::vector<int> counts(6, 0);
  const int n = 60000;
  for (int i = 0; i < n; ++i) ++counts[r.below(6)];
  // Binomial sd sqrt(n p (1-p)) ~ 91; 5 sigma.
  for (int c : counts) EXPECT_NEAR(c, n / 6, 456);
}

}  // namespace
}  // namespace archex
