#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/model.h"
#include "core/outputs.h"
#include "core/result.h"
#include "machines/paragon/machine.h"

namespace archex::paragon {

// What every point reports to its combine, last (time_of() reads it back).
constexpr ScalarOutput kPointTime{"time_us", "us", "Time the programs took"};

// One point of a Paragon sweep: programs run on a fresh mesh; its partial result is the time they
// took (time_us, last) after the scalars that say which point it is.
class ProgramsPoint final : public Model {
 public:
  ProgramsPoint(const MachineParams& m, std::vector<int> dims, std::vector<Program> programs,
                std::vector<Scalar> tags);

  // One unit of work is one machine step: a network cycle, or a jump over idle time.
  bool advance(std::uint64_t budget) override;
  double progress() const override { return done_ ? 1 : 0.5; }
  Result result() const override;
  bool attach_trace(TraceRecorder& recorder) override {
    machine_.record(recorder);
    return true;
  }

 private:
  Machine machine_;
  std::vector<Scalar> tags_;
  bool done_ = false;
};

// A point's time_us, or NaN while it has not finished.
double time_of(const Result& r);

}  // namespace archex::paragon
