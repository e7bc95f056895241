#pragma once

#include <cstdint>

namespace archex {

// xoshiro256** seeded through splitmix64 (Blackman & Vigna). Integer-only state transitions and an
// explicit double conversion keep sequences identical on every compiler and in wasm, which
// std::mt19937 with std::uniform_real_distribution does not guarantee.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  // Inline: the hot loops of the clock-driven models draw once per unit per clock.
  std::uint64_t next_u64() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform in [0, 1) with 53 random bits.
  double uniform01();
  // Uniform integer in [0, bound) without modulo bias; bound must be > 0.
  std::uint64_t below(std::uint64_t bound);

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

// One splitmix64 step: advances `state` and returns the mixed output.
std::uint64_t splitmix64(std::uint64_t& state);

}  // namespace archex
