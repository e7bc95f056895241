#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/record.h"
#include "machines/paragon/machine.h"

namespace archex::paragon {

// What a point of the network's sweeps (ping-pong, bisection, BSP, BPRAM) gives its combine: the
// time its programs took.
struct ProgramsTime {
  double time_us = 0;
};

const RecordTable<ProgramsTime>& programs_time_record();

// One point of a Paragon sweep: programs run on a fresh mesh. Its record R is the one it was
// given (an application kernel's run brings the sums its predictions are made of) with time_us,
// the time the programs took, set when they finish.
template <class R>
class ProgramsPoint final : public RecordPoint<R> {
 public:
  ProgramsPoint(const RecordTable<R>& table, const MachineParams& m, std::vector<int> dims,
                std::vector<Program> programs, R record = {})
      : RecordPoint<R>(table), machine_(m, std::move(dims)), record_(std::move(record)) {
    machine_.load(std::move(programs));
  }

  // One unit of work is one machine step: a network cycle, or a jump over idle time.
  bool advance(std::uint64_t budget) override {
    for (std::uint64_t i = 0; i < budget && !this->finished(); ++i) {
      if (machine_.step()) continue;
      record_.time_us = machine_.now_us();
      this->finish(record_);
    }
    return this->finished();
  }
  double progress() const override { return this->finished() ? 1 : 0.5; }
  bool attach_trace(TraceRecorder& recorder) override {
    machine_.record(recorder);
    return true;
  }

 private:
  Machine machine_;
  R record_;
};

}  // namespace archex::paragon
