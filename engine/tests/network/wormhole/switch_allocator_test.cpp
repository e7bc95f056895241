#include "network/wormhole/switch_allocator.h"

#include <gtest/gtest.h>

#include <bitset>
#include <vector>

#include "core/param_spec.h"
#include "core/rng.h"

namespace archex {
namespace {

constexpr SwitchAllocatorKind kMatching[] = {
    SwitchAllocatorKind::kInputFirst, SwitchAllocatorKind::kOutputFirst,
    SwitchAllocatorKind::kIslip, SwitchAllocatorKind::kWavefront};

// One allocation of a single router of `ports` ports; the grants, -1 where none.
std::vector<int> allocate(SwitchAllocator& a, int ports, const std::vector<std::uint64_t>& wants) {
  std::vector<std::int8_t> grant(static_cast<std::size_t>(ports), -1);
  std::uint64_t in = 0;
  std::uint64_t out = 0;
  a.allocate(0, 0, ports, wants.data(), in, out, grant.data());
  return {grant.begin(), grant.end()};
}

int matched(const std::vector<int>& grant) {
  int n = 0;
  for (const int g : grant) n += g >= 0;
  return n;
}

TEST(SwitchAllocator, EveryKindMatchesOnlyRequestsEachInputAndOutputOnce) {
  Rng rng(7);
  for (const SwitchAllocatorKind kind : kMatching) {
    SwitchAllocator a(kind, 2, 8, 1);
    for (int round = 0; round < 500; ++round) {
      std::vector<std::uint64_t> wants(8);
      for (auto& w : wants) w = rng.next_u64() & 0xff;
      const std::vector<int> grant = allocate(a, 8, wants);
      std::uint64_t outs = 0;
      for (int i = 0; i < 8; ++i) {
        if (grant[static_cast<std::size_t>(i)] < 0) continue;
        const int o = grant[static_cast<std::size_t>(i)];
        EXPECT_TRUE(wants[static_cast<std::size_t>(i)] >> o & 1);
        EXPECT_FALSE(outs >> o & 1) << "output " << o << " granted twice";
        outs |= std::uint64_t{1} << o;
      }
    }
  }
}

TEST(SwitchAllocator, WavefrontMatchingIsMaximal) {
  // No input left unmatched that asks for an output left unmatched.
  Rng rng(11);
  SwitchAllocator a(SwitchAllocatorKind::kWavefront, 1, 6, 1);
  for (int round = 0; round < 500; ++round) {
    std::vector<std::uint64_t> wants(6);
    for (auto& w : wants) w = rng.next_u64() & 0x3f;
    const std::vector<int> grant = allocate(a, 6, wants);
    std::uint64_t outs = 0;
    for (const int g : grant) {
      if (g >= 0) outs |= std::uint64_t{1} << g;
    }
    for (int i = 0; i < 6; ++i) {
      if (grant[static_cast<std::size_t>(i)] < 0) {
        EXPECT_EQ(wants[static_cast<std::size_t>(i)] & ~outs, 0u);
      }
    }
  }
}

TEST(SwitchAllocator, ASecondIslipIterationMatchesWhatTheFirstLeft) {
  // Input 0 asks for outputs 0 and 1, input 1 for output 1. In the first round both outputs grant
  // input 0, which accepts output 0: output 1 and input 1 are left, and a second round joins them.
  const std::vector<std::uint64_t> wants = {0b11, 0b10};
  SwitchAllocator once(SwitchAllocatorKind::kIslip, 1, 2, 1);
  SwitchAllocator twice(SwitchAllocatorKind::kIslip, 2, 2, 1);
  const std::vector<int> one = allocate(once, 2, wants);
  const std::vector<int> two = allocate(twice, 2, wants);
  EXPECT_EQ(matched(one), 1);
  EXPECT_EQ(one[0], 0);
  EXPECT_EQ(matched(two), 2);
  EXPECT_EQ(two[0], 0);
  EXPECT_EQ(two[1], 1);
}

TEST(SwitchAllocator, IslipPointersDesynchronizeUnderFullLoad) {
  // Every input asking for every output: all pointers start together, so the first cycle matches
  // one pair; each match moves two pointers apart, and within 8 cycles iSLIP matches all 8 every
  // cycle (McKeown's result).
  const std::vector<std::uint64_t> all(8, 0xff);
  SwitchAllocator islip(SwitchAllocatorKind::kIslip, 1, 8, 1);
  EXPECT_EQ(matched(allocate(islip, 8, all)), 1);
  for (int cycle = 1; cycle < 8; ++cycle) allocate(islip, 8, all);
  for (int cycle = 8; cycle < 40; ++cycle) EXPECT_EQ(matched(allocate(islip, 8, all)), 8);
}

// Wins of an output over 400 cycles that inputs 0 to 2 of 4 always ask for.
std::vector<int> shares(SwitchAllocatorKind kind) {
  SwitchAllocator a(kind, 1, 4, 1);
  std::vector<int> wins(3, 0);
  for (int cycle = 0; cycle < 400; ++cycle) {
    const std::vector<int> grant = allocate(a, 4, {0b1, 0b1, 0b1, 0});
    for (std::size_t i = 0; i < 3; ++i) wins[i] += grant[i] == 0;
  }
  return wins;
}

TEST(SwitchAllocator, RoundRobinArbitersShareAnOutputEvenly) {
  for (const SwitchAllocatorKind kind : {SwitchAllocatorKind::kInputFirst,
                                         SwitchAllocatorKind::kOutputFirst,
                                         SwitchAllocatorKind::kIslip}) {
    const std::vector<int> wins = shares(kind);
    for (const int w : wins) EXPECT_NEAR(w, 133, 1) << static_cast<int>(kind);
  }
}

TEST(SwitchAllocator, WavefrontsTurningDiagonalFavoursTheInputAfterAnIdleOne) {
  // The priority diagonal turns over all 4 inputs: in the cycle idle input 3 has priority, the
  // next diagonal's input 0 wins, so input 0 gets twice the others' share.
  EXPECT_EQ(shares(SwitchAllocatorKind::kWavefront), (std::vector<int>{200, 100, 100}));
}

TEST(SwitchAllocator, MatchedInputsAndOutputsTakeNoPart) {
  for (const SwitchAllocatorKind kind : kMatching) {
    SwitchAllocator a(kind, 1, 3, 1);
    const std::vector<std::uint64_t> wants = {0b111, 0b111, 0b111};
    std::vector<std::int8_t> grant(3, -1);
    std::uint64_t in = 0b001;
    std::uint64_t out = 0b010;
    a.allocate(0, 0, 3, wants.data(), in, out, grant.data());
    EXPECT_EQ(grant[0], -1);
    EXPECT_NE(grant[1], 1);
    EXPECT_NE(grant[2], 1);
    EXPECT_GE(std::bitset<3>(in).count(), 2u);
    EXPECT_EQ(std::bitset<3>(in).count(), std::bitset<3>(out).count());
  }
}

TEST(SwitchAllocator, VirtualChannelsTakeTurns) {
  SwitchAllocator a(SwitchAllocatorKind::kInputFirst, 1, 1, 1);
  EXPECT_EQ(a.pick_vc(0, 0b1011), 0);
  EXPECT_EQ(a.pick_vc(0, 0b1011), 1);
  EXPECT_EQ(a.pick_vc(0, 0b1011), 3);
  EXPECT_EQ(a.pick_vc(0, 0b1011), 0);
}

TEST(SwitchAllocator, RefusesIterationsOutOfRange) {
  for (const int iterations : {0, 5}) {
    try {
      SwitchAllocator a(SwitchAllocatorKind::kIslip, iterations, 4, 1);
      FAIL() << iterations;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), "allocator_iterations");
    }
  }
}

}  // namespace
}  // namespace archex
