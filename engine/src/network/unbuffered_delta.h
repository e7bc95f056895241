#pragma once

#include <cstdint>

#include "core/rng.h"
#include "network/fly.h"

namespace archex {

// An unbuffered delta network that drops requests on conflict, cycle by cycle, over a Fly's
// wiring and destination-tag routing: each cycle every input requests a uniformly random output
// with probability `request_rate`; the requests cross the stages together, and each switch
// output grants one of the requests that want it, chosen uniformly at random, dropping the
// others. Patel's model (patel_acceptance) approximates the share accepted.
class UnbufferedDelta {
 public:
  // Throws ParamError ("request_rate") for a rate outside (0, 1].
  UnbufferedDelta(const Fly& fly, double request_rate);
  void run(std::int64_t cycles, Rng& rng);
  std::int64_t requested() const { return requested_; }
  std::int64_t accepted() const { return accepted_; }
  // Accepted over requested.
  double acceptance() const;

 private:
  const Fly& fly_;
  double request_rate_;
  std::int64_t requested_ = 0;
  std::int64_t accepted_ = 0;
};

}  // namespace archex
