#include "machines/paragon/point.h"

#include <cmath>
#include <string>
#include <utility>

namespace archex::paragon {

ProgramsPoint::ProgramsPoint(const MachineParams& m, std::vector<int> dims,
                             std::vector<Program> programs, std::vector<Scalar> tags)
    : machine_(m, std::move(dims)), tags_(std::move(tags)) {
  machine_.load(std::move(programs));
}

bool ProgramsPoint::advance(std::uint64_t budget) {
  for (std::uint64_t i = 0; i < budget && !done_; ++i) done_ = !machine_.step();
  return done_;
}

Result ProgramsPoint::result() const {
  Result r;
  r.scalars = tags_;
  if (done_) r.scalars.push_back(kPointTime(machine_.now_us()));
  return r;
}

double time_of(const Result& r) {
  const std::string name = kPointTime.name();
  for (const Scalar& s : r.scalars) {
    if (s.name == name) return s.value;
  }
  return std::nan("");
}

}  // namespace archex::paragon
