#pragma once

#include <cstdint>

#include "core/result.h"

namespace archex {

// One run of a model. Work is done in bounded slices so a caller (the web worker) can report
// progress and stop a superseded run between slices.
class Model {
 public:
  virtual ~Model() = default;

  // Does at most `budget` units of work; returns true once the run is complete. A unit is small
  // and bounded (a simulated cycle, an event, a formula point: microseconds, never a whole
  // experiment point), so a caller that sizes its budgets to a few milliseconds can always stop a
  // superseded run in time. Each model says what its unit is.
  virtual bool advance(std::uint64_t budget) = 0;
  // Fraction of the run done, in [0, 1].
  virtual double progress() const = 0;
  // Everything computed so far; complete once advance() has returned true.
  virtual Result result() const = 0;
};

}  // namespace archex
