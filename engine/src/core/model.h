#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "core/result.h"

namespace archex {

class TraceRecorder;

// Thrown when a run could not get the memory it needed: what() says what held the memory and what
// to change, as far as the model can tell. Simulation turns a model's std::bad_alloc into one; a
// model that knows better throws its own.
class OutOfMemory : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
  // Read when memory ran out: what the run holds that grows with its parameters and what to
  // change, in words ("33,554,432 packets waiting at the sources ...; lower the offered load").
  // Empty when the model has nothing particular to name.
  virtual std::string out_of_memory_hint() const { return {}; }
  // Before the first advance: has the run's mechanisms record their events into `recorder`, or
  // returns false when the model records none.
  virtual bool attach_trace(TraceRecorder& /*recorder*/) { return false; }
};

}  // namespace archex
