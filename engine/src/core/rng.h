#pragma once

#include <cstdint>

namespace archex {

// xoshiro256** seeded through splitmix64 (Blackman & Vigna). Integer-only state transitions and an
// explicit double conversion keep sequences identical on every compiler and in wasm, which
// std::mt19937 with std::uniform_real_distribution does not guarantee.
class Rng {
 public:
  explicit Rng(std::uint64_t seed);

  std::uint64_t next_u64();
  // Uniform in [0, 1) with 53 random bits.
  double uniform01();
  // Uniform integer in [0, bound) without modulo bias; bound must be > 0.
  std::uint64_t below(std::uint64_t bound);

 private:
  std::uint64_t s_[4];
};

// One splitmix64 step: advances `state` and returns the mixed output.
std::uint64_t splitmix64(std::uint64_t& state);

}  // namespace archex
